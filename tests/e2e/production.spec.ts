import { acceptTerms, animationsSettled, expect, plain, screenshot, test } from './fixtures';
import { AxeBuilder } from '@axe-core/playwright';
import {
  checkoutBody,
  frontPrint,
  insertTestOrder,
  storedHoodieLine,
  testCustomer,
} from '@tests/helpers/orders';
import { pdfText } from '@tests/helpers/ledger';
import { insertApprovedProof, proofPdf } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { addDays } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { loginAsAdmin } from './admin-fixture';

test.describe('production board in a real browser (Swedish)', () => {
  test('three jobs in ship-date order with what blocks each; one goes to production unpaid from the board (1280 and 768 px)', async ({
    server,
    openPage,
  }) => {
    // Far in the future, so jobs other tests on this server add sort before ours.
    const base = addDays(stockholmToday(), 300);
    const waiting = await insertTestOrder(server.database, {
      customerOrganization: 'Väntar AB',
      neededBy: addDays(base, 2),
      items: [storedHoodieLine('navy', { M: 20 })],
    });
    const ready = await insertTestOrder(server.database, {
      customerOrganization: 'Redo AB',
      neededBy: addDays(base, 1),
      items: [
        storedHoodieLine(
          'navy',
          { S: 20, M: 50, L: 50 },
          { customisation: { color: 'navy', prints: [frontPrint], additionalInfo: '' } },
        ),
      ],
    });
    await insertApprovedProof(server.database, ready.id);
    const cap = await insertTestOrder(server.database, {
      customerOrganization: 'Keps AB',
      neededBy: addDays(base, 3),
      items: [
        {
          productId: 'urvattad-keps',
          name: 'Washed Cap',
          quantity: 50,
          unitPrice: '27',
          lineTotal: '1350.00',
          options: { colour: 'navy', decoration: 'embroidery' },
        },
      ],
    });
    const ours = [ready.orderNumber, waiting.orderNumber, cap.orderNumber];

    for (const width of [1280, 768]) {
      const { page, context, errors } = await openPage({ width, locale: 'sv-SE' });
      await loginAsAdmin(server, context);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Produktion' }).click();
      const board = page.getByRole('list', { name: 'Jobb' });
      await expect(board.locator(`[data-order="${cap.orderNumber}"]`)).toHaveCount(1);
      const shown = await board
        .getByTestId('board-job')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-order')));
      // Sorted by the date each must ship: ready (day 1), waiting (day 2), the cap (day 3).
      expect(shown.filter((n) => n !== null && ours.includes(n))).toEqual(ours);

      const card = (orderNumber: string) => board.locator(`[data-order="${orderNumber}"]`);
      await expect(card(ready.orderNumber).getByTestId('job-blocks')).toHaveText('Klar för tryck');
      await expect(card(waiting.orderNumber).getByTestId('job-blocks')).toHaveText(
        'Tryckfiler saknasKorrektur väntar',
      );
      const capText = plain(await card(cap.orderNumber).textContent());
      expect(capText).toContain('50 × Urtvättad keps · Marinblå · Brodyr');
      await expect(card(ready.orderNumber)).toContainText(
        '120 × Hoodie · Marinblå · DTG-tryck · 20 S, 50 M, 50 L',
      );

      // A job card fits its column: nothing sticks out sideways at tablet width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await animationsSettled(page);
      const axe = await new AxeBuilder({ page })
        .include('[role="tabpanel"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await screenshot(page, `production-board-${width}`);

      if (width === 768) {
        // The ready job goes to production from the board, unpaid (invoice terms: the proof is
        // approved, the money comes later); it then offers "Skickad" instead.
        await card(ready.orderNumber).getByRole('button', { name: 'Till produktion' }).click();
        await expect(card(ready.orderNumber).getByRole('button', { name: 'Skickad' })).toHaveCount(1);
        await expect(card(ready.orderNumber)).toContainText('I produktion');
        await screenshot(page, 'production-board-moved-768', { fullPage: false });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

test.describe('a washed cap order in a real browser (Swedish)', () => {
  test('carries its colour and decoration through product page, cart, order, invoice and job ticket', async ({
    server,
    openPage,
  }) => {
    const { page, context, errors } = await openPage({ width: 1280, locale: 'sv-SE' });
    await page.goto('/products/urvattad-keps');
    await page.getByRole('button', { name: '50 st', exact: true }).click();
    await page.getByLabel('Färg', { exact: true }).selectOption({ label: 'Marinblå' });
    await page.getByLabel('Dekor', { exact: true }).selectOption({ label: 'Brodyr' });
    await page.getByRole('button', { name: 'Lägg 50 st i varukorgen' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('50');

    await page.goto('/cart');
    const line = page.getByRole('main');
    await expect(line).toContainText('Marinblå');
    await expect(line).toContainText('Brodyr');
    await expect(page.getByTestId('line-total')).toHaveText('1 350,00 kr');

    await page.getByLabel('Företag', { exact: true }).check();
    await page.getByLabel('Företagsnamn').fill('Keps & Co AB');
    await page.getByLabel('Organisationsnummer').fill('556677-8899');
    await page.getByLabel('Kontaktperson').fill('Karin Keps');
    await page.getByLabel('E-post').fill('karin@example.se');
    await page.getByLabel('Telefon').fill('070-765 43 21');
    await page.getByLabel('Leveransadress').fill('Hamngatan 2\n211 22 Malmö');
    await acceptTerms(page);
    await page.getByRole('button', { name: /Slutför köpet/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/confirmation');
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    const number = (await page.getByTestId('invoice-number').textContent()) ?? '';
    await screenshot(page, 'production-cap-confirmation-1280');

    // The order as the admin reads it: the choices are stored as codes, named in Swedish.
    // Read as the admin: the browser context's own requests carry the staff session cookie.
    await loginAsAdmin(server, context);
    const admin = context.request;
    const detail = await admin.get(`/api/admin/orders/${number}`);
    const order = (await detail.json()) as { items: StoredOrderLine[] };
    expect(order.items[0]).toMatchObject({
      productId: 'urvattad-keps',
      quantity: 50,
      options: { colour: 'navy', decoration: 'embroidery' },
    });

    const invoice = await admin.get(`/api/admin/orders/${number}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const invoiceText = await pdfText(await invoice.body());
    expect(invoiceText).toContain('Urtvättad keps');
    expect(invoiceText).toContain('Färg: Marinblå');
    expect(invoiceText).toContain('Dekor: Brodyr');

    const ticket = await admin.get(`/api/admin/orders/${number}/job-ticket.pdf`);
    expect(ticket.status()).toBe(200);
    const ticketText = await pdfText(await ticket.body());
    expect(ticketText).toContain(`Arbetsorder ${number}`);
    expect(ticketText).toContain('50 st Urtvättad keps');
    expect(ticketText).toContain('Marinblå');
    expect(ticketText).toContain('Brodyr');
    expect(errors).toEqual([]);
  });
});

test.describe('a print file sent after ordering, for one line of the order', () => {
  test('the buyer picks the line and writes a note; the order page lists both (390 px)', async ({
    server,
    openPage,
  }) => {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: {
        ...checkoutBody(crypto.randomUUID()),
        customer: { ...testCustomer, email: 'late.file@example.se' },
        lines: [
          { productId: 'hoodie', quantity: 50, sizes: { M: 50 }, options: { colour: 'navy' } },
          { productId: 'urvattad-keps', quantity: 50, options: { colour: 'navy', decoration: 'embroidery' } },
        ],
      },
    });
    expect(placed.status).toBe(201);
    const { page, errors } = await openPage({ width: 390, locale: 'sv-SE' });
    await page.goto(`/orders/${placed.body.orderNumber}#${placed.body.accessToken}`);
    const section = page.getByTestId('order-add-print-files');
    await expect(section).toBeVisible();
    await section.getByLabel('Filen gäller').selectOption({ label: '50 × Urtvättad keps' });
    await section
      .getByLabel('Anteckning till tryckeriet (valfritt)')
      .fill('Brodera logan i vitt på framsidan');
    await page.getByTestId('order-print-file-input').setInputFiles({
      name: 'keps-logo.pdf',
      mimeType: 'application/pdf',
      buffer: proofPdf,
    });
    const list = page.getByTestId('order-print-file-list');
    await expect(list).toContainText('För 50 × Urtvättad keps');
    await expect(list.getByTestId('print-file-note')).toHaveText('Brodera logan i vitt på framsidan');
    // The note field is empty again for the next file.
    await expect(section.getByLabel('Anteckning till tryckeriet (valfritt)')).toHaveValue('');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'order-late-file-for-line-390', { fullPage: false });
    expect(errors).toEqual([]);
  });
});
