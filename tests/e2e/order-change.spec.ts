import { stockholmDate } from '@/shared/dates';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminOrderDetail } from '@/shared/admin';
import type { BlanksRow } from '@/shared/production';
import { readEml } from '../helpers/eml';
import { testCustomer } from '../helpers/orders';
import { fetchValidSie, pdfText, sieVerifications } from '../helpers/ledger';
import type { TestServer } from '../helpers/server';
import { makePng } from '../helpers/png';
import { validateUbl } from '../helpers/validate-ubl';
import { loginAsAdmin, TEST_ADMIN_PIN } from './admin-fixture';
import { expect, orderLinkIn, plain, screenshot, test } from './fixtures';

/**
 * Issue 41's Done-when in a real browser, in Swedish: staff enter a phone order with a negotiated
 * price; the buyer asks in a message for 3 M as L (and two L more); staff change the split in the
 * order view's editor, seeing the difference before saving; the buyer's order page shows the new
 * split and the supplementary invoice; the job ticket and the blanks list read the new split; the
 * SIE export passes validate-sie and the new document's e-invoice passes validate-ubl.
 */

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The admin's session cookie for the API checks (a fresh login, as the browser's is httpOnly). */
async function adminCookie(server: TestServer): Promise<string> {
  const response = await fetch(`${server.url}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin: TEST_ADMIN_PIN }),
  });
  const token = /admin_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no admin session');
  return `admin_session=${token}`;
}

/** The order page link of the buyer's confirmation (sent because staff ticked it). */
async function confirmationLink(server: TestServer, orderNumber: string): Promise<string> {
  await server.app.emailOutbox.drain();
  const dir = join(server.dataDir, 'outbox');
  const file = readdirSync(dir).find((name) => name === `${orderNumber}-buyer_confirmation.eml`);
  if (!file) throw new Error(`no confirmation for ${orderNumber}`);
  return orderLinkIn(readEml(readFileSync(join(dir, file), 'utf8')).text);
}

for (const width of [1280, 390]) {
  test(`a phone order changed 3 M → L through a message, documents and lists agree (${width} px)`, async ({
    server,
    openPage,
  }) => {
    // 1. The owner enters the phone order at a negotiated price.
    const staff = await openPage({ width, locale: 'sv-SE' });
    await loginAsAdmin(server, staff.context);
    await staff.page.goto('/admin');
    await staff.page.getByRole('tab', { name: 'Offerter' }).click();
    await staff.page.getByRole('button', { name: 'Ny order' }).click();
    const form = staff.page.getByRole('form', { name: 'Ny order (telefon eller e-post)' });
    await form.getByLabel('Företagsnamn').fill('IK Kamraterna');
    await form.getByLabel('Organisationsnummer').fill('556677-8899');
    await form.getByLabel('Namn', { exact: true }).fill('Kim Kassör');
    await form.getByLabel('E-post').fill(`kassor-change-${width}@example.se`);
    await form.getByLabel('Telefon').fill('070-123 45 67');
    await form.getByLabel('Leveransadress').fill('Klubbvägen 1\n111 22 Stockholm');
    await form.getByLabel('Produkt', { exact: true }).selectOption('hoodie');
    await form.getByLabel('Storlekar M').fill('10');
    await form.getByLabel('Storlekar L').fill('20');
    await form.getByLabel('Färg').selectOption('navy');
    await form.getByLabel('Förhandlat styckpris (kr inkl. moms)').fill('99.50');
    await form.getByLabel('Skäl till priset').fill('Klubbrabatt enligt telefonsamtal');
    await form.getByRole('button', { name: 'Lägg ordern' }).click();
    const placed = staff.page.getByText(/^Order INV-\d+ lagd, totalt/);
    await expect(placed).toBeVisible();
    const orderNumber = /INV-\d+/.exec(plain(await placed.textContent()))?.[0] ?? '';
    expect(plain(await placed.textContent())).toBe(`Order ${orderNumber} lagd, totalt 2 985,00 kr.`);

    // 2. The buyer opens the emailed link and asks for 3 M as L, and two L more.
    const buyer = await openPage({ width, locale: 'sv-SE', touch: width < 500 });
    await buyer.page.goto(await confirmationLink(server, orderNumber));
    await expect(buyer.page.getByRole('heading', { name: `Beställning ${orderNumber}` })).toBeVisible();
    const thread = buyer.page.getByTestId('order-messages');
    await thread.getByLabel('Ditt meddelande').fill('Hej! Kan ni göra 3 M till L, och lägga till 2 L? /Kim');
    await thread.getByRole('button', { name: 'Skicka' }).click();
    await expect(thread.getByTestId('thread-message')).toHaveCount(1);

    // 3. The owner reads it in the order view and changes the split in the editor.
    await staff.page.goto('/admin');
    await staff.page.getByRole('button', { name: orderNumber }).click();
    const dialog = staff.page.getByRole('dialog', { name: `Beställning ${orderNumber}` });
    await expect(dialog.getByTestId('admin-order-messages')).toContainText('Kan ni göra 3 M till L');
    await dialog.getByRole('button', { name: 'Ändra rader' }).click();
    const editor = dialog.getByTestId('line-change-form');
    const line = editor.getByTestId('line-change-line').first();
    // The negotiated price is kept only when sent again with its reason.
    await expect(line.getByLabel('Styckpris inkl. moms')).toHaveValue('99.5');
    await line.getByLabel('Antal').fill('32');
    await line.getByLabel(/^M st,/).fill('7');
    // A split that does not add up is refused with the checkout's message.
    await editor
      .getByLabel('Orsak till ändringen (kunden ser den)')
      .fill('Kunden vill ha 3 M som L och 2 L till');
    await line.getByLabel('Varför detta pris').fill('Klubbrabatt enligt telefonsamtal');
    await editor.getByRole('button', { name: 'Visa skillnaden' }).click();
    await expect(editor.getByTestId('line-change-error')).toContainText('Ändringen gick inte igenom:');
    await line.getByLabel(/^L st,/).fill('25');
    await editor.getByRole('button', { name: 'Visa skillnaden' }).click();
    const preview = editor.getByTestId('line-change-preview');
    await expect(preview).toContainText('7 M, 25 L');
    expect(plain(await preview.textContent())).toContain('Totalt: 2 985,00 kr blir 3 184,00 kr.');
    await expect(editor.getByTestId('line-change-settled-by')).toHaveAttribute(
      'data-settled-by',
      'supplementary_invoice',
    );
    await noWiderThan(staff.page, width);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(staff.page, `order-change-editor-sv-${width}`, { fullPage: false });
    await editor.getByRole('button', { name: 'Spara ändringen' }).click();
    await expect(dialog.getByTestId('line-change-history')).toContainText(
      'Kunden vill ha 3 M som L och 2 L till',
    );
    await expect(dialog.getByTestId('admin-line-sizes').first()).toContainText('7 M, 25 L');
    await dialog.getByTestId('line-change-history').scrollIntoViewIfNeeded();
    await screenshot(staff.page, `order-change-admin-history-sv-${width}`, { fullPage: false });

    // 4. The buyer's page: the new split, the change and its supplementary invoice.
    await buyer.page.reload();
    await expect(buyer.page.locator('main')).toContainText('7 M, 25 L');
    const changes = buyer.page.getByTestId('order-line-changes');
    await expect(changes.getByRole('heading', { name: 'Ändringar av ordern' })).toBeVisible();
    await expect(changes).toContainText('Orsak: Kunden vill ha 3 M som L och 2 L till');
    const document = changes.getByTestId('order-line-change-document');
    expect(plain(await document.textContent())).toMatch(/^Tilläggsfaktura INV-\d+ på 199,00 kr/);
    await noWiderThan(buyer.page, width);
    await changes.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, `order-change-buyer-sv-${width}`, { fullPage: false });
    const pdf = await buyer.page.request.get(
      (await document.getByRole('link', { name: /som PDF$/ }).getAttribute('href')) ?? '',
    );
    expect(pdf.status()).toBe(200);
    expect(await pdfText(await pdf.body())).toContain(`Tillägg till faktura ${orderNumber}`);

    // 5. The job ticket and the blanks list read the new split.
    const cookie = await adminCookie(server);
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
    const ticket = await get(`/api/admin/orders/${orderNumber}/job-ticket.pdf`);
    expect(ticket.status).toBe(200);
    const ticketText = plain(await pdfText(new Uint8Array(await ticket.arrayBuffer())));
    expect(ticketText).toContain('32 st Hoodie');
    expect(ticketText).toContain('M 7 / L 25');
    const blanks = (await (await get('/api/admin/blanks')).json()) as { rows: BlanksRow[] };
    const pieces = (size: string) =>
      blanks.rows
        .find((row) => row.productId === 'hoodie' && row.colour === 'navy' && row.size === size)
        ?.jobs.find((job) => job.orderNumber === orderNumber)?.pieces;
    expect([pieces('M'), pieces('L')]).toEqual([7, 25]);

    // 6. The books: SIE passes validate-sie and names the new document; its e-invoice passes validate-ubl.
    const detail = (await (await get(`/api/admin/orders/${orderNumber}`)).json()) as AdminOrderDetail;
    const supplementary = detail.documents.find((d) => d.kind === 'supplementary_invoice');
    expect(supplementary?.total).toBe('199.00');
    // The books' dates are Stockholm's: from 23:00 UTC (midnight there) UTC's date is a day behind.
    const today = stockholmDate(new Date());
    const sie = await fetchValidSie(
      server.url,
      `/api/admin/sie?from=${today.slice(0, 4)}-01-01&to=${today}`,
      cookie,
    );
    expect(
      sieVerifications(sie)
        .map((v) => v.text)
        .join('\n'),
    ).toContain(supplementary?.number ?? '?');
    const xml = await (
      await get(`/api/admin/orders/${orderNumber}/documents/${supplementary?.number}.xml`)
    ).text();
    const validation = await validateUbl(xml);
    expect(validation.output).toMatch(/^0 fatal/m);
    expect(validation.ok).toBe(true);
  });
}

test('the editor in English (1280 px): a decrease is a credit note, and a split that does not add up is refused', async ({
  server,
  openPage,
}) => {
  const cookie = await adminCookie(server);
  const created = await fetch(`${server.url}/api/admin/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: `e2e-change-en-${Date.now()}-key`,
      customer: testCustomer,
      lines: [{ productId: 'hoodie', quantity: 30, sizes: { M: 10, L: 20 }, options: { colour: 'navy' } }],
    }),
  });
  expect(created.status).toBe(201);
  const { orderNumber } = (await created.json()) as { orderNumber: string };

  const { page, context } = await openPage({ width: 1280, locale: 'en-SE' });
  await loginAsAdmin(server, context);
  await page.goto('/admin?lang=en');
  await page.getByRole('button', { name: orderNumber }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await dialog.getByRole('button', { name: 'Change lines' }).click();
  const editor = dialog.getByTestId('line-change-form');
  const line = editor.getByTestId('line-change-line').first();
  await expect(line.getByLabel('Unit price incl. VAT')).toHaveValue('');
  await line.getByLabel(/^L pcs,/).fill('15');
  await editor.getByLabel('Reason for the change (the customer sees it)').fill('Five fewer players');
  await editor.getByRole('button', { name: 'Show the difference' }).click();
  await expect(editor.getByTestId('line-change-error')).toContainText('The change was refused:');
  await line.getByLabel('Quantity').fill('25');
  await editor.getByRole('button', { name: 'Show the difference' }).click();
  await expect(editor.getByTestId('line-change-settled-by')).toHaveAttribute(
    'data-settled-by',
    'credit_note',
  );
  await expect(editor.getByTestId('line-change-settled-by')).toContainText('credited by a credit note');
  await editor.getByTestId('line-change-preview').scrollIntoViewIfNeeded();
  await screenshot(page, 'order-change-editor-en-1280', { fullPage: false });
  await editor.getByRole('button', { name: 'Save the change' }).click();
  await expect(dialog.getByTestId('line-change-history')).toContainText('Five fewer players');
  await expect(dialog.getByTestId('admin-line-sizes').first()).toContainText('10 M, 15 L');
});

