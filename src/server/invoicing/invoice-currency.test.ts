import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { pdfText, sieVerifications, validateSie } from '@tests/helpers/ledger';
import { germanPerson, hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';
import { queryRows } from '@/server/db/query-rows';
import { formatIban } from '@/shared/invoicing/seller-settings';
import type { OrderView, PlacedOrderAnswer as Placed } from '@/shared/order-view';

/**
 * Invoicing in EUR: a buyer outside Sweden chooses it at checkout; the order's invoice is made out
 * in EUR at the rate of that moment (tests run on the fixed rate, EUR 0.088 per SEK), with the VAT
 * also in SEK, paid to the euro IBAN; the ledger and the SIE stay in SEK.
 */
const server = useAdminServer();

let keys = 0;
const key = () => `eur-${Date.now()}-${++keys}-abcdefgh`;

const lines = hoodiesAndBooklets;

/** A German company with a Peppol address (GLN) and no VAT number: Swedish VAT, an e-invoice. */
const germanCompanyWithGln = {
  ...germanPerson,
  customerType: 'company',
  companyName: 'Beispiel GmbH',
  orgNumber: 'HRB 12345',
  personalNumber: '',
  peppolId: '0088:7300010000001',
  buyerReference: 'PO-4711',
};

async function place(customer: Record<string, unknown>, invoiceCurrency?: string) {
  return request<Placed & { error?: string; fieldErrors?: Record<string, string> }>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: key(), customer, lines, ...(invoiceCurrency ? { invoiceCurrency } : {}) },
  });
}

