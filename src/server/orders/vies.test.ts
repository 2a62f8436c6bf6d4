import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatNumberCheckAnswer } from '@/shared/invoicing/vat-number';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { queryRows } from '@/server/db/query-rows';
import { runHousekeeping } from '@/server/housekeeping';
import type { AdminOrderDetail } from '@/shared/admin';
import { adminLogin } from '@tests/helpers/admin';
import { checkoutBody } from '@tests/helpers/orders';
import { request, startServer, type TestServer } from '@tests/helpers/server';

/**
 * VAT numbers at checkout against a VIES stand-in on 127.0.0.1 that answers as the EU's REST service
 * does (POST { countryCode, vatNumber }): registered, not registered, no answer in time, an error.
 */

const registered = '136695976';
const notRegistered = '999999995';
const slow = '100000008';
const failing = '100000016';
/** Unavailable until `recovered`; then registered, or not. */
const recoversValid = '100000024';
const recoversInvalid = '100000032';
let recovered = false;

let vies: Server;
let server: TestServer;
const asked: unknown[] = [];

beforeAll(async () => {
  vies = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
      asked.push(question);
      const answer = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const base = {
        countryCode: question.countryCode,
        vatNumber: question.vatNumber,
        requestDate: '2026-11-25',
      };
      if (question.vatNumber === registered)
        return answer(200, {
          ...base,
          valid: true,
          name: 'Beispiel GmbH',
          requestIdentifier: 'WAPIAAAAW1234',
        });
      if (question.vatNumber === notRegistered)
        return answer(200, { ...base, valid: false, name: '---', requestIdentifier: 'WAPIAAAAW5678' });
      if (recovered && question.vatNumber === recoversValid)
        return answer(200, { ...base, valid: true, name: 'Später GmbH', requestIdentifier: 'WAPIAAAAW9012' });
      if (recovered && question.vatNumber === recoversInvalid)
        return answer(200, { ...base, valid: false, name: '---', requestIdentifier: 'WAPIAAAAW3456' });
      if (question.vatNumber === slow)
        return void setTimeout(() => answer(200, { ...base, valid: true }), 3000);
      return answer(500, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
    });
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(vies.address() as AddressInfo).port}/check-vat-number`;
  server = await startServer({ env: { VIES_URL: url, VIES_TIMEOUT_SECONDS: '0.5' } });
});

afterAll(async () => {
  await server.close();
  vies.closeAllConnections();
  await new Promise((resolve) => vies.close(resolve));
});

let keys = 0;
async function orderWith(vatNumber: string) {
  const body = checkoutBody(`vies-${Date.now()}-${++keys}-abcdefgh`, keys);
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      ...body,
      customer: {
        customerType: 'company',
        name: 'Erika Mustermann',
        companyName: 'Beispiel GmbH',
        orgNumber: 'HRB 12345',
        email: 'erika@example.de',
        phone: '+49 30 1234567',
        country: 'DE',
        address: 'Hauptstraße 5\n10115 Berlin',
        vatNumber: `DE${vatNumber}`,
      },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const [stored] = await queryRows<{
    vat_treatment: string;
    total: string;
    net: string;
    vies_status: string | null;
    vies_name: string | null;
    vies_request_id: string | null;
  }>(
    server.database.db,
    sql`SELECT vat_treatment, total_amount::text AS total, ex_vat_amount::text AS net, vies_status, vies_name,
          vies_request_id FROM orders WHERE order_number = ${placed.body.orderNumber}`,
  );
  return { answer: placed.body, stored };
}

const check = (vatNumber: string) =>
  request<VatNumberCheckAnswer>(server, `/api/vat-numbers/DE${vatNumber}?country=DE`);

describe('VAT numbers checked at VIES', () => {
  it('the invented DE999999995 (right check digits, not registered) gets Swedish VAT, in the cart and on the order', async () => {
    expect((await check(notRegistered)).body).toEqual({ status: 'invalid' });
    const { answer, stored } = await orderWith(notRegistered);
    expect(answer.vatTreatment).toBe('domestic');
    expect(stored).toMatchObject({
      vat_treatment: 'domestic',
      vies_status: 'invalid',
      vies_request_id: 'WAPIAAAAW5678',
    });
    // Swedish VAT: the total is 1,25 × the net.
    expect(Math.round(Number(stored?.total) * 100)).toBe(Math.round(Number(stored?.net) * 125));
    expect(asked).toContainEqual({ countryCode: 'DE', vatNumber: notRegistered });
  });

  it('a registered number is an intra-Community supply without VAT; the name and request identifier are kept', async () => {
    expect((await check(registered)).body).toEqual({ status: 'valid' });
    const { answer, stored } = await orderWith(registered);
    expect(answer.vatTreatment).toBe('reverse_charge');
    expect(stored).toMatchObject({
      vat_treatment: 'reverse_charge',
      vies_status: 'valid',
      vies_name: 'Beispiel GmbH',
      vies_request_id: 'WAPIAAAAW1234',
    });
    expect(stored?.total).toBe(stored?.net);
  });

  it('VIES silent past the timeout, or answering an error: the order goes through on the format, marked unverified', async () => {
    for (const number of [slow, failing]) {
      const started = Date.now();
      expect((await check(number)).body).toEqual({ status: 'unavailable' });
      const { answer, stored } = await orderWith(number);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(answer.vatTreatment).toBe('reverse_charge');
      expect(stored).toMatchObject({
        vat_treatment: 'reverse_charge',
        vies_status: 'unavailable',
        vies_name: null,
      });
    }
  });

  it('unverified orders are asked again in the background: the admin sees the answer, and an order to re-issue when the number is not registered', async () => {
    const cookie = await adminLogin(server);
    const vies = async (orderNumber: string) =>
      (await request<AdminOrderDetail>(server, `/api/admin/orders/${orderNumber}`, { headers: { cookie } }))
        .body.vies;
    const valid = await orderWith(recoversValid);
    const invalid = await orderWith(recoversInvalid);
    expect(await vies(valid.answer.orderNumber)).toMatchObject({ status: 'unavailable', reissue: false });

    // VIES still down: nothing settled, the orders wait for the next round.
    const housekeeping = () => runHousekeeping({ config: server.config, database: server.database });
    expect((await housekeeping()).viesSettled).toBe(0);
    recovered = true;
    expect((await housekeeping()).viesSettled).toBe(2);
    expect(await vies(valid.answer.orderNumber)).toMatchObject({
      status: 'valid',
      name: 'Später GmbH',
      requestId: 'WAPIAAAAW9012',
      reissue: false,
    });
    // Invoiced without VAT on a number VIES now says is not registered: to re-issue with Swedish VAT.
    expect(await vies(invalid.answer.orderNumber)).toMatchObject({
      status: 'invalid',
      requestId: 'WAPIAAAAW3456',
      reissue: true,
    });
    // Settled once: the next round asks nothing about them.
    const before = asked.length;
    await housekeeping();
    expect(asked.slice(before)).not.toContainEqual({ countryCode: 'DE', vatNumber: recoversValid });
    // An order VIES answered at checkout needs no re-issue.
    const checked = await orderWith(notRegistered);
    expect(await vies(checked.answer.orderNumber)).toMatchObject({ status: 'invalid', reissue: false });
  });

  it('a number not well-formed is not sent to VIES; the check answers unchecked', async () => {
    const before = asked.length;
    expect((await check('136695977')).body).toEqual({ status: 'unchecked' });
    expect(
      (await request<VatNumberCheckAnswer>(server, '/api/vat-numbers/SE556036079301?country=SE')).body,
    ).toEqual({ status: 'unchecked' });
    expect(asked.length).toBe(before);
  });
});
