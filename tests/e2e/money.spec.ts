import type { OpenPage } from './fixtures';
import type { TestServer } from '../helpers/server';
import { expect, plain, screenshot, test } from './fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import { formatKrDecimal } from '@/shared/money-format';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { adminLogin } from '../helpers/admin';
import { readEml } from '../helpers/eml';
import { emlPdfAttachments, pdfText } from '../helpers/ledger';
import { checkoutBody } from '../helpers/orders';
import { insertApprovedProof } from '../helpers/proofs';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';

/** An order placed through the checkout API: its number, token and total. */
async function place(server: TestServer, key: string, i: number): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: checkoutBody(key, i),
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

/** The admin's order dialog (Swedish), opened from the orders table. */
async function openOrderDialog(page: Page, number: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('button', { name: number }).click();
  const dialog = page.getByRole('dialog', { name: `Beställning ${number}` });
  await expect(dialog.getByTestId('admin-money')).toBeVisible();
  return dialog;
}

/** Records a payment in the order's money section as the admin types it. */
async function recordPayment(page: Page, money: Locator, amount?: string) {
  await money.getByRole('button', { name: 'Registrera betalning' }).click();
  if (amount !== undefined) await money.getByLabel('Belopp (kr)').fill(amount);
  await money.getByRole('button', { name: 'Spara betalning' }).click();
  await expect(page.getByText('Betalningen är registrerad').first()).toBeVisible();
}

/** The buyer's order page in Swedish, from the order's link. */
async function buyerPage(openPage: OpenPage, order: PlacedOrderAnswer) {
  const buyer = await openPage({ locale: 'sv-SE', width: 390 });
  await buyer.page.goto(`/orders/${order.orderNumber}#${encodeURIComponent(order.accessToken)}`);
  await expect(buyer.page.getByRole('heading', { name: `Beställning ${order.orderNumber}` })).toBeVisible();
  return buyer;
}

/** Öre as the pages show them: 123450 → "1 234,50 kr". */
const kr = (ore: number) => formatKrDecimal(decimalFromOre(ore));

