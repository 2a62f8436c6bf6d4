import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { readEml } from '@tests/helpers/eml';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { minimalPdf, uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * Anyone can order for any address and type any name and file name: the shop's emails to that
 * address must not carry those words as the shop's (issue: "Your card was charged 9 999 kr" in the
 * To header and greeting of a cancellation, a file name with a phishing link in the confirmation).
 */

const server = useAdminServer();

// No link (checkout refuses those in a name, see below), but no name either: the greeting drops it.
const hostileName = 'Your card was charged 9 999 kr. Call 0900-123 45 67 to dispute';
const hostileFile = 'URGENT refund pending - confirm at refunds-bulkprint.example within 24h';
const pdf = minimalPdf;

/** Every email of the order: its To header, decoded subject and text, and whether the shop got it. */
function emailsOf(orderNumber: string) {
  const dir = join(server.dataDir, 'outbox');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${orderNumber}-`))
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
      const to = /^To: (.*)$/m.exec(head)?.[1] ?? '';
      return { name, to, ...readEml(raw), shop: name.includes('shop_notice') };
    });
}

describe("the stranger's words in the shop's emails", () => {
  it('buyer emails greet neutrally and address only the address; file names go out as the shop\'s "print file N (TYPE)"', async () => {
    const vector = await uploadPrintFile(server, pdf, `${hostileFile}.pdf`);
    const raster = await uploadPrintFile(server, makePng(64), `${hostileFile}.png`);
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        ...checkoutBody(`stranger-text-${Date.now()}-abcdef`),
        customer: { ...testCustomer, name: hostileName, email: 'victim@example.org' },
        printFiles: [vector.id, raster.id],
      },
    });
    expect(placed.status).toBe(201);
    const { orderNumber, accessToken } = placed.body;

    // A raster file added on the order page: a supplementary invoice email to the buyer.
    const later = await uploadPrintFile(server, makePng(32), `${hostileFile}.png`);
    const added = await request(server, `/api/orders/${orderNumber}/print-files`, {
      method: 'POST',
      json: { printFile: later.id, acceptConversionFee: true },
      headers: { 'x-order-token': accessToken },
    });
    expect(added.status).toBe(201);

    const cancelled = await request(server, `/api/admin/orders/${orderNumber}/status`, {
      method: 'PATCH',
      headers: { cookie: server.cookie },
      json: { status: 'cancelled', reason: 'Beställd i någon annans namn' },
    });
    expect(cancelled.status).toBe(200);
    await server.app.emailOutbox.drain();

    const emails = emailsOf(orderNumber);
    const buyer = emails.filter((e) => !e.shop);
    // Confirmation, supplementary invoice, cancellation (and the credit notes that cancel the invoices).
    expect(buyer.map((e) => e.subject.replace(/ .*/, '')).sort()).toEqual([
      'Beställningen',
      'Kreditfaktura',
      'Kreditfaktura',
      'Orderbekräftelse',
      'Tilläggsfaktura',
    ]);
    for (const email of buyer) {
      expect(email.to, email.name).toBe('victim@example.org');
      expect(`${email.subject}\n${email.text}`, email.name).not.toContain('refunds-bulkprint');
      expect(email.text, email.name).not.toContain('charged');
      expect(email.text, email.name).toMatch(/^Hej!\n/);
    }
    const confirmation = buyer.find((e) => e.subject.startsWith('Orderbekräftelse'));
    expect(confirmation?.text).toContain(
      `${printFileMessages.sv.received}:\n- tryckfil 1 (PDF): Vektor\n- tryckfil 2 (PNG): Raster`,
    );
    expect(confirmation?.text).toContain(
      `× ${printFileMessages.sv.conversionFee} – tryckfil 2 (PNG): 100,00 kr`,
    );
    const supplementary = buyer.find((e) => e.text.includes('Tack för tryckfil 3 (PNG) till beställning'));
    expect(supplementary).toBeDefined();

    // The shop's own notices name the buyer (the shop needs to know who ordered), never the file names.
    const shop = emails.filter((e) => e.shop);
    expect(shop.length).toBeGreaterThanOrEqual(2);
    for (const email of shop) {
      expect(`${email.subject}\n${email.text}`, email.name).not.toContain(hostileFile);
    }
    expect(shop.map((e) => e.subject)).toContain(`Ny tryckfil till ${orderNumber}: tryckfil 3 (PNG)`);

    // The invoice (a document sent to that address) repeats no file name that is not plain.
    const invoice = await request<string>(server, `/api/orders/${orderNumber}/invoice?token=${accessToken}`);
    expect(invoice.body).toContain(printFileMessages.sv.conversionFee);
    expect(invoice.body).not.toContain(hostileFile);
  });
});

describe("the stranger's links never reach the address typed", () => {
  it("the issue's delivery address, and a link in the company, reference or purchase order: 400 on that field, no order, no email", async () => {
    const outbox = join(server.dataDir, 'outbox');
    const emailsBefore = readdirSync(outbox).length;
    const company = {
      ...testCustomer,
      customerType: 'company',
      companyName: 'Exempel AB',
      orgNumber: '556016-0680',
      personalNumber: '',
      email: 'victim@example.org',
    };
    const attempts = [
      ['address', 'VIKTIGT: din order är spärrad. Betala 4375 kr till BG 555-5555 http://pay.example/x'],
      ['companyName', 'Exempel AB – betala på bulkprint-refunds.example'],
      ['buyerReference', 'support@bulkprint-refunds.example'],
      ['purchaseOrderNumber', 'bit.ly/betala'],
    ] as const;
    for (const [field, value] of attempts) {
      const placed = await request<{ fieldErrors?: Record<string, string> }>(server, '/api/orders', {
        method: 'POST',
        headers: { 'accept-language': 'sv' },
        json: {
          ...checkoutBody(`stranger-link-${field}-${Date.now()}`),
          customer: { ...company, [field]: value },
        },
      });
      expect(placed.status, field).toBe(400);
      expect(Object.keys(placed.body.fieldErrors ?? {}), field).toEqual([`customer.${field}`]);
      expect(placed.body.fieldErrors?.[`customer.${field}`], field).toMatch(
        / får inte innehålla en webbadress, ett domännamn eller en e-postadress$/,
      );
    }
    await server.app.emailOutbox.drain();
    expect(readdirSync(outbox)).toHaveLength(emailsBefore);
  });
});