async function download(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

describe('invoicing in EUR', () => {
  it('the PDF states EUR amounts, the VAT also in SEK, the rate with its source and day, and the euro IBAN', async () => {
    const placed = await place(germanPerson, 'EUR');
    expect(placed.status).toBe(201);
    // The ledger stays in SEK: what the order and its invoice document book.
    expect(placed.body.total).toBe('12618.75');
    const [document] = await queryRows<{ total: string; currency: string; rate: string; source: string }>(
      server.database.db,
      sql`SELECT d.total::text AS total, d.snapshot->'foreign'->>'code' AS currency,
          d.snapshot->'foreign'->>'rate' AS rate, d.snapshot->'foreign'->>'source' AS source
        FROM documents d JOIN orders o ON o.id = d.order_id WHERE o.order_number = ${placed.body.orderNumber}`,
    );
    expect(document).toEqual({ total: '12618.75', currency: 'EUR', rate: '0.088', source: 'fixed' });

    const text = await pdfText(
      await download(`/api/orders/${placed.body.orderNumber}/invoice.pdf?token=${placed.body.accessToken}`),
    );
    // 12 618,75 kr × 0,088 = 1 110,45 EUR; VAT 2 523,75 kr = 222,09 EUR; net 888,36 EUR.
    expect(text).toContain('Total excl. VAT 888,36 EUR');
    expect(text).toContain('VAT 25 % (on 888,36 EUR) 222,09 EUR');
    expect(text).toContain('Total to pay 1 110,45 EUR');
    expect(text).toContain('VAT in SEK 2 523,75 SEK');
    expect(text).toContain('Exchange rate 1 EUR = 11,3636 SEK');
    expect(text).toContain("the shop's fixed rate");
    expect(text).toContain('chapter 17, section 29');
    expect(text).toContain(formatIban(server.config.seller.ibanEur));
    expect(text).not.toContain(formatIban(server.config.seller.iban));
    expect(text).not.toContain('12 618,75');
  });

  it('the SIE books the EUR invoice in SEK, as the ledger holds it, and passes validate-sie', async () => {
    const placed = await place(germanPerson, 'EUR');
    expect(placed.status).toBe(201);
    const bytes = await download(`/api/admin/sie?from=${today()}&to=${today()}`, { cookie: server.cookie });
    const verification = sieVerifications(bytes).find((v) =>
      v.text.startsWith(`Faktura ${placed.body.orderNumber}`),
    );
    expect(verification?.transactions).toEqual([
      { account: '1510', ore: 1261875 },
      { account: '3001', ore: -1009500 },
      { account: '2611', ore: -252375 },
    ]);
    const validation = await validateSie(bytes);
    expect(validation.output).toBeDefined();
    expect(validation.valid, validation.output).toBe(true);
  });

  it(
    'the e-invoice is in EUR (BT-5) with the VAT also in SEK (BT-6, BT-111) and passes the Peppol validators',
    { timeout: 300_000 },
    async () => {
      const placed = await place(germanCompanyWithGln, 'EUR');
      expect(placed.status).toBe(201);
      const xml = (
        await download(`/api/admin/orders/${placed.body.orderNumber}/invoice.xml`, { cookie: server.cookie })
      ).toString('utf8');
      const validation = await validateUbl(xml);
      expect(validation.output).toMatch(/^0 fatal/m);
      expect(validation.ok).toBe(true);
      const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
      const all = (name: string) => [...doc.getElementsByTagName(name)];
      expect(all('cbc:DocumentCurrencyCode').map((e) => e.textContent)).toEqual(['EUR']);
      expect(all('cbc:TaxCurrencyCode').map((e) => e.textContent)).toEqual(['SEK']);
      const taxAmounts = all('cbc:TaxAmount')
        .filter((e) => e.parentElement?.localName === 'TaxTotal')
        .map((e) => [e.getAttribute('currencyID'), e.textContent]);
      expect(taxAmounts).toEqual([
        ['EUR', '222.09'],
        ['SEK', '2523.75'],
      ]);
      expect(all('cbc:PayableAmount').map((e) => [e.getAttribute('currencyID'), e.textContent])).toEqual([
        ['EUR', '1110.45'],
      ]);
      expect(all('cac:PayeeFinancialAccount')[0]?.firstElementChild?.textContent).toBe(
        server.config.seller.ibanEur,
      );
    },
  );

  it('a credit note of a EUR invoice is in EUR at the invoice rate', async () => {
    const placed = await place(germanPerson, 'EUR');
    const cancelled = await request(server, `/api/admin/orders/${placed.body.orderNumber}/status`, {
      method: 'PATCH',
      json: { status: 'cancelled', reason: 'Buyer changed plans' },
      headers: { cookie: server.cookie },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [credit] = await queryRows<{ number: string; total: string; foreignTotal: string; rate: string }>(
      server.database.db,
      sql`SELECT d.number, d.total::text AS total, d.snapshot->'foreign'->>'total' AS "foreignTotal",
          d.snapshot->'foreign'->>'rate' AS rate
        FROM documents d JOIN orders o ON o.id = d.order_id
        WHERE o.order_number = ${placed.body.orderNumber} AND d.kind = 'credit_note'`,
    );
    expect(credit).toMatchObject({ total: '-12618.75', foreignTotal: '-1110.45', rate: '0.088' });
    const text = await pdfText(
      await download(`/api/admin/orders/${placed.body.orderNumber}/documents/${credit?.number ?? ''}.pdf`, {
        cookie: server.cookie,
      }),
    );
    expect(text).toContain('Total credited −1 110,45 EUR');
    expect(text).toContain('VAT in SEK');
  });

  it('a buyer in Sweden is invoiced in SEK: EUR is refused with a message on the field', async () => {
    const refused = await place(testCustomer, 'EUR');
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.invoiceCurrency).toBe('Buyers in Sweden are invoiced in SEK');
    const nonsense = await place(germanPerson, 'USD');
    expect(nonsense.status).toBe(400);
  });

  it('the order page shows the EUR invoice: its total in EUR and the VAT in SEK', async () => {
    const placed = await place(germanPerson, 'EUR');
    const view = await request<OrderView>(
      server,
      `/api/orders/${placed.body.orderNumber}?token=${placed.body.accessToken}`,
    );
    expect(view.body.invoiceCurrency).toEqual({
      code: 'EUR',
      rate: '0.088',
      source: 'fixed',
      date: today(),
      total: '1110.45',
      vat: '222.09',
      net: '888.36',
      vatSek: '2523.75',
    });
    expect(view.body.payment.iban).toBe(server.config.seller.ibanEur);
  });
});