test.describe('the money as the admin and the buyer see it, in Swedish', () => {
  test('paid in two parts: "Delvis betald" with what is left, then "Betald", on both sides', async ({
    server,
    openPage,
  }) => {
    const order = await place(server, 'e2e-money-two-parts', 1);
    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    const dialog = await openOrderDialog(admin.page, order.orderNumber);
    const money = dialog.getByTestId('admin-money');
    await expect(money.getByTestId('payment-state')).toHaveText('Obetald');
    await expect(money.getByTestId('admin-document').first()).toContainText(`Faktura ${order.orderNumber}`);

    // The first part, typed the Swedish way.
    await recordPayment(admin.page, money, '1 000,00');
    await expect(money.getByTestId('payment-state')).toHaveText('Delvis betald');
    const left = oreFromDecimal(order.total) - 100_000;
    await expect(money.getByTestId('order-balance')).toHaveText(`Kvar att betala: ${plain(kr(left))}`);
    await expect(money.getByTestId('admin-payment')).toContainText('1 000,00 kr');
    await screenshot(admin.page, 'money-admin-partly-paid-1280');

    const buyer = await buyerPage(openPage, order);
    await expect(buyer.page.getByTestId('order-payment-state')).toHaveText('Delvis betald');
    await expect(buyer.page.getByTestId('order-balance')).toHaveText(plain(kr(left)));
    await expect(buyer.page.getByTestId('order-payment-card')).toContainText('Kvar att betala');
    await buyer.page.getByTestId('order-payment-card').scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'money-buyer-partly-paid-390', { fullPage: false });

    // The rest: the form starts from what is left.
    await recordPayment(admin.page, money);
    await expect(money.getByTestId('payment-state')).toHaveText('Betald');
    await expect(money.getByTestId('admin-payment')).toHaveCount(2);
    await admin.page.keyboard.press('Escape');
    const row = admin.page.locator('tr', { hasText: order.orderNumber });
    await expect(row.getByTestId('payment-state')).toHaveText('Betald');
    await expect(row).toContainText('Mottagen');

    await buyer.page.reload();
    await expect(buyer.page.getByTestId('order-payment-state')).toHaveText('Betald');
    await expect(buyer.page.getByTestId('order-balance')).toHaveCount(0);
    // The timeline lists both payments in the order the money came, each with its amount and day.
    const timeline = buyer.page.getByTestId('order-timeline');
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    expect((await timeline.getByTestId('order-payment').allTextContents()).map(plain)).toEqual([
      `1 000,00 kr mottaget ${day}`,
      `${plain(kr(left))} mottaget ${day}`,
    ]);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'money-buyer-timeline-payments-390', { fullPage: false });
    expect(admin.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await admin.context.close();
  });

  test('cancelled: the credit note is listed in admin and on the order page, and emailed as a PDF', async ({
    server,
    openPage,
  }) => {
    const order = await place(server, 'e2e-money-cancelled', 2);
    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    const dialog = await openOrderDialog(admin.page, order.orderNumber);
    await dialog.getByRole('button', { name: 'Avbryt beställningen' }).click();
    await dialog.getByLabel('Anledning (sparas i historiken)').fill('Kunden ångrade sig');
    await dialog.getByRole('button', { name: 'Ja, avbryt beställningen' }).click();
    await expect(admin.page.getByText('Status ändrad').first()).toBeVisible();
    const money = dialog.getByTestId('admin-money');
    await expect(money.getByTestId('payment-state')).toHaveText('Krediterad');
    const documents = money.getByTestId('admin-document');
    await expect(documents).toHaveCount(2);
    const creditText = plain(await documents.nth(1).textContent());
    const creditNumber = /Kreditfaktura (KR-\d+)/.exec(creditText)?.[1] ?? '';
    expect(creditNumber).toMatch(/^KR-\d+$/);
    expect(creditText).toContain(`−${plain(formatKrDecimal(order.total))}`);
    expect(creditText).toContain(`Avser ${order.orderNumber}`);
    const adminPdf = await documents.nth(1).getByRole('link', { name: /PDF/ }).getAttribute('href');
    const adminResponse = await admin.page.request.get(adminPdf ?? '');
    expect(adminResponse.headers()['content-type']).toBe('application/pdf');
    await screenshot(admin.page, 'money-admin-credited-1280');

    // The buyer's email carries the credit note as a PDF.
    await server.app.emailOutbox.drain();
    const outbox = join(server.dataDir, 'outbox');
    const [file] = readdirSync(outbox).filter(
      (name) => name.startsWith(`${order.orderNumber}-`) && name.endsWith('-credit_note.eml'),
    );
    const eml = readFileSync(join(outbox, file ?? 'missing'), 'utf8');
    expect(readEml(eml).subject).toBe(`Kreditfaktura ${creditNumber} – ${order.orderNumber}`);
    const [attachment] = emlPdfAttachments(eml);
    expect(attachment?.name).toBe(`Kreditfaktura_${creditNumber}.pdf`);
    expect(await pdfText(attachment?.bytes ?? Buffer.alloc(0))).toContain(
      `Avser faktura ${order.orderNumber}`,
    );

    // The order page lists it, with a PDF the order's link opens.
    const buyer = await buyerPage(openPage, order);
    await expect(buyer.page.getByTestId('order-status')).toHaveText('Avbruten');
    await expect(buyer.page.getByTestId('order-payment-state')).toHaveText('Krediterad');
    const note = buyer.page.getByTestId('order-credit-note');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`Kreditfaktura ${creditNumber}`);
    await expect(note).toContainText(`avser faktura ${order.orderNumber}`);
    const href = await note
      .getByRole('link', { name: `Kreditfaktura ${creditNumber} som PDF` })
      .getAttribute('href');
    const response = await buyer.page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await note.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'money-buyer-credit-note-390', { fullPage: false });
    expect(admin.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await admin.context.close();
  });

  test("a company's order page links the e-invoice of its invoice and of its credit note; a private buyer's links none", async ({
    server,
    openPage,
  }) => {
    const body = checkoutBody('e2e-money-e-invoice', 4);
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        ...body,
        customer: {
          ...body.customer,
          customerType: 'company',
          companyName: 'Skolan AB',
          orgNumber: '556677-8899',
          personalNumber: '',
        },
      },
    });
    expect(placed.status).toBe(201);
    const order = placed.body;
    const cookie = await adminLogin(server);
    const cancelled = await request(server, `/api/admin/orders/${order.orderNumber}/status`, {
      method: 'PATCH',
      json: { status: 'cancelled', reason: 'Kunden ångrade sig' },
      headers: { cookie },
    });
    expect(cancelled.status).toBe(200);

    const buyer = await buyerPage(openPage, order);
    const invoiceLink = buyer.page.getByRole('link', {
      name: `${order.orderNumber} som e-faktura (Peppol XML)`,
    });
    await expect(invoiceLink).toBeVisible();
    const note = buyer.page.getByTestId('order-credit-note');
    const creditNumber = /Kreditfaktura (KR-\d+)/.exec(plain(await note.textContent()))?.[1] ?? '';
    const creditLink = note.getByRole('link', { name: `${creditNumber} som e-faktura (Peppol XML)` });
    await expect(creditLink).toHaveText('E-faktura (XML)');
    for (const [link, root] of [
      [invoiceLink, '<Invoice '],
      [creditLink, '<CreditNote '],
    ] as const) {
      const response = await buyer.page.request.get((await link.getAttribute('href')) ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
      expect(await response.text()).toContain(root);
    }
    await note.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'money-buyer-e-invoice-390', { fullPage: false });
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();

    // A private buyer gets the PDF only: no e-invoice link on the page.
    const personal = await place(server, 'e2e-money-no-e-invoice', 5);
    const other = await buyerPage(openPage, personal);
    await expect(other.page.getByRole('link', { name: /PDF/ }).first()).toBeVisible();
    await expect(other.page.getByTestId('order-e-invoice')).toHaveCount(0);
    await other.context.close();
  });

  test('goes into production unpaid once the proof is approved: both states side by side', async ({
    server,
    openPage,
  }) => {
    const order = await place(server, 'e2e-money-unpaid-production', 3);
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`SELECT id::text AS id FROM orders WHERE order_number = ${order.orderNumber}`,
    );
    await insertApprovedProof(server.database, Number(row?.id));
    const admin = await openPage({ locale: 'sv-SE' });
    await loginAsAdmin(server, admin.context);
    const dialog = await openOrderDialog(admin.page, order.orderNumber);
    await dialog.getByRole('button', { name: 'Markera som i produktion' }).click();
    await expect(admin.page.getByText('Status ändrad').first()).toBeVisible();
    await admin.page.keyboard.press('Escape');
    const listed = admin.page.locator('tr', { hasText: order.orderNumber });
    await expect(listed).toContainText('I produktion');
    await expect(listed.getByTestId('payment-state')).toHaveText('Obetald');
    await screenshot(admin.page, 'money-admin-unpaid-in-production-1280', { fullPage: false });

    const buyer = await buyerPage(openPage, order);
    await expect(buyer.page.getByTestId('order-status')).toHaveText('I produktion');
    await expect(buyer.page.getByTestId('order-payment-state')).toHaveText('Obetald');
    await expect(buyer.page.getByTestId('order-balance')).toHaveText(plain(formatKrDecimal(order.total)));
    expect(admin.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await admin.context.close();
  });

  test('the invoice journal and the net turnover on the dashboard, at 1280 and 390 px', async ({
    server,
    openPage,
  }) => {
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    for (const width of [1280, 390]) {
      const admin = await openPage({ locale: 'sv-SE', width });
      await loginAsAdmin(server, admin.context);
      await admin.page.goto('/admin');
      await admin.page.getByRole('tab', { name: 'Fakturajournal' }).click();
      const journal = admin.page.getByTestId('journal');
      await expect.poll(() => journal.getByTestId('journal-entry').count()).toBeGreaterThan(3);
      const api = await admin.page.request.get(`/api/admin/journal?from=${today.slice(0, 8)}01&to=${today}`);
      const { entries } = (await api.json()) as { entries: { number: string; net: string; kind: string }[] };
      const rows = await journal.getByTestId('journal-entry').allTextContents();
      expect(rows.map((row) => row.split(/(?=[A-ZÅÄÖ][a-zåäö])/)[0])).toEqual(entries.map((e) => e.number));
      expect(rows.some((row) => row.includes('Kreditfaktura') && row.includes('3001'))).toBe(true);
      const nets = entries.reduce((sum, e) => sum + oreFromDecimal(e.net), 0);
      await expect(journal.getByTestId('journal-net')).toHaveText(plain(kr(nets)));
      await expect(journal.getByTestId('journal-csv')).toHaveAttribute(
        'href',
        `/api/admin/journal.csv?from=${today.slice(0, 8)}01&to=${today}`,
      );
      // The dashboard's net turnover: the year's documents without VAT, after credit notes, period said.
      const net = admin.page.getByTestId('net-turnover');
      await expect(net).toHaveText(plain(kr(nets)));
      await expect(admin.page.getByTestId('net-turnover-period')).toContainText(
        'exkl. moms och efter kreditfakturor',
      );
      await screenshot(admin.page, `money-admin-journal-${width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    }
  });
});
