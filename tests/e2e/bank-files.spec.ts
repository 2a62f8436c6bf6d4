import type { TestServer } from '../helpers/server';
import { expect, plain, screenshot, test } from './fixtures';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { AdminOrderDetail } from '@/shared/admin';
import { addDays, stockholmDate } from '@/shared/dates';
import { ocrReference } from '@/shared/invoicing/ocr-reference';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { daysOverdue } from '@/shared/receivables/aging';
import { bgmaxBytes } from '../helpers/bank-files';
import { checkoutBody, testCustomer } from '../helpers/orders';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-e2e-'));
});
test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function place(server: TestServer, key: string, name: string): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(key), customer: { ...testCustomer, name } },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const ocrOf = (order: PlacedOrderAnswer) => ocrReference(order.orderNumber.slice(4));

/** The admin's view of an order's payments (through the API the dialog reads). */
async function money(server: TestServer, cookie: string, number: string) {
  const answer = await request<AdminOrderDetail>(server, `/api/admin/orders/${number}`, {
    headers: { cookie },
  });
  return { state: answer.body.paymentState, payments: answer.body.payments.length };
}

async function importFile(page: Page, path: string) {
  await page.getByTestId('bank-file-input').setInputFiles(path);
  await expect(page.getByTestId('bank-file-result')).toBeVisible({ timeout: 20_000 });
}

const resultOf = async (page: Page) =>
  Object.fromEntries(
    await Promise.all(
      ['payments', 'matched', 'unmatched', 'duplicates'].map(
        async (key) => [key, Number(await page.getByTestId(`bank-file-${key}`).textContent())] as const,
      ),
    ),
  );

/** The open invoice's row in the money view's table, or undefined when it is not listed. */
async function openRow(page: Page, number: string): Promise<string | undefined> {
  const row = page.locator(`[data-testid="open-invoice"][data-number="${number}"]`);
  return (await row.count()) === 0 ? undefined : plain(await row.textContent());
}

