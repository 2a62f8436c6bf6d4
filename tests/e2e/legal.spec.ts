import { CONVERSION_FEE_KR, PAYMENT_DAYS } from '@/shared/terms';
import type { TestServer } from '../helpers/server';
import { expect, test } from './fixtures';

/** The trust pages: readable without JavaScript, in both languages, linked from the footer and the partner form. */

async function html(server: TestServer, path: string, language: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': language } });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\u00a0/g, ' ');
}

test.describe('terms of purchase and privacy policy', () => {
  test('are server-rendered in Swedish and English with the shop’s real figures', async ({ server }) => {
    const terms = await html(server, '/terms', 'sv-SE');
    expect(terms).toContain('<h1');
    expect(terms).toContain('Köpvillkor');
    expect(terms).toContain(`${PAYMENT_DAYS} dagar netto`);
    expect(terms).toContain(`${CONVERSION_FEE_KR} kr per fil`);
    expect(terms).toContain('id="partner"');
    const termsEn = await html(server, '/terms', 'en-GB');
    expect(termsEn).toContain('Terms of purchase');
    expect(termsEn).toContain(`${PAYMENT_DAYS} days net`);
    const privacy = await html(server, '/privacy', 'sv-SE');
    expect(privacy).toContain('personnummer');
    expect(privacy).toContain('id="storage"');
    expect(await html(server, '/privacy', 'en-GB')).toContain('We use no tracking cookies');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/terms');
    expect(sitemap).toContain('/privacy');
  });

  test('the footer links both pages, and the partner form links the partner terms', async ({ page }) => {
    await page.goto('/partner');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of purchase' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy and cookies' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(page.getByRole('link', { name: 'Read the terms (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/terms#partner',
    );
    await footer.getByRole('link', { name: 'Terms of purchase' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of purchase');
    // The late-payment charges: this shop's settings set no reminder fee for individuals.
    const late = page.getByTestId('terms-late-payment');
    await expect(late).toBeVisible();
    await expect(late).toContainText(
      'late-payment compensation of 450 kr per invoice (Swedish Act 1981:739, s. 4 a)',
    );
    await expect(late).toContainText('Individuals pay no reminder fee');
  });
});
