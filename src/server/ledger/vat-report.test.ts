import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { fetchValidSie, sieVerifications } from '@tests/helpers/ledger';
import { hoodiesAndBooklets, germanIndividual, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { shipOrder } from '@tests/helpers/proofs';
import { uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';
import type { AdminOrderDetail } from '@/shared/admin';
import { stockholmDate } from '@/shared/dates';
import type { PlacedOrderAnswer as Placed } from '@/shared/order-view';
import type { AddPrintFileAnswer } from '@/shared/supplementary-invoices';
import type { ClosedMonth, OssReportAnswer, VatReportAnswer } from '@/shared/vat-report';

/**
 * The accountant's table (issue 42): every buyer case placed through checkout, a conversion fee
 * added after ordering where it matters, each company's e-invoices through validate-ubl, the day's
 * SIE through validate-sie, and the VAT return's boxes equal to the SIE's accounts; then the EC
 * sales list and closing a month.
 */
const server = useAdminServer();
const VALIDATOR_TIMEOUT = 120_000;

let keys = 0;
const key = () => `vat-report-${Date.now()}-${++keys}-abcdefgh`;
const admin = () => ({ cookie: server.cookie });
const today = () => stockholmDate(new Date());

async function place(customer: Record<string, unknown>): Promise<Placed> {
  const res = await request<Placed>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: key(), customer, lines: hoodiesAndBooklets },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function addConversion(placed: Placed): Promise<string> {
  const file = await uploadPrintFile(server, makePng(300), 'logo.png');
  const added = await request<AddPrintFileAnswer>(server, `/api/orders/${placed.orderNumber}/print-files`, {
    method: 'POST',
    json: { printFile: file.id, acceptConversionFee: true },
    headers: { 'x-order-token': placed.accessToken },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.supplementaryInvoice?.invoiceNumber ?? '';
}

/** Proof approved (proofs.test.ts covers that path), in production and shipped: the delivery date is known. */
const ship = (orderNumber: string) => shipOrder(server, orderNumber, 'JJD0001234568');

/** Every e-invoice of the order through validate-ubl; the VAT categories of each (breakdown, lines). */
async function validEInvoices(orderNumber: string): Promise<Map<string, string[]>> {
  const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, {
    headers: admin(),
  });
  const categories = new Map<string, string[]>();
  for (const document of detail.body.documents) {
    const response = await fetch(`${server.url}${document.xml ?? ''}`, { headers: admin() });
    const xml = await response.text();
    expect(response.status, `${document.number}: ${xml}`).toBe(200);
    const validation = await validateUbl(xml);
    expect(validation.ok, `${document.number}: ${validation.output}`).toBe(true);
    categories.set(
      document.number,
      [...xml.matchAll(/<cac:(?:Classified)?TaxCategory>\s*<cbc:ID>(\w+)<\/cbc:ID>/g)].map((m) => m[1] ?? ''),
    );
  }
  return categories;
}

const company = (fields: Record<string, unknown>) => ({
  ...testCustomer,
  customerType: 'company',
  personalNumber: '',
  ...fields,
});
const swedishCompany = company({ companyName: 'Åkeriet Öst AB', orgNumber: '556677-8899' });
const publicSector = company({
  companyName: 'Exempels kommun',
  orgNumber: '212000-0142',
  buyerReference: 'Anna Andersson',
  purchaseOrderNumber: 'IO-2026-18',
  peppolId: '0007:2120000142',
});
const germanCompany = company({
  companyName: 'Beispiel GmbH',
  orgNumber: 'HRB 12345',
  country: 'DE',
  address: 'Hauptstraße 5\n10115 Berlin',
  vatNumber: 'DE 136 695 976',
  buyerReference: 'PO-4711',
});
const norwegianCompany = company({
  companyName: 'Eksempel AS',
  orgNumber: '923 609 016',
  country: 'NO',
  address: 'Karl Johans gate 1\n0154 Oslo',
  buyerReference: 'PO-1',
});
const norwegianIndividual = { ...testCustomer, country: 'NO', personalNumber: '01019012345' };

/** Each account's balance (debit positive) in öre over the SIE's verifications. */
function balances(sie: Uint8Array): Map<string, number> {
  const sums = new Map<string, number>();
  for (const verification of sieVerifications(sie))
    for (const { account, ore } of verification.transactions)
      sums.set(account, (sums.get(account) ?? 0) + ore);
  return sums;
}
const ore = (decimal: string) => Math.round(Number(decimal) * 100);

describe('the accountant’s table: every buyer case, its documents, the SIE and the VAT return', () => {
  it(
    'SE company and individual, public sector, DE company, NO company and individual, EU individuals past the threshold',
    { timeout: 4 * VALIDATOR_TIMEOUT },
    async () => {
      const se = await place(swedishCompany);
      // A Swedish individual: PDF only (no e-invoice), Swedish VAT in box 05 and 10.
      await place(testCustomer);
      const kommun = await place(publicSector);
      const de = await place(germanCompany);
      const no = await place(norwegianCompany);
      const noIndividual = await place(norwegianIndividual);
      const deConversion = await addConversion(de);
      const noConversion = await addConversion(no);
      const noIndividualConversion = await addConversion(noIndividual);

      // The companies' e-invoices: Swedish VAT S; goods and the later fee to an EU company K
      // (ancillary to the goods, decision 0045); outside the EU G for both.
      for (const placed of [se, kommun]) {
        const categories = await validEInvoices(placed.orderNumber);
        for (const [number, found] of categories) expect(new Set(found), number).toEqual(new Set(['S']));
      }
      // An intra-Community supply's e-invoice states the delivery date: shipped first.
      await ship(de.orderNumber);
      const deCategories = await validEInvoices(de.orderNumber);
      expect(new Set(deCategories.get(deConversion))).toEqual(new Set(['K']));
      expect(new Set(deCategories.get(de.orderNumber))).toEqual(new Set(['K']));
      const noCategories = await validEInvoices(no.orderNumber);
      expect(new Set(noCategories.get(noConversion))).toEqual(new Set(['G']));

      // Ten orders of an individual in Germany: 10 × 10 095 kr passes the 99 680 kr a year.
      const before = await request<VatReportAnswer>(
        server,
        `/api/admin/vat-report?from=${today()}&to=${today()}`,
        {
          headers: admin(),
        },
      );
      expect(before.body.distanceSales).toMatchObject({
        thisYear: '0.00',
        threshold: '99680.00',
        above: false,
      });
      // The first nine stay Swedish (90 855 kr); the tenth passes the threshold and is itself taxed
      // in Germany (ML 2023:200 6 kap. 63 §): 19 % of 10 095,00 is 1 918,05, booked 3106 and 2670.
      const german: Placed[] = [];
      for (let i = 0; i < 10; i++) german.push(await place(germanIndividual));
      expect(german.map((placed) => placed.vatTreatment)).toEqual([
        ...Array<string>(9).fill('domestic'),
        'oss',
      ]);
      const tenth = german[9];
      expect(tenth?.total).toBe('12013.05');

      const sie = await fetchValidSie(
        server.url,
        `/api/admin/sie?from=${today()}&to=${today()}`,
        server.cookie,
      );
      const accounts = balances(sie);
      const credited = (...numbers: string[]) => numbers.reduce((sum, n) => sum - (accounts.get(n) ?? 0), 0);

      // The Norwegian individual's fee is an export of goods (3105), never a service (3305, art. 44).
      const verifications = sieVerifications(sie);
      const noFee = verifications.find((v) => v.text.startsWith(`Faktura ${noIndividualConversion} `));
      expect(noFee?.transactions).toEqual([
        { account: '1510', ore: 8000 },
        { account: '3105', ore: -8000 },
      ]);
      const ossSale = verifications.find((v) => v.text.startsWith(`Faktura ${tenth?.orderNumber ?? ''} `));
      expect(ossSale?.transactions).toEqual([
        { account: '1510', ore: 1201305 },
        { account: '3106', ore: -1009500 },
        { account: '2670', ore: -191805 },
      ]);

      const report = await request<VatReportAnswer>(
        server,
        `/api/admin/vat-report?from=${today()}&to=${today()}`,
        {
          headers: admin(),
        },
      );
      expect(report.status).toBe(200);
      const boxes = report.body.boxes;
      // Equal to the SIE's accounts for the same period.
      expect(ore(boxes['05'])).toBe(credited('3001', '3041'));
      expect(ore(boxes['10'])).toBe(credited('2611'));
      expect(ore(boxes['35'])).toBe(credited('3108'));
      expect(ore(boxes['36'])).toBe(credited('3105'));
      expect(ore(boxes['39'])).toBe(credited('3308'));
      expect(ore(boxes['40'])).toBe(credited('3305'));
      // The OSS sale (3106, 2670) is in no box: it goes on the OSS return (ML 22 kap.).
      expect(credited('3106')).toBe(1009500);
      expect(credited('2670')).toBe(191805);
      // And what the table says: SE company, individual, public sector and nine German individuals
      // at 25 % (12 × 10 095 kr, VAT 12 × 2 523,75); Germany 10 095 + 80; Norway 2 × (10 095 + 80).
      expect(boxes).toEqual({
        '05': '121140.00',
        '06': '0.00',
        '07': '0.00',
        '10': '30285.00',
        '11': '0.00',
        '12': '0.00',
        '35': '10175.00',
        '36': '20350.00',
        '39': '0.00',
        '40': '0.00',
        '48': '0.00',
        '49': '30285.00',
      });
      expect(report.body.distanceSales).toMatchObject({ thisYear: '100950.00', above: true, optedIn: false });
      // The OSS return of the quarter lists the tenth German sale.
      const month0 = Number(today().slice(5, 7));
      const quarter = `${today().slice(0, 4)}-Q${Math.ceil(month0 / 3)}`;
      const oss = await request<OssReportAnswer>(server, `/api/admin/oss-report?quarter=${quarter}`, {
        headers: admin(),
      });
      expect(oss.body.lines).toEqual([{ country: 'DE', ratePercent: '19', net: '10095.00', vat: '1918.05' }]);

      // The EC sales list of the month: the German company's goods (the fee with them), whole kronor.
      const month = today().slice(0, 7);
      const ec = await fetch(`${server.url}/api/admin/ec-sales-list?period=${month}`, { headers: admin() });
      expect(ec.status).toBe(200);
      expect(ec.headers.get('content-type')).toBe('text/csv; charset=ISO-8859-1');
      const lines = iconv.decode(Buffer.from(await ec.arrayBuffer()), 'latin1').split('\r\n');
      expect(lines[0]).toBe('SKV574008;');
      expect(lines[1]).toMatch(
        new RegExp(
          `^${server.config.seller.vatNumber};${month.slice(2, 4)}${month.slice(5)};[^;]+;[0-9+-]{1,17};[^;]*$`,
        ),
      );
      // Each buyer line ends in a semicolon, as Skatteverket's example files do.
      expect(lines.slice(2)).toEqual(['DE136695976;10175;;;', '']);
    },
  );

  it('refuses a period that is no month and a range that is no range, in the reader’s language', async () => {
    const bad = await request<{ error: string }>(server, '/api/admin/ec-sales-list?period=2026-13', {
      headers: admin(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Give the period as YYYY-MM');
    const swedish = await request<{ error: string }>(
      server,
      '/api/admin/vat-report?from=2026-02-01&to=2026-01-01',
      { headers: { cookie: `${server.cookie}; lang=sv` } },
    );
    expect(swedish.status).toBe(400);
    expect(swedish.body.error).toBe('Från-datum måste vara före till-datum, högst ett år');
    expect((await request(server, '/api/admin/vat-report?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });
});

describe('closed months and a payment’s day', () => {
  const previousMonth = () => {
    const [year = 0, month = 0] = today().split('-').map(Number);
    return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  };
  const pay = (orderNumber: string, json: Record<string, unknown>) =>
    request<{ error?: string }>(server, `/api/admin/orders/${orderNumber}/payments`, {
      method: 'POST',
      json,
      headers: admin(),
    });

  it('a payment before its invoice, in the future or in a closed month is refused; an ended month closes once', async () => {
    const placed = await place(testCustomer);
    const lastMonth = `${previousMonth()}-15`;
    const early = await pay(placed.orderNumber, { amount: '100,00', paidOn: lastMonth });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe(
      `The payment day cannot be before the invoice date of ${placed.orderNumber} (${today()})`,
    );
    const future = await pay(placed.orderNumber, { amount: '100,00', paidOn: '2999-01-01' });
    expect(future.status).toBe(400);

    const current = await request<{ error: string }>(server, '/api/admin/closed-months', {
      method: 'POST',
      json: { month: today().slice(0, 7) },
      headers: admin(),
    });
    expect(current.status).toBe(400);
    expect(current.body.error).toBe('Only a month that has ended can be closed');

    const closed = await request<{ months: ClosedMonth[] }>(server, '/api/admin/closed-months', {
      method: 'POST',
      json: { month: previousMonth() },
      headers: admin(),
    });
    expect(closed.status).toBe(201);
    expect(closed.body.months.map((m) => m.month)).toEqual([previousMonth()]);
    const again = await request<{ error: string }>(server, '/api/admin/closed-months', {
      method: 'POST',
      json: { month: previousMonth() },
      headers: { cookie: `${server.cookie}; lang=sv` },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Månaden är redan stängd');

    const inClosed = await pay(placed.orderNumber, { amount: '100,00', paidOn: lastMonth });
    expect(inClosed.status).toBe(400);
    expect(inClosed.body.error).toBe(
      `${previousMonth()} is closed in the books: give the day the money arrived, or make the correction in the open period`,
    );
    expect((await pay(placed.orderNumber, { amount: '100,00', paidOn: today() })).status).toBe(201);
  });
});