test.describe('bank files in the money view, in Swedish', () => {
  test('a BgMax file of three payments: two orders change state, the third is assigned from the queue; the same file again changes nothing', async ({
    server,
    openPage,
  }) => {
    const today = stockholmDate(new Date());
    const exact = await place(server, 'e2e-bank-files-exact', 'Exakt Eriksson');
    const partial = await place(server, 'e2e-bank-files-partial', 'Delvis Dahl');
    const byHand = await place(server, 'e2e-bank-files-by-hand', 'Manuell Månsson');
    // An older invoice, 45 days overdue, for the aging (issued documents are moved back in the database).
    const late = await place(server, 'e2e-bank-files-late', 'Sen Svensson');
    await server.database.db.execute(
      sql`UPDATE documents SET issued_on = ${addDays(today, -75)}::date, due_on = ${addDays(today, -45)}::date
        WHERE number = ${late.orderNumber}`,
    );

    const halfOre = Math.floor(Math.round(Number(partial.total) * 100) / 2);
    const file = join(dir, 'bgmax.txt');
    writeFileSync(
      file,
      bgmaxBytes({
        deposits: [
          {
            paymentDay: today,
            payments: [
              { amount: exact.total, reference: ocrOf(exact), name: 'Exakt Eriksson' },
              { amount: (halfOre / 100).toFixed(2), reference: ocrOf(partial), name: 'Delvis Dahl' },
              { amount: byHand.total, reference: ocrReference('4711471147'), name: 'Manuell Månsson' },
            ],
          },
        ],
      }),
    );

    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    const cookie = (await admin.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const { page } = admin;
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Pengar' }).click();
    await expect(page.getByTestId('aging-total')).toBeVisible();
    expect(await openRow(page, exact.orderNumber)).toContain('Obetald');
    // Due 45 days ago, or later when that day was not a banking day (the last day to pay moves on).
    const lateDays = daysOverdue(addDays(today, -45), today);
    expect(await openRow(page, late.orderNumber)).toContain(`${lateDays} dagar sen`);
    await expect(page.getByTestId('aging-days_31_60')).toContainText('1 faktura');

    await importFile(page, file);
    expect(await resultOf(page)).toEqual({ payments: 3, matched: 2, unmatched: 1, duplicates: 0 });
    expect(await money(server, cookie, exact.orderNumber)).toEqual({ state: 'paid', payments: 1 });
    expect(await money(server, cookie, partial.orderNumber)).toEqual({ state: 'partly_paid', payments: 1 });
    expect(await money(server, cookie, byHand.orderNumber)).toEqual({ state: 'unpaid', payments: 0 });
    await expect.poll(() => openRow(page, exact.orderNumber)).toBeUndefined();
    await expect.poll(() => openRow(page, partial.orderNumber)).toContain('Delvis betald');

    // The third waits in the queue with its reason; the admin assigns it to its invoice.
    const queued = page.getByTestId('queued-payment');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('Okänt OCR-nummer eller referens');
    await expect(queued).toContainText('Manuell Månsson');
    await screenshot(page, 'money-view-1280');
    const mobile = await openPage({ locale: 'sv-SE', width: 390, touch: true });
    await loginAsAdmin(server, mobile.context);
    await mobile.page.goto('/admin');
    await mobile.page.getByRole('tab', { name: 'Pengar' }).click();
    await expect(mobile.page.getByTestId('queued-payment')).toBeVisible();
    await screenshot(mobile.page, 'money-view-390');

    await queued.getByLabel('Fakturanummer').fill(byHand.orderNumber);
    await queued.getByRole('button', { name: 'Koppla' }).click();
    await expect(page.getByTestId('queued-payment')).toHaveCount(0);
    await expect(page.getByTestId('unmatched-queue')).toContainText('Inga betalningar väntar.');
    expect(await money(server, cookie, byHand.orderNumber)).toEqual({ state: 'paid', payments: 1 });
    await expect.poll(() => openRow(page, byHand.orderNumber)).toBeUndefined();

    // The same file again: every payment a duplicate, nothing recorded, no state changes.
    await page.reload();
    await page.getByRole('tab', { name: 'Pengar' }).click();
    await importFile(page, file);
    expect(await resultOf(page)).toEqual({ payments: 3, matched: 0, unmatched: 0, duplicates: 3 });
    expect(await money(server, cookie, exact.orderNumber)).toEqual({ state: 'paid', payments: 1 });
    expect(await money(server, cookie, partial.orderNumber)).toEqual({ state: 'partly_paid', payments: 1 });
    expect(await money(server, cookie, byHand.orderNumber)).toEqual({ state: 'paid', payments: 1 });
    await expect(page.getByTestId('queued-payment')).toHaveCount(0);

    // A file that does not add up is refused whole, with the reason.
    const broken = join(dir, 'broken.txt');
    writeFileSync(
      broken,
      bgmaxBytes({
        deposits: [
          {
            paymentDay: today,
            payments: [{ amount: '10.00', reference: ocrOf(late) }],
            statedAmount: '11.00',
          },
        ],
      }),
    );
    await page.getByTestId('bank-file-input').setInputFiles(broken);
    await expect(page.getByTestId('bank-file-error')).toHaveText(
      /^Filen lästes inte in \(ingenting bokfördes\): Rad \d+: insättningens belopp/,
    );
    expect(await money(server, cookie, late.orderNumber)).toEqual({ state: 'unpaid', payments: 0 });

    // A file for another bankgiro pays nothing, and the admin reads which account it named.
    const foreign = join(dir, 'foreign.txt');
    writeFileSync(
      foreign,
      bgmaxBytes({
        deposits: [
          {
            paymentDay: today,
            payeeBankgiro: '5555555',
            payments: [{ amount: '10.00', reference: ocrOf(late), serialNumber: 990001 }],
          },
        ],
      }),
    );
    await page.getByTestId('bank-file-input').setInputFiles(foreign);
    await expect(page.getByTestId('bank-file-error')).toHaveText(
      'Filen lästes inte in (ingenting bokfördes): Rad 2: filen gäller bankgiro 555-5555, som inte är butikens. Läs bara in filer för butikens egna konton.',
    );
    expect(await money(server, cookie, late.orderNumber)).toEqual({ state: 'unpaid', payments: 0 });

    // A line dated after today is refused (docs/decisions/0075): counted, and told in words.
    const tomorrow = addDays(today, 1);
    const future = join(dir, 'future.txt');
    writeFileSync(
      future,
      bgmaxBytes({
        deposits: [
          {
            paymentDay: tomorrow,
            payments: [{ amount: late.total, reference: ocrOf(late), serialNumber: 990101 }],
          },
        ],
      }),
    );
    await page.getByTestId('bank-file-input').setInputFiles(future);
    await expect(page.getByTestId('bank-file-refused')).toHaveText('1');
    await expect(page.getByTestId('bank-file-not-booked')).toContainText(
      `dagen ${tomorrow} är efter i dag. Raden avvisades och ingenting bokfördes`,
    );
    await screenshot(page, 'bank-file-not-booked-1280');
    expect(await money(server, cookie, late.orderNumber)).toEqual({ state: 'unpaid', payments: 0 });
  });
});
