import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_FEE_KR, PAYMENT_DAYS } from '@/shared/terms';
import { openPage, startShop, type Shop } from './browser';

/** The trust pages: readable without JavaScript, in both languages, linked from the footer and the partner form. */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

async function html(path: string, language: string): Promise<string> {
  const response = await fetch(`${shop.server.url}${path}`, { headers: { 'accept-language': language } });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\u00a0/g, ' ');
}

describe('terms of purchase and privacy policy', () => {
  it('are server-rendered in Swedish and English with the shop’s real figures', async () => {
    const terms = await html('/terms', 'sv-SE');
    expect(terms).toContain('<h1');
    expect(terms).toContain('Köpvillkor');
    expect(terms).toContain(`${PAYMENT_DAYS} dagar netto`);
    expect(terms).toContain(`${CONVERSION_FEE_KR} kr per fil`);
    expect(terms).toContain('id="partner"');
    const termsEn = await html('/terms', 'en-GB');
    expect(termsEn).toContain('Terms of purchase');
    expect(termsEn).toContain(`${PAYMENT_DAYS} days net`);
    const privacy = await html('/privacy', 'sv-SE');
    expect(privacy).toContain('personnummer');
    expect(privacy).toContain('id="storage"');
    expect(await html('/privacy', 'en-GB')).toContain('We use no tracking cookies');
    const sitemap = await (await fetch(`${shop.server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/terms');
    expect(sitemap).toContain('/privacy');
  });

  it('the footer links both pages, and the partner form links the partner terms', async () => {
    const { page, context, errors } = await openPage(shop);
    try {
      await page.goto('/partner');
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: 'Terms of purchase' }).getAttribute('href')).toBe(
        '/terms',
      );
      expect(await footer.getByRole('link', { name: 'Privacy and cookies' }).getAttribute('href')).toBe(
        '/privacy',
      );
      expect(
        await page.getByRole('link', { name: 'Read the terms (opens in a new tab)' }).getAttribute('href'),
      ).toBe('/terms#partner');
      await footer.getByRole('link', { name: 'Terms of purchase' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Terms of purchase');
      // The late-payment charges: this shop's settings set no reminder fee for individuals.
      const late = page.getByTestId('terms-late-payment');
      await expect.poll(() => late.isVisible()).toBe(true);
      const text = await late.textContent();
      expect(text).toContain(
        'late-payment compensation of 450 kr per invoice (Swedish Act 1981:739, s. 4 a)',
      );
      expect(text).toContain('Individuals pay no reminder fee');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
