import type { TestServer } from '../helpers/server';
import { expect, screenshot, test } from './fixtures';
import { AxeBuilder } from '@axe-core/playwright';
import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';

async function storedApplications(server: TestServer): Promise<{ company_name: string; city: string }[]> {
  const result = await server.database.db.execute(
    sql`SELECT company_name, city FROM partner_applications ORDER BY id`,
  );
  return (result as { rows: { company_name: string; city: string }[] }).rows;
}

test.describe('partner application in a real browser', () => {
  test('empty submit: a message under every field and the toast; editing a field clears only its error', async ({
    server,
    openPage,
  }) => {
    const { page, errors } = await openPage();
    await page.goto('/partner');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Partner');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Please correct the errors in the form')).toBeVisible();
    for (const message of [
      'Company name must be at least 2 characters',
      'Organization number must be in format XXXXXX-XXXX',
      'Contact person must be at least 2 characters',
      'Invalid email address',
      'Phone number must be at least 7 characters',
      'Address must be at least 5 characters',
      'City must be at least 2 characters',
      'Postal code must be in format XXX XX',
      'Description must be at least 20 characters',
      'You must accept the terms',
    ]) {
      await expect(page.getByText(message), message).toBeVisible();
    }
    const company = page.getByLabel('Company Name');
    await expect(company).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'partner-errors-1280');
    await company.fill('A');
    await expect(page.getByText('Company name must be at least 2 characters')).toHaveCount(0);
    await expect(page.getByText('City must be at least 2 characters')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing was sent.
    expect(await storedApplications(server)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a valid application is stored, thanked for, and the page returns home after 2 s', async ({
    server,
    page,
  }) => {
    await page.goto('/partner-application');
    await page.getByLabel('Company Name').fill('  Nordic Events AB ');
    await page.getByLabel('Organization Number').fill('556677-8899');
    await page.getByLabel('Contact Person').fill('Anna Andersson');
    await page.getByLabel('Email').fill('anna@nordicevents.se');
    await page.getByLabel('Phone').fill('070-123 45 67');
    await page.getByLabel('Address').fill('Storgatan 1');
    await page.getByLabel('City').fill('Göteborg');
    await page.getByLabel('Postal Code').fill('411 01');
    await page
      .getByLabel('Business Description')
      .fill('We organise corporate events and need branded merchandise.');
    await page.getByLabel('I accept the terms and conditions for partners').check();
    await screenshot(page, 'partner-filled-1280');
    const submittedAt = Date.now();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(
      page.getByText("Thank you for your application! We'll get back to you shortly."),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/partner-application');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 6000 }).toBe('/');
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1900);
    expect(await storedApplications(server)).toEqual([
      { company_name: 'Nordic Events AB', city: 'Göteborg' },
    ]);
  });

  test('Cancel goes home; mobile (390 px) layout fits', async ({ openPage }) => {
    const { page } = await openPage({ width: 390 });
    await page.goto('/partner');
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'partner-390');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
