import { adminLogin } from '../helpers/admin';
import { pdfText } from '../helpers/ledger';
import { makePng } from '../helpers/png';
import { request, type TestServer } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { acceptTerms, expect, plain, screenshot, test } from './fixtures';

/** Plain HTTP as a search engine reads a page (no JavaScript), in Swedish. */
async function html(server: TestServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'sv' } });
  return plain(await response.text());
}

test.describe('a customisable product added in admin, in Swedish', () => {
  test('the owner adds a Piké on the T-shirt mockup with a front print area; a visitor designs on it and orders; the order keeps its copy', async ({
    server,
    openPage,
  }) => {
    const { page, context } = await openPage({ locale: 'sv-SE', skipCurrencyDialog: true });
    await loginAsAdmin(server, context);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Produkter' }).click();
    await page.getByRole('button', { name: 'Lägg till produkt' }).click();
    const form = page.getByRole('form', { name: 'Lägg till produkt' });
    await form.getByLabel('Produkt-id (adress)').fill('pike');
    await form.getByLabel('Namn (svenska)').fill('Piké');
    await form.getByLabel('Namn (engelska)').fill('Polo shirt');
    await form.getByLabel('Beskrivning (svenska)').fill('Pikétröja i bomull med ditt tryck på bröstet.');
    await form.getByLabel('Beskrivning (engelska)').fill('Cotton polo shirt with your print on the chest.');
    await form.getByLabel('Kategori', { exact: true }).selectOption({ label: 'Kläder' });
    await form.getByLabel('Bild', { exact: true }).selectOption('tshirt-polyester');
    await form
      .getByLabel('Sort', { exact: true })
      .selectOption({ label: 'Kunden designar själv på en mockup' });
    const tiers: [string, string][] = [
      ['20', '149'],
      ['50', '129,50'],
      ['100', '109,875'],
    ];
    for (const [index, [quantity, price]] of tiers.entries()) {
      await form.getByLabel(`Antal ${index + 1}`, { exact: true }).fill(quantity);
      await form.getByLabel(`Styckpris (kr, inkl. moms) ${index + 1}`).fill(price);
    }
    await form.getByLabel('Vit', { exact: true }).check();
    await form.getByLabel('Marinblå', { exact: true }).check();

    // Saved without a mockup, a side or a fitting area, the form names each field.
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Välj vilken mockup kunden designar på.').waitFor();
    await form.getByText('Välj minst en trycksida med tryckyta.').waitFor();
    await form.getByLabel('Mockup i designvyn').selectOption({ label: 'T-shirt' });
    await form.getByLabel('Framsida', { exact: true }).check();
    await form.getByLabel('Bredd (cm) · Framsida').fill('31');
    await form.getByLabel('Höjd (cm) · Framsida').fill('30');
    await form.getByRole('button', { name: 'Spara' }).click();
    await form.getByText('Tryckytan får inte vara större än mockupens: högst 30 × 35 cm.').waitFor();
    await expect(form.getByText('största tryckyta 30 × 35 cm')).toHaveCount(1);
    await screenshot(page, 'catalogue-customiser-errors-1280');

    await form.getByLabel('Bredd (cm) · Framsida').fill('25,5');
    await form.getByLabel(/Beställs i storlekar/).check();
    await form.getByLabel('Material (svenska)').fill('100 % bomullspiké, 220 g/m².');
    await form.getByLabel('Material (engelska)').fill('100% cotton piqué, 220 g/m².');
    await form.getByLabel('Tryck (svenska)').fill('DTG- eller screentryck på bröstet.');
    await form.getByLabel('Tryck (engelska)').fill('DTG or screen print on the chest.');
    await form.getByLabel('Vikt (g/m²)').fill('220');
    await form.getByLabel('Storleksguide').selectOption({ label: 'T-shirt' });
    await screenshot(page, 'catalogue-customiser-add-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'catalogue-customiser-add-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Produkten är tillagd.').waitFor();
    await page.locator('tr[data-product="pike"]').waitFor();

    // The product page, as the server renders it: the owner's facts and print area.
    const served = await html(server, '/products/pike');
    expect(served).toContain('Piké');
    expect(served).toContain('100 % bomullspiké, 220 g/m².');
    expect(served).toContain('Framsida 25,5 cm');

    // A visitor designs on it: colour, a print on the front, 50 in sizes, into the cart.
    const visitor = await openPage({ locale: 'sv-SE', skipCurrencyDialog: true });
    const v = visitor.page;
    await v.goto('/products/pike');
    await v.getByRole('heading', { level: 1, name: 'Piké' }).waitFor();
    const preview = v.getByTestId('design-preview');
    await preview.getByRole('img', { name: 'Piké sedd framifrån' }).waitFor();
    await v.getByTitle('Marinblå').click();
    await v
      .getByLabel('Ladda upp bild för DTG-tryck')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(96) });
    await expect(v.getByTestId('print-dtg')).toBeVisible();
    // The print area drawn is the owner's 25,5 cm of the T-shirt's 30: 102 of the mockup's 120 units.
    await expect(preview.locator('svg rect').first()).toHaveAttribute('width', '102');
    // Only the side the owner offered.
    await expect(v.getByRole('group', { name: 'Förhandsvisad sida' })).toHaveCount(0);
    await v.getByLabel('Antal (st)').fill('50');
    await v.locator('[data-size="M"]').first().fill('30');
    await v.locator('[data-size="L"]').first().fill('20');
    await screenshot(v, 'catalogue-customiser-design-1280');
    await v.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(v.getByTestId('cart-badge')).toHaveText('50');
    await v.goto('/cart');
    await v.getByTestId('design-thumbnail').waitFor();
    // 50 × 129,50 kr
    await expect.poll(async () => plain(await v.getByTestId('cart-total').textContent())).toBe('6 475,00 kr');
    await v.getByLabel('Personnummer').fill('19811218-9876');
    await v.getByLabel('Namn').fill('Anna Andersson');
    await v.getByLabel('E-post').fill('anna@example.se');
    await v.getByLabel('Telefon').fill('070-123 45 67');
    await v.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
    await acceptTerms(v);
    await v.getByRole('button', { name: /Slutför köpet/ }).click();
    await expect.poll(() => new URL(v.url()).pathname).toBe('/confirmation');
    await expect(v.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    const orderNumber = (await v.getByTestId('invoice-number').textContent()) ?? '';

    // The owner edits the product afterwards: another name, price and print area.
    await page.getByRole('button', { name: 'Redigera Piké' }).click();
    const edit = page.getByRole('form', { name: 'Redigera' });
    await expect(edit.getByLabel('Bredd (cm) · Framsida')).toHaveValue('25,5');
    await edit.getByLabel('Namn (svenska)').fill('Piké Deluxe');
    await edit.getByLabel('Styckpris (kr, inkl. moms) 2').fill('119');
    await edit.getByLabel('Bredd (cm) · Framsida').fill('20');
    await edit.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Produkten är sparad.').waitFor();
    await page.getByRole('button', { name: 'Redigera Piké Deluxe' }).click();
    const areaChange = page
      .getByRole('region', { name: 'Ändringshistorik' })
      .getByRole('row')
      .filter({ hasText: 'Trycksidor och tryckytor' });
    await areaChange.waitFor();
    const change = plain(await areaChange.textContent());
    expect(change).toContain('Framsida 25,5 × 30 cm');
    expect(change).toContain('Framsida 20 × 30 cm');
    await screenshot(page, 'catalogue-customiser-history-1280');

    // The placed order keeps what was sold: its name and price, and its print area on the job ticket.
    const cookie = await adminLogin(server);
    const order = await request<{ lines?: unknown; items?: unknown }>(
      server,
      `/api/admin/orders/${orderNumber}`,
      { headers: { cookie, 'accept-language': 'sv' } },
    );
    expect(order.status).toBe(200);
    const stored = JSON.stringify(order.body);
    expect(stored).toContain('"name":"Piké"');
    expect(stored).toContain('129.5');
    expect(stored).not.toContain('Deluxe');
    const ticket = await fetch(`${server.url}/api/admin/orders/${orderNumber}/job-ticket.pdf`, {
      headers: { cookie, 'accept-language': 'sv' },
    });
    const text = await pdfText(new Uint8Array(await ticket.arrayBuffer()));
    expect(text).toContain('50 st Piké');
    expect(text).not.toContain('Deluxe');
    expect(text).toContain('Tryckyta 25,5 × 30 cm');
    // And the shop's page shows the new area.
    await expect.poll(() => html(server, '/products/pike')).toContain('Framsida 20 cm');
  });
});
