import { describe, expect, it } from 'vitest';
import { accountApiPaths, adminCompaniesPath, type ReorderAnswer } from '@/shared/account';
import type { DesignLibrary } from '@/shared/design-library';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import { designLibraryMessages } from '@/shared/i18n/messages/design-library';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { signInByLink } from '@tests/helpers/account-session';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { uploadImage, uploadPrintFile } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/** The account's design library (issue 43, decision 0077): listing, thumbnails, reuse at checkout. */

const server = useAdminServer({ env: { TRUST_PROXY: '1', CATALOGUE_CHECK_MS: '0' } });

let clients = 0;
const signedIn = (email: string) => signInByLink(server, email, `10.77.0.${++clients}`);

let keys = 0;
const checkout = (customer: Record<string, unknown>, lines: unknown[], printFiles?: string[]) =>
  request<PlacedOrderAnswer & { error?: string; fieldErrors?: Record<string, string> }>(
    server,
    '/api/orders',
    {
      method: 'POST',
      headers: { 'accept-language': 'sv' },
      json: {
        idempotencyKey: `design-library-${++keys}-abcdefghijkl`,
        customer,
        lines,
        ...(printFiles ? { printFiles } : {}),
      },
    },
  );

const printed = (productId: string, uploadId: string, color = 'white') => ({
  productId,
  quantity: 30,
  sizes: { M: 15, L: 15 },
  customisation: {
    color,
    prints: [{ method: 'dtg', uploadId, side: 'front', x: 50, y: 40, scale: 0.3 }],
    additionalInfo: '',
  },
});