/** A designed order placed at the checkout: 30 navy hoodies printed front (DTG) and back (screen), 300 booklets. */
async function designedOrder(server: TestServer): Promise<{ orderNumber: string; total: string }> {
  const image = new FormData();
  image.append('file', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${server.url}/api/uploads`, { method: 'POST', body: image });
  expect(uploaded.status).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  const print = (method: string, side: string) => ({ method, uploadId: id, side, x: 50, y: 40, scale: 0.3 });
  const placed = await fetch(`${server.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: `e2e-change-design-${Date.now()}-key`,
      customer: testCustomer,
      lines: [
        {
          productId: 'hoodie',
          quantity: 30,
          sizes: { M: 10, L: 20 },
          customisation: {
            color: 'navy',
            prints: [print('dtg', 'front'), print('screen', 'back')],
            additionalInfo: '',
          },
        },
        {
          productId: 'kuponghäfte',
          quantity: 300,
          options: { bookletSize: 'a6', pages: '10', coupons: '1' },
        },
      ],
    }),
  });
  expect(placed.status).toBe(201);
  const body = (await placed.json()) as { orderNumber: string; total: string };
  return body;
}

for (const width of [1280, 390]) {
  test(`the editor adds and removes lines, changes a colour and the prints (Swedish, ${width} px)`, async ({
    server,
    openPage,
  }) => {
    const { orderNumber } = await designedOrder(server);
    const { page, context } = await openPage({ width, locale: 'sv-SE' });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('button', { name: orderNumber }).click();
    const dialog = page.getByRole('dialog', { name: `Beställning ${orderNumber}` });
    await dialog.getByRole('button', { name: 'Ändra rader' }).click();
    const editor = dialog.getByTestId('line-change-form');
    const hoodie = editor.getByTestId('line-change-line').first();

    // The hoodie: black instead of navy; the back's screen print becomes a DTG print, the front's stays.
    await hoodie.getByLabel('Färg').selectOption('black');
    const prints = hoodie.getByTestId('line-change-print');
    await expect(prints).toHaveCount(2);
    await hoodie.getByRole('button', { name: 'Ta bort Baksida · Screentryck' }).click();
    await expect(prints).toHaveCount(1);
    const add = hoodie.getByTestId('line-change-add-print');
    await add.getByLabel('Sida').selectOption('back');
    await add.getByLabel('Tryckmetod').selectOption('dtg');
    await add.getByRole('button', { name: 'Lägg till tryck' }).click();
    await expect(prints).toHaveCount(2);
    await hoodie.getByTestId('line-change-prints').scrollIntoViewIfNeeded();
    await screenshot(page, `order-change-lines-prints-sv-${width}`, { fullPage: false });

    // The booklets go; beanies come (first too few: the checkout's minimum, under the field).
    await editor
      .getByTestId('line-change-line')
      .nth(1)
      .getByRole('button', { name: 'Ta bort raden' })
      .click();
    await expect(editor.getByTestId('line-change-removed')).toContainText(
      'Kuponghäfte tas bort när du sparar.',
    );
    await editor.getByRole('button', { name: 'Lägg till en produkt' }).click();
    const added = editor.getByTestId('line-change-line').nth(1);
    await added.getByLabel('Produkt').selectOption('mossa');
    await expect(added.getByRole('group', { name: 'Mössa' })).toHaveCount(0);
    await added.getByLabel('Antal').fill('5');
    await added.getByLabel('Färg').selectOption('black');
    await editor
      .getByLabel('Orsak till ändringen (kunden ser den)')
      .fill('Svarta hoodies och mössor i stället för häften');
    await editor.getByRole('button', { name: 'Visa skillnaden' }).click();
    await expect(editor.getByTestId('line-change-error')).toContainText('Ändringen gick inte igenom:');
    await expect(added).toContainText('Minsta beställning');
    await added.getByLabel('Antal').fill('25');
    await editor.getByRole('button', { name: 'Visa skillnaden' }).click();
    const preview = editor.getByTestId('line-change-preview');
    await expect(preview).toContainText('25 × Mössa');
    await expect(preview).not.toContainText('Kuponghäfte');
    const settledBy = await editor.getByTestId('line-change-settled-by').getAttribute('data-settled-by');
    expect(['supplementary_invoice', 'credit_note']).toContain(settledBy);
    await noWiderThan(page, width);
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, `order-change-lines-editor-sv-${width}`, { fullPage: false });
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, `order-change-lines-preview-sv-${width}`, { fullPage: false });
    await editor.getByRole('button', { name: 'Spara ändringen' }).click();
    await expect(dialog.getByTestId('line-change-history')).toContainText(
      'Svarta hoodies och mössor i stället för häften',
    );

    // What the server stored, and the document of exactly the difference.
    const cookie = await adminCookie(server);
    const detail = (await (
      await fetch(`${server.url}/api/admin/orders/${orderNumber}`, { headers: { cookie } })
    ).json()) as AdminOrderDetail;
    expect(detail.items.map((line) => line.productId)).toEqual(['hoodie', 'mossa']);
    expect(detail.items[0]?.customisation?.color).toBe('black');
    expect(detail.items[0]?.customisation?.prints.map((p) => `${p.side}:${p.method}`)).toEqual([
      'front:dtg',
      'back:dtg',
    ]);
    expect(detail.items[1]?.options).toEqual({ colour: 'black' });
    const change = detail.lineChanges.at(-1);
    const documents = detail.documents.filter((d) => change?.documents.includes(d.number));
    expect(documents.length).toBeGreaterThan(0);
    expect(
      documents.every(
        (d) => d.kind === (settledBy === 'credit_note' ? 'credit_note' : 'supplementary_invoice'),
      ),
    ).toBe(true);
    const ore = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(documents.reduce((sum, d) => sum + ore(d.total), 0)).toBe(
      ore(change?.totalAfter ?? '') - ore(change?.totalBefore ?? ''),
    );
    await expect(dialog.getByTestId('line-change-history')).toContainText(documents[0]?.number ?? '-');
    await dialog.getByTestId('line-change-history').scrollIntoViewIfNeeded();
    await screenshot(page, `order-change-lines-saved-sv-${width}`, { fullPage: false });
  });
}
