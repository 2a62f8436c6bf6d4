import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { JSDOM } from 'jsdom';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@tests/helpers/csv';
import { pdfText, validateSie } from '@tests/helpers/ledger';
import { germanCompany as germanVatCompany, hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { validateUbl } from '@tests/helpers/validate-ubl';
import { insertApprovedProof } from '@tests/helpers/proofs';
import { queryRows } from '@/server/db/query-rows';
import { isValidOcrReference } from '@/shared/invoicing/ocr-reference';
import type { Customisation } from '@/shared/customisation';
import type { AdminOrderDetail } from '@/shared/admin';
import type { OrderView, PlacedOrderAnswer as Placed } from '@/shared/order-view';
import type { AddPrintFileAnswer } from '@/shared/supplementary-invoices';
import { makePng } from '@tests/helpers/png';
import { uploadPrintFile } from '@tests/helpers/print-files';
import { orderLineText } from '@/shared/i18n/order-line-text';

const server = useAdminServer();

let keys = 0;
const key = () => `invoicing-${Date.now()}-${++keys}-abcdefgh`;

const lines = hoodiesAndBooklets;

const germanCompany = { ...germanVatCompany, buyerReference: 'PO-4711' };

async function place(customer: Record<string, unknown>): Promise<Placed & { view: OrderView }> {
  const res = await request<Placed>(server, '/api/orders', {
    method: 'POST',
    json: { idempotencyKey: key(), customer, lines },
  });
  expect(res.status).toBe(201);
  const view = await request<OrderView>(
    server,
    `/api/orders/${res.body.orderNumber}?token=${res.body.accessToken}`,
  );
  return { ...res.body, view: view.body };
}

async function download(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function ubl(xml: string) {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  const all = (name: string) => [...document.getElementsByTagName(name)];
  const one = (name: string) => all(name)[0]?.textContent ?? undefined;
  return { document, all, one };
}

const stockholmToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/** A Swedish company with its purchase-order reference (a company's field; an individual's is dropped). */
const swedishCompany = (buyerReference: string) => ({
  ...testCustomer,
  customerType: 'company',
  companyName: 'Skolan AB',
  orgNumber: '556677-8899',
  personalNumber: '',
  buyerReference,
});

/** A company outside the EU: export, no VAT number. */
const norwegianCompany = {
  ...germanCompany,
  companyName: 'Eksempel AS',
  orgNumber: '923 609 016',
  country: 'NO',
  address: 'Karl Johans gate 1\n0154 Oslo',
  vatNumber: '',
};

/** A raster print file uploaded (300 px PNG): its id. */
async function uploadRasterFile(): Promise<string> {
  return (await uploadPrintFile(server, makePng(300), 'logo.png')).id;
}

/** A raster print file added after ordering: its conversion on a supplementary invoice (a service). */
async function addConversion(placed: Placed): Promise<string> {
  const added = await request<AddPrintFileAnswer>(server, `/api/orders/${placed.orderNumber}/print-files`, {
    method: 'POST',
    json: { printFile: await uploadRasterFile(), acceptConversionFee: true },
    headers: { 'x-order-token': placed.accessToken },
  });
  expect(added.status).toBe(201);
  return added.body.supplementaryInvoice?.invoiceNumber ?? '';
}

async function patchStatus(orderNumber: string, json: Record<string, unknown>) {
  const res = await request(server, `/api/admin/orders/${orderNumber}/status`, {
    method: 'PATCH',
    json,
    headers: { cookie: server.cookie },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The buyer's approved proof, which production needs (proofs.test.ts covers that path). */
async function approveProof(orderNumber: string) {
  const [row] = await queryRows<{ id: number }>(
    server.database.db,
    sql`SELECT id::int AS id FROM orders WHERE order_number = ${orderNumber}`,
  );
  await insertApprovedProof(server.database, row?.id ?? 0);
}

describe('VAT by destination', () => {
  it('a Swedish buyer pays 25 % VAT included; the OCR reference passes length and Luhn checks', async () => {
    const placed = await place(testCustomer);
    expect(placed.total).toBe('12618.75');
    expect(placed.view).toMatchObject({
      vatTreatment: 'domestic',
      vatPercent: 25,
      exVat: '10095.00',
      vat: '2523.75',
    });
    expect(placed.view.payment.ocr).toMatch(/^\d{15}$/);
    expect(isValidOcrReference(placed.view.payment.ocr)).toBe(true);
    expect(placed.view.payment.iban).toBeNull();
  });

  it('a German company with a valid VAT number pays the ex-VAT total under reverse charge', async () => {
    const placed = await place(germanCompany);
    expect(placed.total).toBe('10095.00');
    expect(placed.view).toMatchObject({
      vatTreatment: 'reverse_charge',
      vatPercent: 0,
      exVat: '10095.00',
      vat: '0.00',
    });
    expect(placed.view.customer).toMatchObject({ vatNumber: 'DE136695976', yourReference: 'PO-4711' });
    expect(placed.view.payment.iban).toBe(server.config.seller.iban);

    const html = await download(`/api/orders/${placed.orderNumber}/invoice?token=${placed.accessToken}`);
    const page = html.bytes.toString('utf8');
    // Goods to an EU company: an intra-Community supply (Article 138), not a reverse charge (196).
    expect(page).toContain('Unionsintern leverans / Intra-Community supply');
    expect(page).toContain('Article 138 of Council Directive 2006/112/EC');
    expect(page).toContain('10 kap. 42 § mervärdesskattelagen (2023:200)');
    expect(page).not.toContain('196');
    expect(page).toContain('DE136695976');
    expect(page).toContain(server.config.seller.vatNumber);
    expect(page).toContain('PO-4711');
    expect(page).toContain(placed.view.payment.ocr);
    expect(page).toContain('Godkänd för F-skatt');
  });

  it('a German individual pays Swedish VAT; a German company without a VAT number too', async () => {
    const individual = await place({ ...testCustomer, country: 'DE', personalNumber: 'X123', vatNumber: '' });
    expect(individual.view.vatTreatment).toBe('domestic');
    expect(individual.total).toBe('12618.75');
    const noVat = await place({ ...germanCompany, vatNumber: '' });
    expect(noVat.view.vatTreatment).toBe('domestic');
    expect(noVat.total).toBe('12618.75');
  });

  it('an order to Norway carries no Swedish VAT (export)', async () => {
    const placed = await place({ ...testCustomer, country: 'NO', personalNumber: '01019012345' });
    expect(placed.total).toBe('10095.00');
    expect(placed.view).toMatchObject({ vatTreatment: 'export', vat: '0.00' });
    const { bytes } = await download(
      `/api/orders/${placed.orderNumber}/invoice.pdf?token=${placed.accessToken}`,
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Export of goods outside the EU, exempt from VAT (Article 146 of Council');
    expect(text).toContain('Export av varor till land utanför EU');
    expect(text).toContain('VAT 0 %');
    expect(text).toContain('Total to pay 10 095,00 SEK');
    expect(text).not.toContain('2 523,75');
  });

  it('refuses a malformed or wrong-check-digit VAT number with a message on the field, storing nothing', async () => {
    for (const [vatNumber, message] of [
      ['DE136695977', 'VAT number is not valid (check digit)'],
      ['DE1234', 'VAT number does not have the format of Germany'],
      ['FR40303265045', 'VAT number must start with DE'],
    ] as const) {
      const res = await request<{ error: string; fieldErrors: Record<string, string> }>(
        server,
        '/api/orders',
        {
          method: 'POST',
          json: { idempotencyKey: key(), customer: { ...germanCompany, vatNumber }, lines },
        },
      );
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors['customer.vatNumber']).toBe(message);
    }
  });

  it('a separate billing address is printed as the billed address; delivery stays', async () => {
    const placed = await place({
      ...testCustomer,
      separateBilling: true,
      billingAddress: 'Box 123\n111 22 Stockholm',
    });
    expect(placed.view.customer.billingAddress).toBe('Box 123\n111 22 Stockholm');
    const missing = await request<{ fieldErrors: Record<string, string> }>(server, '/api/orders', {
      method: 'POST',
      json: { idempotencyKey: key(), customer: { ...testCustomer, separateBilling: true }, lines },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors['customer.billingAddress']).toBe('Please fill in the billing address');
  });
});

describe('admin CSV export', () => {
  it("carries the VAT rule, the buyer's VAT number, reference and billing address", async () => {
    const placed = await place({
      ...germanCompany,
      separateBilling: true,
      billingAddress: 'Postfach 7\n10001 Berlin',
    });
    const response = await fetch(`${server.url}/api/admin/orders.csv?q=${placed.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    const [header = [], ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]?.[header.indexOf(name)];
    expect(cell('Ordernummer')).toBe(placed.orderNumber);
    expect(cell('Momsbehandling')).toBe('reverse_charge');
    expect(cell('Köparens momsreg.nr')).toBe('DE136695976');
    expect(cell('Er referens')).toBe('PO-4711');
    expect(cell('Fakturaadress')).toBe('Postfach 7\n10001 Berlin');
    expect(cell('Totalt (kr)')).toBe(placed.view.exVat);
  });
});

describe('invoice language', () => {
  it('a Swedish invoice names products and countries in Swedish; a German one in English', async () => {
    const swedish = await place(testCustomer);
    const sv = await (
      await fetch(`${server.url}/api/orders/${swedish.orderNumber}/invoice?token=${swedish.accessToken}`)
    ).text();
    expect(sv).toContain('Kuponghäfte');
    expect(sv).toContain('Sverige');
    expect(sv).not.toContain('Coupon Booklet');
    const german = await place(germanCompany);
    const en = await (
      await fetch(`${server.url}/api/orders/${german.orderNumber}/invoice?token=${german.accessToken}`)
    ).text();
    expect(en).toContain('Coupon Booklet');
    expect(en).toContain('Germany');
  });

  it('a customised line names its colour and prints in the invoice language', () => {
    const design = {
      color: 'navy',
      prints: [{ method: 'dtg', uploadId: 'upload-1', side: 'back', x: 50, y: 40, scale: 0.3 }],
      additionalInfo: '',
    } as const satisfies Customisation;
    const line = {
      productId: 'hoodie',
      name: 'Hoodie',
      customisation: { ...design, prints: [...design.prints] },
    };
    expect(orderLineText('sv', line).details.map((d) => d.text)).toEqual([
      'Färg: Marinblå',
      'Tryck: DTG-tryck (Baksida)',
    ]);
    expect(orderLineText('en', line).details.map((d) => d.text)).toEqual([
      'Colour: Navy',
      'Prints: DTG print (Back)',
    ]);
  });
});

describe('PDF invoice', () => {
  it('reads back with invoice number, OCR, F-skatt, VAT lines and total (Swedish buyer)', async () => {
    const placed = await place(swedishCompany('Inköp 77'));
    const { response, bytes } = await download(
      `/api/orders/${placed.orderNumber}/invoice.pdf?token=${placed.accessToken}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Invoice_${placed.orderNumber}.pdf"`,
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Faktura');
    expect(text).toContain(placed.orderNumber);
    expect(text).toContain(placed.view.payment.ocr);
    expect(text).toContain('Godkänd för F-skatt');
    expect(text).toContain('Moms 25 % (underlag 10 095,00 kr) 2 523,75 kr');
    expect(text).toContain('Summa exkl. moms 10 095,00 kr');
    expect(text).toContain('Att betala 12 618,75 kr');
    expect(text).toContain('Er referens');
    expect(text).toContain('Inköp 77');
    expect(text).toContain('Storlekar: 30 M, 20 L');
    expect(text).toContain(server.config.seller.bankgiro);
    expect(text).toContain(server.config.seller.orgNumber);
    expect(text).toContain(`Säte: ${server.config.seller.registeredOffice}`);
    // A4 portrait.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const page = await pdf.getPage(1);
    expect(page.view.map(Math.round)).toEqual([0, 0, 595, 842]);
  });

  it('the intra-Community PDF says so with Article 138, names both VAT numbers, the IBAN and BIC', async () => {
    const placed = await place(germanCompany);
    const { bytes } = await download(`/api/admin/orders/${placed.orderNumber}/invoice.pdf`, {
      cookie: server.cookie,
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Unionsintern leverans / Intra-Community supply');
    expect(text).toContain('Intra-Community supply of goods, exempt from VAT under Article 138');
    expect(text).toContain('Unionsintern leverans av varor, undantagen från moms enligt 10 kap. 42 §');
    expect(text).not.toContain('Reverse charge');
    expect(text).toContain("Buyer's VAT no.: DE136695976");
    expect(text).toContain(server.config.seller.vatNumber);
    expect(text).toContain('Total to pay 10 095,00 SEK');
    expect(text).toContain('BIC');
    expect(text).toContain(server.config.seller.bic);
  });

  it('needs the buyer token or an admin session', async () => {
    const placed = await place(testCustomer);
    expect((await download(`/api/orders/${placed.orderNumber}/invoice.pdf`)).response.status).toBe(404);
    expect(
      (await download(`/api/orders/${placed.orderNumber}/invoice.pdf?token=wrong`)).response.status,
    ).toBe(404);
    expect((await download(`/api/admin/orders/${placed.orderNumber}/invoice.pdf`)).response.status).toBe(401);
  });

  it("the buyer's confirmation email (.eml) carries the PDF instead of the HTML file", async () => {
    const placed = await place(testCustomer);
    await server.app.emailOutbox.drain();
    const eml = await readFile(
      join(server.dataDir, 'outbox', `${placed.orderNumber}-buyer_confirmation.eml`),
      'utf8',
    );
    expect(eml).toContain(`Content-Type: application/pdf; name=Invoice_${placed.orderNumber}.pdf`);
    expect(eml).not.toContain('text/html');
    expect(eml).toContain(placed.view.payment.ocr);
    // eslint-disable-next-line regexp/no-super-linear-backtracking -- reads the shop's own test email
    const base64 = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
      eml,
    )?.[1];
    expect(base64).toBeDefined();
    const text = await pdfText(Buffer.from(base64 ?? '', 'base64'));
    expect(text).toContain(placed.orderNumber);
    expect(text).toContain('Godkänd för F-skatt');
  });
});

/** The validators start a JVM and compile three rule sets: minutes on a busy machine. */
const VALIDATOR_TIMEOUT = 300_000;

describe('Peppol BIS Billing 3.0', () => {
  const amount = (doc: ReturnType<typeof ubl>, name: string) =>
    doc.all(name).map((element) => element.textContent);
  const endpoints = (doc: ReturnType<typeof ubl>) =>
    doc.all('cbc:EndpointID').map((e) => [e.getAttribute('schemeID'), e.textContent]);
  /** The e-invoice at `path`: it must pass the validators a Peppol access point runs. */
  async function eInvoice(path: string, headers: Record<string, string> = {}) {
    const { response, bytes } = await download(path, headers);
    expect(response.status).toBe(200);
    const xml = bytes.toString('utf8');
    const validation = await validateUbl(xml);
    expect(validation.output).toMatch(/^0 fatal/m);
    expect(validation.ok).toBe(true);
    return ubl(xml);
  }

  /** The order through production to shipped, unpaid (the shipped step records the delivery). */
  async function ship(orderNumber: string) {
    await approveProof(orderNumber);
    await patchStatus(orderNumber, { status: 'in_production' });
    await patchStatus(orderNumber, { status: 'shipped', carrier: 'dhl', trackingNumber: 'JJD0001234567' });
  }

  it(
    'a Swedish invoice: category S 25 %, totals match the invoice, F-skatt, bankgiro with OCR',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(swedishCompany('Ref 12'));
      const { response, bytes } = await download(
        `/api/orders/${placed.orderNumber}/invoice.xml?token=${placed.accessToken}`,
      );
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const validation = await validateUbl(bytes.toString('utf8'));
      expect(validation.output).toMatch(/^0 fatal/m);
      expect(validation.ok).toBe(true);
      const doc = ubl(bytes.toString('utf8'));
      expect(doc.one('cbc:CustomizationID')).toBe(
        'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      );
      expect(doc.one('cbc:ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
      expect(doc.one('cbc:ID')).toBe(placed.orderNumber);
      expect(doc.one('cbc:InvoiceTypeCode')).toBe('380');
      expect(doc.one('cbc:DocumentCurrencyCode')).toBe('SEK');
      expect(doc.one('cbc:BuyerReference')).toBe('Ref 12');
      expect(doc.one('cbc:IssueDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // Totals (BR-CO-10, BR-CO-13, BR-CO-15) equal the invoice's.
      const lineNets = amount(doc, 'cbc:LineExtensionAmount').slice(1).map(Number);
      expect(lineNets.reduce((a, b) => a + b, 0).toFixed(2)).toBe('10095.00');
      expect(amount(doc, 'cbc:LineExtensionAmount')[0]).toBe('10095.00');
      expect(doc.one('cbc:TaxExclusiveAmount')).toBe('10095.00');
      expect(doc.one('cbc:TaxInclusiveAmount')).toBe('12618.75');
      expect(doc.one('cbc:PayableAmount')).toBe(placed.total);
      expect(amount(doc, 'cbc:TaxAmount')).toEqual(['2523.75', '2523.75']);
      expect(doc.one('cbc:TaxableAmount')).toBe('10095.00');
      const category = doc.all('cac:TaxCategory')[0];
      expect(category?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe('S');
      expect(category?.getElementsByTagName('cbc:Percent')[0]?.textContent).toBe('25');
      // SE-R-005: F-tax as a TAX scheme of the seller.
      const schemes = doc
        .all('cac:PartyTaxScheme')
        .map((s) => [
          s.getElementsByTagName('cbc:CompanyID')[0]?.textContent,
          s.getElementsByTagName('cbc:ID')[0]?.textContent,
        ]);
      expect(schemes).toContainEqual(['Godkänd för F-skatt', 'TAX']);
      expect(schemes).toContainEqual([server.config.seller.vatNumber, 'VAT']);
      // Seller and buyer org numbers, 10 digits, scheme 0007 (SE-R-003/004).
      expect(endpoints(doc)).toEqual([
        ['0007', server.config.seller.orgNumber.replace('-', '')],
        ['0007', '5566778899'],
      ]);
      // Bankgiro as the one payment means with the OCR reference (SE-R-008, UBL-SR-46).
      expect(doc.all('cac:PaymentMeans')).toHaveLength(1);
      expect(doc.one('cbc:PaymentMeansCode')).toBe('30');
      expect(doc.one('cbc:PaymentID')).toBe(placed.view.payment.ocr);
      expect(doc.all('cac:PayeeFinancialAccount')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent).toMatch(
        /^\d{7,8}$/,
      );
      expect(doc.all('cac:FinancialInstitutionBranch')[0]?.textContent).toBe('SE:BANKGIRO');
      // Every line: quantity, net amount = what the PDF shows, item name, category.
      const invoiceLines = doc.all('cac:InvoiceLine');
      expect(invoiceLines).toHaveLength(2);
      expect(invoiceLines[0]?.getElementsByTagName('cbc:InvoicedQuantity')[0]?.getAttribute('unitCode')).toBe(
        'H87',
      );
      expect(invoiceLines[0]?.getElementsByTagName('cbc:PriceAmount')[0]?.textContent).toBe('91.5');
      // No empty elements (PEPPOL-EN16931-R008).
      expect(
        doc.all('*').filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() === ''),
      ).toEqual([]);
    },
  );

  it(
    'an EU company buying goods: intra-Community supply (K, Article 138) with the delivery date, once shipped',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(germanCompany);
      const path = `/api/admin/orders/${placed.orderNumber}/invoice.xml`;
      // Before shipping there is no delivery date to state (BR-IC-11): a clear refusal, not a file.
      const early = await request<{ error: string }>(server, path, { headers: { cookie: server.cookie } });
      expect(early.status).toBe(409);
      expect(early.body.error).toBe(
        'The e-invoice of an intra-Community supply must state the delivery date, so it is available once the order has shipped. The invoice is already available as a PDF.',
      );
      const swedish = await request<{ error: string }>(server, path, {
        headers: { cookie: `${server.cookie}; lang=sv` },
      });
      expect(swedish.body.error).toContain('unionsintern leverans kräver leveransdatum');

      await ship(placed.orderNumber);
      const doc = await eInvoice(path, { cookie: server.cookie });
      const category = doc.all('cac:TaxCategory')[0];
      expect(category?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe('K');
      expect(doc.one('cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-IC');
      expect(doc.one('cbc:TaxExemptionReason')).toContain('Intra-Community supply');
      expect(doc.one('cbc:TaxExemptionReason')).toContain('Article 138');
      expect(doc.one('cbc:TaxExemptionReason')).toContain('10 kap. 42 §');
      expect(doc.one('cbc:ActualDeliveryDate')).toBe(stockholmToday());
      expect(doc.one('cbc:PayableAmount')).toBe('10095.00');
      expect(amount(doc, 'cbc:TaxAmount')).toEqual(['0.00', '0.00']);
      // The buyer's electronic address is its VAT number in the German VAT scheme, never an email.
      expect(endpoints(doc)).toEqual([
        ['0007', server.config.seller.orgNumber.replace('-', '')],
        ['9930', 'DE136695976'],
      ]);
      expect(
        doc.all('cac:PartyTaxScheme').map((s) => s.getElementsByTagName('cbc:CompanyID')[0]?.textContent),
      ).toContain('DE136695976');
      // One payment means: the IBAN and BIC for a payer abroad, with the OCR reference.
      expect(doc.all('cac:PaymentMeans')).toHaveLength(1);
      expect(doc.all('cac:PayeeFinancialAccount')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe(
        server.config.seller.iban.replace(/\s+/g, ''),
      );
      expect(doc.one('cbc:PaymentID')).toBe(placed.view.payment.ocr);
      // Address parts in their own elements; the country only as its code.
      const buyerAddress = doc
        .all('cac:AccountingCustomerParty')[0]
        ?.getElementsByTagName('cac:PostalAddress')[0];
      expect(buyerAddress?.getElementsByTagName('cbc:StreetName')[0]?.textContent).toBe('Hauptstraße 5');
      expect(buyerAddress?.getElementsByTagName('cbc:PostalZone')[0]?.textContent).toBe('10115');
      expect(buyerAddress?.getElementsByTagName('cbc:CityName')[0]?.textContent).toBe('Berlin');
      expect(doc.document.documentElement.textContent).not.toContain('Sweden');
      expect(doc.one('cbc:BuyerReference')).toBe('PO-4711');
    },
  );

  it(
    'a company outside the EU: export (G) to its Norwegian organisation number (0192)',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(norwegianCompany);
      expect(placed.view.vatTreatment).toBe('export');
      const doc = await eInvoice(`/api/orders/${placed.orderNumber}/invoice.xml?token=${placed.accessToken}`);
      expect(doc.all('cac:TaxCategory')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe('G');
      expect(doc.one('cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-G');
      expect(doc.one('cbc:TaxExemptionReason')).toContain('Article 146');
      expect(doc.one('cbc:PayableAmount')).toBe('10095.00');
      expect(endpoints(doc)[1]).toEqual(['0192', '923609016']);
      expect(doc.all('cac:PaymentMeans')).toHaveLength(1);
    },
  );

  it(
    'BT-10 is the reference, BT-13 the purchase order number; a Peppol ID given at checkout is the address',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place({
        ...testCustomer,
        customerType: 'company',
        companyName: 'Kommunen',
        orgNumber: '556677-8899',
        personalNumber: '',
        buyerReference: 'Anna Andersson',
        purchaseOrderNumber: 'IO-2026-17',
        peppolId: '0007:5567321707',
      });
      const doc = await eInvoice(`/api/orders/${placed.orderNumber}/invoice.xml?token=${placed.accessToken}`);
      expect(doc.one('cbc:BuyerReference')).toBe('Anna Andersson');
      expect(doc.all('cac:OrderReference')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe(
        'IO-2026-17',
      );
      expect(endpoints(doc)[1]).toEqual(['0007', '5567321707']);
      const { bytes } = await download(
        `/api/orders/${placed.orderNumber}/invoice.pdf?token=${placed.accessToken}`,
      );
      const text = await pdfText(bytes);
      expect(text).toContain('Inköpsordernummer');
      expect(text).toContain('IO-2026-17');

      // A Peppol ID must have a known scheme and a plausible number.
      const refused = await request<{ fieldErrors: Record<string, string> }>(server, '/api/orders', {
        method: 'POST',
        json: {
          idempotencyKey: key(),
          customer: { ...germanCompany, peppolId: 'EM:inkop@example.com' },
          lines,
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors['customer.peppolId']).toBe(
        'The Peppol ID must be a scheme and a number, e.g. 0007:5567321707 (Swedish organisation number) or 0088:7300010000001 (GLN)',
      );
    },
  );

  it('private buyers get no e-invoice, said plainly; nor a company with no Peppol address', async () => {
    for (const customer of [
      testCustomer,
      { ...testCustomer, country: 'NO', personalNumber: '01019012345' },
    ]) {
      const placed = await place(customer);
      const res = await request<{ error: string }>(
        server,
        `/api/orders/${placed.orderNumber}/invoice.xml?token=${placed.accessToken}`,
      );
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(
        'E-invoices (Peppol) are for companies and public bodies only. Private buyers get the invoice as a PDF.',
      );
    }
    const privateSwedish = await place(testCustomer);
    const sv = await request<{ error: string }>(
      server,
      `/api/orders/${privateSwedish.orderNumber}/invoice.xml?token=${privateSwedish.accessToken}`,
      { headers: { cookie: 'lang=sv' } },
    );
    expect(sv.body.error).toBe(
      'E-faktura (Peppol) finns bara för företag och offentliga köpare. Privatpersoner får fakturan som PDF.',
    );
    // A German company without a VAT number pays Swedish VAT and has no address in the code lists.
    const noVat = await place({ ...germanCompany, vatNumber: '' });
    const res = await request<{ error: string }>(
      server,
      `/api/orders/${noVat.orderNumber}/invoice.xml?token=${noVat.accessToken}`,
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('We have no Peppol address for the buyer');
  });

  it(
    'a supplementary invoice (380) and a credit note (381, BillingReference to its invoice) as e-invoices at the documents’ .xml; links in the documents; none for a private buyer',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(swedishCompany('Ref 12'));
      // A raster print file added after ordering: the conversion fee on a supplementary invoice.
      const supplementary = await addConversion(placed);
      await patchStatus(placed.orderNumber, { status: 'cancelled', reason: 'Fel storlek' });

      const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${placed.orderNumber}`, {
        headers: { cookie: server.cookie },
      });
      const documents = detail.body.documents;
      expect(documents.map((d) => d.kind)).toEqual([
        'invoice',
        'supplementary_invoice',
        'credit_note',
        'credit_note',
      ]);
      for (const document of documents)
        expect(document.xml).toBe(`/api/admin/orders/${placed.orderNumber}/documents/${document.number}.xml`);
      const creditOfInvoice = documents.find((d) => d.corrects === placed.orderNumber);
      if (!creditOfInvoice) throw new Error('no credit note of the invoice');
      // The buyer's order page lists the same documents with its own links.
      const view = await request<OrderView>(
        server,
        `/api/orders/${placed.orderNumber}?token=${placed.accessToken}`,
      );
      const buyerCredit = view.body.money.documents.find((d) => d.number === creditOfInvoice.number);
      expect(buyerCredit?.xml).toBe(
        `/api/orders/${placed.orderNumber}/documents/${creditOfInvoice.number}.xml`,
      );

      const admin = { cookie: server.cookie };
      const [supplementaryXml, creditXml] = await Promise.all([
        eInvoice(`/api/admin/orders/${placed.orderNumber}/documents/${supplementary}.xml`, admin),
        eInvoice(
          `/api/orders/${placed.orderNumber}/documents/${creditOfInvoice.number}.xml?token=${placed.accessToken}`,
        ),
      ]);
      expect(supplementaryXml.one('cbc:InvoiceTypeCode')).toBe('380');
      expect(supplementaryXml.one('cbc:ID')).toBe(supplementary);
      expect(supplementaryXml.one('cbc:PayableAmount')).toBe('100.00');
      expect(supplementaryXml.document.documentElement.localName).toBe('Invoice');

      expect(creditXml.document.documentElement.localName).toBe('CreditNote');
      expect(creditXml.one('cbc:CreditNoteTypeCode')).toBe('381');
      expect(creditXml.one('cbc:ID')).toBe(creditOfInvoice.number);
      const reference = creditXml.all('cac:InvoiceDocumentReference')[0];
      expect(reference?.getElementsByTagName('cbc:ID')[0]?.textContent).toBe(placed.orderNumber);
      expect(reference?.getElementsByTagName('cbc:IssueDate')[0]?.textContent).toBe(stockholmToday());
      // Credited amounts are stated positive, equal to the invoice's.
      expect(creditXml.one('cbc:PayableAmount')).toBe(placed.total);
      expect(creditXml.all('cbc:CreditedQuantity').map((q) => q.textContent)).toEqual(['50', '300']);

      // A private buyer's documents have no e-invoice: no link, and the route says why.
      const personal = await place(testCustomer);
      const personalDetail = await request<AdminOrderDetail>(
        server,
        `/api/admin/orders/${personal.orderNumber}`,
        {
          headers: admin,
        },
      );
      expect(personalDetail.body.documents.map((d) => d.xml)).toEqual([null]);
      const refused = await request<{ error: string }>(
        server,
        `/api/admin/orders/${personal.orderNumber}/documents/${personal.orderNumber}.xml`,
        { headers: admin },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.error).toContain('Private buyers get the invoice as a PDF');
    },
  );
});

describe('every buyer case: invoice, supplementary invoice and credit notes as e-invoices', () => {
  const admin = () => ({ cookie: server.cookie });
  /** The VAT categories: the breakdown's, then each line's. */
  const categoryOf = (doc: ReturnType<typeof ubl>) =>
    [...doc.all('cac:TaxCategory'), ...doc.all('cac:ClassifiedTaxCategory')].map(
      (c) => c.getElementsByTagName('cbc:ID')[0]?.textContent,
    );
  const billingReference = (doc: ReturnType<typeof ubl>) =>
    doc.all('cac:InvoiceDocumentReference')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent;
  async function credit(orderNumber: string, json: Record<string, unknown>) {
    const res = await request<{ creditNote: string }>(
      server,
      `/api/admin/orders/${orderNumber}/credit-notes`,
      {
        method: 'POST',
        json,
        headers: admin(),
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.creditNote;
  }

  /**
   * Every document of the order, each fetched at the `xml` link the admin detail gives it and run
   * through validate-ubl (no fatal rule): the parsed e-invoices by document number.
   */
  async function eInvoicesOf(orderNumber: string) {
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, {
      headers: admin(),
    });
    const documents = detail.body.documents;
    const parsed = await Promise.all(
      documents.map(async (document) => {
        expect(document.xml, document.number).toBe(
          `/api/admin/orders/${orderNumber}/documents/${document.number}.xml`,
        );
        const { response, bytes } = await download(document.xml ?? '', admin());
        expect(response.status, `${document.number}: ${bytes.toString('utf8')}`).toBe(200);
        const validation = await validateUbl(bytes.toString('utf8'));
        expect(validation.output, document.number).toMatch(/^0 fatal/m);
        expect(validation.ok).toBe(true);
        return [document.number, ubl(bytes.toString('utf8'))] as const;
      }),
    );
    return { documents, xml: new Map(parsed) };
  }

  async function pdfOf(orderNumber: string, number: string) {
    const { bytes } = await download(`/api/admin/orders/${orderNumber}/documents/${number}.pdf`, admin());
    // The notice wraps: one line of words, as a reader reads it.
    return (await pdfText(bytes)).replace(/\s+/g, ' ');
  }

  it(
    'an EU company: goods K (Article 138) with the delivery date, the later conversion K too (ancillary to the goods, C-349/96), a credit note of each',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(germanCompany);
      const supplementary = await addConversion(placed);
      await approveProof(placed.orderNumber);
      await patchStatus(placed.orderNumber, { status: 'in_production' });
      await patchStatus(placed.orderNumber, {
        status: 'shipped',
        carrier: 'dhl',
        trackingNumber: 'JJD0001234568',
      });
      const goodsCredit = await credit(placed.orderNumber, { amount: '1 000,00', reason: 'Rabatt' });
      const serviceCredit = await credit(placed.orderNumber, { invoice: supplementary, reason: 'Fel fil' });

      const { xml } = await eInvoicesOf(placed.orderNumber);
      expect([...xml.keys()]).toEqual([placed.orderNumber, supplementary, goodsCredit, serviceCredit]);
      const invoice = xml.get(placed.orderNumber);
      expect(invoice && categoryOf(invoice)).toEqual(['K', 'K', 'K']);
      expect(invoice?.one('cbc:ActualDeliveryDate')).toBe(stockholmToday());

      // The conversion after ordering is ancillary to the goods (decision 0045): K, like them.
      const service = xml.get(supplementary);
      expect(service && categoryOf(service)).toEqual(['K', 'K']);
      expect(service?.one('cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-IC');
      expect(service?.one('cbc:TaxExemptionReason')).toContain('Article 138');
      expect(service?.one('cbc:PayableAmount')).toBe('80.00');
      expect(service?.one('cbc:BuyerReference')).toBe('PO-4711');

      // The credit of an amount of the goods invoice is goods too: K, with the delivery date.
      const goods = xml.get(goodsCredit);
      expect(goods?.one('cbc:CreditNoteTypeCode')).toBe('381');
      expect(goods && billingReference(goods)).toBe(placed.orderNumber);
      expect(goods && categoryOf(goods)).toEqual(['K', 'K']);
      expect(goods?.one('cbc:ActualDeliveryDate')).toBe(stockholmToday());
      expect(goods?.one('cbc:PayableAmount')).toBe('1000.00');
      const serviceCreditXml = xml.get(serviceCredit);
      expect(serviceCreditXml && billingReference(serviceCreditXml)).toBe(supplementary);
      expect(serviceCreditXml && categoryOf(serviceCreditXml)).toEqual(['K', 'K']);
      expect(serviceCreditXml?.one('cbc:PayableAmount')).toBe('80.00');

      // The PDFs say the same in words: Article 138, never reverse charge of a service.
      const servicePdf = await pdfOf(placed.orderNumber, supplementary);
      expect(servicePdf).toContain('Unionsintern leverans / Intra-Community supply');
      expect(servicePdf).not.toContain('Reverse charge');
      expect(servicePdf).toContain('DE136695976');
      const goodsCreditPdf = await pdfOf(placed.orderNumber, goodsCredit);
      expect(goodsCreditPdf).toContain('Unionsintern leverans / Intra-Community supply');
      expect(goodsCreditPdf).toContain('Article 138');
      expect(goodsCreditPdf).toContain(placed.orderNumber);
    },
  );

  it(
    'crediting only the fee of an EU company\'s goods invoice credits goods: K and "Intra-Community supply", not reverse charge',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      // A raster print file at checkout: its conversion fee is on the order's invoice, ancillary to the goods.
      const res = await request<Placed>(server, '/api/orders', {
        method: 'POST',
        json: {
          idempotencyKey: key(),
          customer: germanCompany,
          lines,
          printFiles: [await uploadRasterFile()],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const orderNumber = res.body.orderNumber;
      await approveProof(orderNumber);
      await patchStatus(orderNumber, { status: 'in_production' });
      await patchStatus(orderNumber, { status: 'shipped', carrier: 'dhl', trackingNumber: 'JJD0001234569' });
      // Lines 0 and 1 are the products, line 2 the fee (80 kr without VAT).
      const feeCredit = await credit(orderNumber, { lines: [2], reason: 'Konverteringen behövdes inte' });

      const { xml } = await eInvoicesOf(orderNumber);
      const invoice = xml.get(orderNumber);
      expect(invoice && categoryOf(invoice)).toEqual(['K', 'K', 'K', 'K']);
      const creditXml = xml.get(feeCredit);
      expect(creditXml?.one('cbc:PayableAmount')).toBe('80.00');
      expect(creditXml && categoryOf(creditXml)).toEqual(['K', 'K']);
      expect(creditXml?.one('cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-IC');
      const pdf = await pdfOf(orderNumber, feeCredit);
      expect(pdf).toContain('Unionsintern leverans / Intra-Community supply');
      expect(pdf).not.toContain('Reverse charge');
    },
  );

  it(
    'a company outside the EU: goods G (export, Article 146), the later conversion G too (ancillary, never Article 44); cancelled: a credit note of each',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place(norwegianCompany);
      const supplementary = await addConversion(placed);
      await patchStatus(placed.orderNumber, { status: 'cancelled', reason: 'Fel storlek' });

      const { documents, xml } = await eInvoicesOf(placed.orderNumber);
      expect(documents.map((d) => [d.kind, d.corrects])).toEqual([
        ['invoice', null],
        ['supplementary_invoice', null],
        ['credit_note', placed.orderNumber],
        ['credit_note', supplementary],
      ]);
      const [, , goodsCredit, serviceCredit] = documents.map((d) => d.number);
      expect(categoryOf(xml.get(placed.orderNumber) ?? ubl('<x/>'))).toEqual(['G', 'G', 'G']);
      const service = xml.get(supplementary);
      expect(service && categoryOf(service)).toEqual(['G', 'G']);
      expect(service?.one('cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-G');
      expect(service?.one('cbc:TaxExemptionReason')).toContain('Article 146');
      const goods = xml.get(goodsCredit ?? '');
      expect(goods && categoryOf(goods)).toEqual(['G', 'G', 'G']);
      expect(goods && billingReference(goods)).toBe(placed.orderNumber);
      expect(goods?.one('cbc:PayableAmount')).toBe(placed.total);
      const serviceCreditXml = xml.get(serviceCredit ?? '');
      expect(serviceCreditXml && categoryOf(serviceCreditXml)).toEqual(['G', 'G']);
      expect(serviceCreditXml && billingReference(serviceCreditXml)).toBe(supplementary);

      const servicePdf = await pdfOf(placed.orderNumber, supplementary);
      expect(servicePdf).toContain('Export of goods outside the EU, exempt from VAT (Article 146');
      expect(servicePdf).not.toContain('Article 44');
    },
  );

  it(
    'a public-sector buyer (Peppol ID, reference and purchase order number): S 25 % on all three, BT-10 and BT-13 on each',
    { timeout: VALIDATOR_TIMEOUT },
    async () => {
      const placed = await place({
        ...testCustomer,
        customerType: 'company',
        companyName: 'Exempels kommun',
        orgNumber: '212000-0142',
        personalNumber: '',
        buyerReference: 'Anna Andersson',
        purchaseOrderNumber: 'IO-2026-18',
        peppolId: '0007:2120000142',
      });
      const supplementary = await addConversion(placed);
      await patchStatus(placed.orderNumber, { status: 'cancelled', reason: 'Fel storlek' });

      const { documents, xml } = await eInvoicesOf(placed.orderNumber);
      expect(documents.map((d) => d.kind)).toEqual([
        'invoice',
        'supplementary_invoice',
        'credit_note',
        'credit_note',
      ]);
      for (const [number, doc] of xml) {
        expect(doc.one('cbc:BuyerReference'), number).toBe('Anna Andersson');
        expect(doc.all('cac:OrderReference')[0]?.getElementsByTagName('cbc:ID')[0]?.textContent, number).toBe(
          'IO-2026-18',
        );
        expect(doc.all('cbc:EndpointID')[1]?.textContent, number).toBe('2120000142');
        expect(new Set(categoryOf(doc)), number).toEqual(new Set(['S']));
      }
      expect(xml.get(supplementary)?.one('cbc:PayableAmount')).toBe('100.00');
      expect(
        xml
          .get(supplementary)
          ?.all('cbc:TaxAmount')
          .map((a) => a.textContent),
      ).toEqual(['20.00', '20.00']);
    },
  );
});

describe('SIE 4 export', () => {
  it('one balanced verification per invoice and per payment, PC8 and CRLF', async () => {
    const se = await place({
      ...testCustomer,
      customerType: 'company',
      companyName: 'Åkeriet Öst AB',
      orgNumber: '556677-8899',
      personalNumber: '',
    });
    const de = await place(germanCompany);
    const no = await place({ ...testCustomer, country: 'NO', personalNumber: '01019012345' });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const paid = await request(server, `/api/admin/orders/${se.orderNumber}/payments`, {
      method: 'POST',
      json: { amount: se.total, paidOn: today },
      headers: { cookie: server.cookie },
    });
    expect(paid.status).toBe(201);

    const { response, bytes } = await download(`/api/admin/sie?from=${today}&to=${today}`, {
      cookie: server.cookie,
    });
    expect(response.status).toBe(200);
    const check = await validateSie(bytes);
    expect(check.output).toContain('valid: yes');
    expect(check.valid).toBe(true);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="bokforing-${today}-${today}.se"`,
    );
    // Code page 437: ö is byte 0x94, Å is 0x8f; every line ends in CRLF.
    expect(bytes.includes(Buffer.from([0x94]))).toBe(true);
    const text = iconv.decode(bytes, 'cp437');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('#FORMAT PC8');
    expect(text).toContain('#SIETYP 4');
    expect(text).toContain(`#ORGNR ${server.config.seller.orgNumber}`);
    expect(text).toContain('Åkeriet Öst AB');

    // Parse verifications: each balances (debit = credit).
    const verifications = new Map<string, [string, number][]>();
    let current: [string, number][] | undefined;
    for (const line of text.split('\r\n')) {
      const header = /^#VER (\w) \d+ \d{8} "([^"]*)"/.exec(line);
      if (header) verifications.set(`${header[1]} ${header[2]}`, (current = []));
      const trans = /^#TRANS (\d{4}) \{\} (-?\d+\.\d{2})$/.exec(line);
      if (trans && current) current.push([trans[1] ?? '', Math.round(Number(trans[2]) * 100)]);
    }
    for (const [name, transactions] of verifications) {
      expect(
        transactions.reduce((sum, [, ore]) => sum + ore, 0),
        name,
      ).toBe(0);
    }
    const find = (prefix: string) => [...verifications].find(([name]) => name.startsWith(prefix))?.[1];
    expect(find(`A Faktura ${se.orderNumber}`)).toEqual([
      ['1510', 1261875],
      ['3001', -1009500],
      ['2611', -252375],
    ]);
    expect(find(`A Faktura ${de.orderNumber}`)).toEqual([
      ['1510', 1009500],
      ['3108', -1009500],
    ]);
    expect(find(`A Faktura ${no.orderNumber}`)).toEqual([
      ['1510', 1009500],
      ['3105', -1009500],
    ]);
    expect(find(`B Betalning ${se.orderNumber}`)).toEqual([
      ['1930', 1261875],
      ['1510', -1261875],
    ]);
  });

  it('refuses a bad range with a clear message', async () => {
    const bad = await request<{ error: string }>(server, '/api/admin/sie?from=2026-02-01&to=2026-01-01', {
      headers: { cookie: server.cookie },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('The from date must come before the to date');
    const swedish = await request<{ error: string }>(server, '/api/admin/sie?from=2026-02-01&to=2026-01-01', {
      headers: { cookie: `${server.cookie}; lang=sv` },
    });
    expect(swedish.body.error).toBe('Från-datum måste vara före till-datum');
    const malformed = await request<{ error: string }>(
      server,
      '/api/admin/sie?from=yesterday&to=2026-01-01',
      { headers: { cookie: server.cookie } },
    );
    expect(malformed.status).toBe(400);
    expect((await request(server, '/api/admin/sie?from=2026-01-01&to=2026-01-02')).status).toBe(401);
  });
});
