import { describe, expect, it } from 'vitest';
import { fetchValidSie, pdfText, sieVerifications } from '@tests/helpers/ledger';
import { hoodiesAndBooklets, germanIndividual, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';
import type { AdminOrderDetail } from '@/shared/admin';
import { stockholmDate } from '@/shared/dates';
import type { PlacedOrderAnswer as Placed } from '@/shared/order-view';
import { quarterDays, type OssReportAnswer, type VatReportAnswer } from '@/shared/vat-report';

/**
 * EU distance sales taxed in the buyer's country (OSS, issue 42) when the shop opted in
 * (OSS_OPT_IN): the buyer country's standard rate on the invoice, its PDF and its e-invoice (through
 * validate-ubl), booked 3106 and 2670 in the SIE (through validate-sie) and in no box of the
 * Swedish VAT return, and the quarter's OSS report per country and rate. The threshold itself (the
 * sale that passes 99 680 kr) is in vat-report.test.ts.
 */
const server = useAdminServer({ env: { OSS_OPT_IN: 'true' } });
const VALIDATOR_TIMEOUT = 120_000;
const admin = () => ({ cookie: server.cookie });
const today = () => stockholmDate(new Date());
let keys = 0;

async function place(customer: Record<string, unknown>): Promise<Placed> {
  const res = await request<Placed>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: `oss-${Date.now()}-${++keys}-abcdefgh`, customer, lines: hoodiesAndBooklets },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

// A Finnish company without a VAT number buys as an individual does (no acquisition of its own),
// and has a Peppol address: the OSS e-invoice at Finland's 25,5 %.
const finnishCompany = {
  ...testCustomer,
  customerType: 'company',
  personalNumber: '',
  companyName: 'Esimerkki Oy',
  orgNumber: '2331972-7',
  country: 'FI',
  address: 'Mannerheimintie 1\n00100 Helsinki',
  buyerReference: 'Matti',
  peppolId: '0088:4000001000005',
};

describe('EU distance sales taxed in the buyer country (OSS_OPT_IN)', () => {
  it(
    'a German individual pays 19 %, a Finnish company 25,5 %; the e-invoice passes validate-ubl, the SIE books 3106/2670 in no box, the OSS report lists both',
    { timeout: 3 * VALIDATOR_TIMEOUT },
    async () => {
      // The cart is told before ordering.
      const flag = await request<{ taxedInBuyerCountry: boolean }>(server, '/api/vat/distance-sales');
      expect(flag.body).toEqual({ taxedInBuyerCountry: true });

      // 12 618,75 kr with Swedish VAT is 10 095,00 without; Germany adds 19 %: 1 918,05.
      const de = await place(germanIndividual);
      expect(de).toMatchObject({ vatTreatment: 'oss', total: '12013.05' });
      // Finland's 25,5 % of 10 095,00 is 2 574,225: 2 574,23 half up.
      const fi = await place(finnishCompany);
      expect(fi).toMatchObject({ vatTreatment: 'oss', total: '12669.23' });
      // A Swedish buyer keeps Swedish VAT.
      const se = await place(testCustomer);
      expect(se).toMatchObject({ vatTreatment: 'domestic', total: '12618.75' });

      const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${de.orderNumber}`, {
        headers: admin(),
      });
      expect(detail.body).toMatchObject({ vatPercent: 19, vatAmount: '1918.05', exVatAmount: '10095.00' });

      // The PDF names the rule and the rate.
      const pdf = await fetch(
        `${server.url}/api/admin/orders/${de.orderNumber}/documents/${de.orderNumber}.pdf`,
        {
          headers: admin(),
        },
      );
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(text).toContain('EU distance sale');
      expect(text).toContain('VAT 19 %');

      // The company's e-invoice: S at 25.5, no Swedish VAT identifier beside the foreign rate
      // (Peppol SE-R-006), the seller's VAT number in its legal information.
      const xmlResponse = await fetch(
        `${server.url}/api/admin/orders/${fi.orderNumber}/documents/${fi.orderNumber}.xml`,
        { headers: admin() },
      );
      const xml = await xmlResponse.text();
      expect(xmlResponse.status, xml).toBe(200);
      expect(xml).toContain('<cbc:ID>S</cbc:ID><cbc:Percent>25.5</cbc:Percent>');
      expect(xml).toContain('<cbc:TaxAmount currencyID="SEK">2574.23</cbc:TaxAmount>');
      expect(xml).toContain(`Momsreg.nr ${server.config.seller.vatNumber} (unionsordningen, OSS)`);
      const validation = await validateUbl(xml);
      expect(validation.ok, validation.output).toBe(true);

      // An amount credited to the German buyer is split at the invoice's own rate: 1 201,31 kr
      // including 19 % is 1 009,50 without (half up) and 191,81 VAT.
      const credit = await request(server, `/api/admin/orders/${de.orderNumber}/credit-notes`, {
        method: 'POST',
        json: { amount: '1201,31', reason: 'Rabatt för sen leverans' },
        headers: admin(),
      });
      expect(credit.status, JSON.stringify(credit.body)).toBe(201);

      const sie = await fetchValidSie(
        server.url,
        `/api/admin/sie?from=${today()}&to=${today()}`,
        server.cookie,
      );
      const verifications = sieVerifications(sie);
      expect(
        verifications.find((v) => v.text.startsWith(`Faktura ${fi.orderNumber} `))?.transactions,
      ).toEqual([
        { account: '1510', ore: 1266923 },
        { account: '3106', ore: -1009500 },
        { account: '2670', ore: -257423 },
      ]);
      const creditNote = verifications.find((v) => v.text.includes(`avser ${de.orderNumber} `));
      expect(creditNote?.transactions).toEqual([
        { account: '1510', ore: -120131 },
        { account: '3106', ore: 100950 },
        { account: '2670', ore: 19181 },
      ]);

      // The Swedish return: only the Swedish buyer; OSS sales are in no box.
      const report = await request<VatReportAnswer>(
        server,
        `/api/admin/vat-report?from=${today()}&to=${today()}`,
        {
          headers: admin(),
        },
      );
      expect(report.body.boxes).toMatchObject({
        '05': '10095.00',
        '10': '2523.75',
        '35': '0.00',
        '49': '2523.75',
      });
      expect(report.body.distanceSales).toMatchObject({ thisYear: '19180.50', above: false, optedIn: true });

      // The OSS return of the quarter: per country and rate, the credit note subtracted.
      const month = Number(today().slice(5, 7));
      const quarter = `${today().slice(0, 4)}-Q${Math.ceil(month / 3)}`;
      const oss = await request<OssReportAnswer>(server, `/api/admin/oss-report?quarter=${quarter}`, {
        headers: admin(),
      });
      expect(oss.status).toBe(200);
      expect(oss.body).toEqual({
        quarter,
        ...quarterDays(quarter),
        lines: [
          { country: 'DE', ratePercent: '19', net: '9085.50', vat: '1726.24' },
          { country: 'FI', ratePercent: '25.5', net: '10095.00', vat: '2574.23' },
        ],
        total: { net: '19180.50', vat: '4300.47' },
      });
    },
  );

  it('refuses a quarter that is none, in the reader’s language; staff without money roles see nothing', async () => {
    const bad = await request<{ error: string }>(server, '/api/admin/oss-report?quarter=2026-Q5', {
      headers: { cookie: `${server.cookie}; lang=sv` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('ÅÅÅÅ-Qn');
    expect((await request(server, '/api/admin/oss-report?quarter=2026-Q1')).status).toBe(401);
  });
});