const library = async (cookie: string) => {
  const answer = await request<DesignLibrary>(server, '/api/account/designs', { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.body.designs;
};

let orgs = 0;
/** A valid Swedish organisation number of its own for each test (checksum digit computed). */
function newOrgNumber(): string {
  const body = `5567${String(10 + ++orgs).padStart(5, '0')}`;
  const sum = [...body].reduce((total, char, index) => {
    const product = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return `${body.slice(0, 6)}-${body.slice(6)}${(10 - (sum % 10)) % 10}`;
}

describe('the design library', () => {
  it('lists each file of the buyer’s orders once, with its orders and last use, and nothing of anyone else', async () => {
    const email = 'motiv@example.se';
    const logo = (await uploadImage(server, makePng(64), 'logga.png')).id;
    const printFile = await uploadPrintFile(server, makePng(512), 'tryckfil.png');
    const first = await checkout({ ...testCustomer, email }, [
      { ...printed('tshirt-bomull', logo), printFile: printFile.id },
    ]);
    expect(first.status).toBe(201);
    // The same logo on a second order, in another colour: still one entry, used by both orders.
    const second = await checkout({ ...testCustomer, email: 'Motiv@Example.se' }, [
      printed('tshirt-bomull', logo, 'black'),
    ]);
    expect(second.status).toBe(201);
    const theirs = (await uploadImage(server, makePng(80), 'deras.png')).id;
    expect(
      (await checkout({ ...testCustomer, email: 'someone.else@example.se' }, [printed('hoodie', theirs)]))
        .status,
    ).toBe(201);
    // Uploaded but never ordered: not the buyer's design yet.
    await uploadImage(server, makePng(90), 'aldrig.png');

    const cookie = await signedIn(email);
    const designs = await library(cookie);
    expect(designs.map((design) => design.id).sort()).toEqual([logo, printFile.id].sort());
    const listedLogo = designs.find((design) => design.id === logo);
    expect(listedLogo).toMatchObject({ use: 'image', name: 'logga.png', kind: 'raster', width: 64 });
    expect(listedLogo?.orders.map((order) => order.orderNumber)).toEqual([
      second.body.orderNumber,
      first.body.orderNumber,
    ]);
    expect(listedLogo?.lastUsedAt).toBe(listedLogo?.orders[0]?.placedAt);
    expect(designs.find((design) => design.id === printFile.id)).toMatchObject({
      use: 'print-file',
      name: 'tryckfil.png',
      orders: [{ orderNumber: first.body.orderNumber }],
    });

    // The thumbnail: a small WebP of the buyer's own file; another buyer's file answers as an unknown one.
    const thumbnail = await fetch(`${server.url}${listedLogo?.preview ?? ''}`, { headers: { cookie } });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const notMine = await request<{ error: string }>(server, `/api/account/designs/${theirs}/thumbnail`, {
      headers: { cookie, 'accept-language': 'sv' },
    });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error).toBe(designLibraryMessages.sv.notFound);

    // Signed out: nothing at all.
    expect((await request(server, '/api/account/designs')).status).toBe(401);
    expect((await request(server, `/api/account/designs/${logo}/thumbnail`)).status).toBe(401);
  });

  it('puts an earlier logo on another product for its owner, and refuses it and the print file to a stranger in the checkout’s words', async () => {
    const email = 'hoodies@example.se';
    const logo = (await uploadImage(server, makePng(48), 'klubb.png')).id;
    const printFile = await uploadPrintFile(server, makePng(400), 'klubb-tryck.png');
    const tshirts = await checkout({ ...testCustomer, email }, [
      { ...printed('tshirt-bomull', logo), printFile: printFile.id },
    ]);
    expect(tshirts.status).toBe(201);

    const hoodies = await checkout(
      { ...testCustomer, email },
      [printed('hoodie', logo, 'black')],
      [printFile.id],
    );
    expect(hoodies.status, JSON.stringify(hoodies.body)).toBe(201);
    const view = await request<OrderView>(server, `/api/orders/${hoodies.body.orderNumber}`, {
      headers: { 'x-order-token': hoodies.body.accessToken },
    });
    expect(view.body.lines.map((line) => line.productId)).toEqual(['hoodie']);
    expect(view.body.lines[0]?.customisation?.prints[0]?.uploadId).toBe(logo);
    // The print file again, converted for the t-shirts: no second conversion fee.
    expect(view.body.printFiles.map((file) => file.id)).toEqual([printFile.id]);

    const stranger = { ...testCustomer, email: 'guesser@example.se' };
    const image = await checkout(stranger, [printed('hoodie', logo)]);
    expect(image.status).toBe(400);
    expect(image.body.error).toBe(checkoutValidationMessages.sv.uploadMissing);
    const file = await checkout(
      stranger,
      [{ productId: 'mossa', quantity: 25, options: { colour: 'navy' } }],
      [printFile.id],
    );
    expect(file.status).toBe(400);
    expect(file.body.fieldErrors).toEqual({ 'printFiles.0': printFileMessages.sv.unknownFile });
    // Nothing of theirs shows in the stranger's library either.
    expect(await library(await signedIn('guesser@example.se'))).toEqual([]);
  });

  it('shows a company member the company’s files, who may order with them; a stranger with the same number may not', async () => {
    const orgNumber = newOrgNumber();
    const company = (email: string, name = 'Bo Berg') => ({
      customerType: 'company',
      name,
      companyName: 'Klubbtröjor AB',
      orgNumber,
      email,
      phone: '070-123 45 67',
      country: 'SE',
      address: 'Storgatan 1, 111 22 Stockholm',
    });
    const crest = (await uploadImage(server, makePng(72), 'vapen.png')).id;
    const founder = 'grundare@klubb.se';
    expect((await checkout(company(founder), [printed('tshirt-bomull', crest)])).status).toBe(201);
    // Signing in and opening the library founds the company account, its first verified member.
    expect(await library(await signedIn(founder))).toHaveLength(1);
    const colleague = 'kollega@klubb.se';
    const linked = await request(server, `${adminCompaniesPath}/${orgNumber}/people`, {
      method: 'POST',
      json: { email: colleague },
      headers: { cookie: server.cookie },
    });
    expect(linked.status).toBe(204);
    // Linked but not yet signed in: not verified, so not yet the company's files.
    const early = await checkout(company(colleague), [printed('hoodie', crest)]);
    expect(early.status).toBe(400);

    const colleagueCookie = await signedIn(colleague);
    const designs = await library(colleagueCookie);
    expect(designs.map((design) => design.id)).toEqual([crest]);
    const reused = await checkout(company(colleague, 'Kim Kollega'), [printed('hoodie', crest, 'black')]);
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);

    // The colleague orders the founder's t-shirts again: the same crest, the company as the founder's
    // order names it, the colleague as the person (their own last order's name and phone).
    const founders = (await checkout(company(founder), [printed('tshirt-bomull', crest, 'navy')])).body;
    const again = await request<ReorderAnswer>(server, accountApiPaths.reorder(founders.orderNumber), {
      method: 'POST',
      headers: { cookie: colleagueCookie },
    });
    expect(again.status).toBe(200);
    expect(again.body.lines).toEqual([expect.objectContaining({ productId: 'tshirt-bomull', quantity: 30 })]);
    expect(again.body.lines[0]?.customisation?.prints[0]?.uploadId).toBe(crest);
    expect(again.body.customer).toMatchObject({ orgNumber, companyName: 'Klubbtröjor AB', email: colleague });
    expect(again.body.customer.name).toBe('Kim Kollega');
    const reordered = await checkout(company(colleague), again.body.lines);
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(201);

    const stranger = 'utomstaende@example.se';
    expect((await checkout(company(stranger), [printed('hoodie', crest)])).status).toBe(400);
    const strangerCookie = await signedIn(stranger);
    expect(await library(strangerCookie)).toEqual([]);
    const refused = await request(server, accountApiPaths.reorder(founders.orderNumber), {
      method: 'POST',
      headers: { cookie: strangerCookie },
    });
    expect(refused.status).toBe(404);
  });

  it('answers hostile and unknown ids with 400 or 404, never 500', async () => {
    const cookie = await signedIn('nyfiken@example.se');
    const ids = [
      'abcdefgh12345678',
      '..%2F..%2Fetc%2Fpasswd',
      '%00%00%00%00%00%00%00%00',
      encodeURIComponent('’; DROP TABLE uploads; --'),
      encodeURIComponent('ö'.repeat(40)),
      'a'.repeat(101),
      'x',
    ];
    for (const id of ids) {
      const answer = await request<{ error: string }>(server, `/api/account/designs/${id}/thumbnail`, {
        headers: { cookie },
      });
      // 414: longer than any route parameter may be (the server's limit, before the route).
      expect([400, 404, 414], id).toContain(answer.status);
      expect(typeof answer.body.error).toBe('string');
    }
  });
});
