import { acceptTerms, expect, lastPlacedOrder, plain, screenshot, test } from './fixtures';
import { pdfText } from '@tests/helpers/ledger';
import { loginAsAdmin } from './admin-fixture';

test.describe('a group order in a real browser', () => {
  test('the organiser (Swedish, 1280 px) starts one for 22 hoodies with names and numbers, five members fill in on phones (390 px, two in English), the organiser closes and orders; the job ticket and the packing list name each garment', async ({
    server,
    openPage,
  }) => {
    const { page: organiser } = await openPage({ width: 1280, locale: 'sv-SE' });
    await organiser.goto('/products/hoodie');
    await organiser.getByTestId('start-group-order').click();
    await expect(organiser).toHaveURL(/\/group\/new$/);
    await organiser.getByLabel('Gruppens namn').fill('IFK Juniorer – hoodies');
    await organiser.getByLabel(/Tryck namn på varje plagg/).check();
    await organiser.getByLabel(/Tryck nummer på varje plagg/).check();
    await screenshot(organiser, 'group-start-1280-sv');
    await organiser.getByRole('button', { name: 'Skapa gruppbeställning' }).click();
    const share = await organiser.getByTestId('share-link').inputValue();
    const organise = await organiser.getByTestId('organiser-link').inputValue();
    expect(share).toMatch(/\/group\/[0-9a-f-]{36}\?token=[\w-]{43}$/);
    expect(organise).toMatch(/\/group\/[0-9a-f-]{36}\/organise\?token=[\w-]{43}$/);
    await screenshot(organiser, 'group-links-1280-sv');

    const members = [
      { locale: 'sv-SE', name: 'Anna Berg', size: 'M', quantity: '6', print: 'ANNA', number: '7' },
      { locale: 'en-SE', name: 'Erik Ek', size: 'L', quantity: '5', print: 'EK', number: '10' },
      { locale: 'sv-SE', name: 'Åsa Öberg', size: 'S', quantity: '4', print: 'ÅSA', number: '3' },
      { locale: 'en-SE', name: 'Kim Li', size: 'XL', quantity: '3', print: 'KIM', number: '99' },
      { locale: 'sv-SE', name: 'Olle Nord', size: 'M', quantity: '4', print: 'OLLE', number: '12' },
    ];
    for (const [index, member] of members.entries()) {
      const { page } = await openPage({ width: 390, locale: member.locale, touch: true });
      await page.goto(new URL(share).pathname + new URL(share).search);
      const sv = member.locale === 'sv-SE';
      await expect(page.getByRole('heading', { name: 'IFK Juniorer – hoodies' })).toBeVisible();
      await page.getByLabel(sv ? 'Ditt namn' : 'Your name').fill(member.name);
      await page.getByLabel(sv ? 'Storlek' : 'Size', { exact: true }).selectOption(member.size);
      await page.getByLabel(sv ? 'Antal' : 'Quantity').fill(member.quantity);
      await page.getByLabel(sv ? 'Nummer på plagget' : 'Number on the garment').fill(member.number);
      // The first two try a web address as the name to print: refused, in their language.
      if (index < 2) {
        await page.getByLabel(sv ? 'Namn på plagget' : 'Name on the garment').fill('https://x.example');
        await page.getByRole('button', { name: sv ? 'Skicka' : 'Send' }).click();
        await expect(
          page.getByText(sv ? 'Namnet får ha högst' : 'The name may have at most').first(),
        ).toBeVisible();
      }
      await page.getByLabel(sv ? 'Namn på plagget' : 'Name on the garment').fill(member.print);
      // One member leaves an address for a receipt of their own entry.
      if (index === 1) await page.getByLabel('Email for a receipt (optional)').fill('erik@example.se');
      if (index < 2) await screenshot(page, `group-member-390-${sv ? 'sv' : 'en'}`);
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: sv ? 'Skicka' : 'Send' }).click();
      await expect(page.getByTestId('entry-saved')).toBeVisible();
      await expect(page.getByTestId('edit-link')).toHaveValue(/\?entry=[0-9a-f-]{36}&token=[\w-]{43}$/);
      if (index < 2) await screenshot(page, `group-member-saved-390-${sv ? 'sv' : 'en'}`);
      await page.context().close();
    }

    await organiser.goto(new URL(organise).pathname + new URL(organise).search);
    await expect(organiser.getByTestId('group-total')).toHaveText('22 plagg totalt');
    await expect(organiser.getByTestId('entry')).toHaveCount(5);
    await expect(organiser.getByTestId('next-tier')).toContainText('28 till för nästa prisnivå');
    await screenshot(organiser, 'group-organiser-1280-sv');
    await organiser.getByRole('button', { name: 'Stäng och lägg i varukorgen' }).click();
    await expect(organiser.getByText('Gruppen är stängd och ligger i varukorgen.')).toBeVisible();
    await organiser.getByRole('link', { name: 'Till varukorgen' }).click();
    await expect(organiser.getByTestId('group-line')).toContainText(
      '22 plagg med namn och nummer per person',
    );
    await expect(organiser.getByTestId('group-line')).toContainText('4 S, 10 M, 5 L, 3 XL');
    await screenshot(organiser, 'group-cart-1280-sv');
    await organiser.getByLabel('Personnummer').fill('19811218-9876');
    await organiser.getByLabel('Namn', { exact: true }).fill('Sara Svensson');
    await organiser.getByLabel('E-post').fill('sara@example.se');
    await organiser.getByLabel('Telefon').fill('070-123 45 67');
    await organiser.getByLabel('Leveransadress').fill('Storgatan 1\n111 22 Stockholm');
    await acceptTerms(organiser);
    await organiser.getByRole('button', { name: /Slutför köpet/ }).click();
    await expect(organiser).toHaveURL(/\/confirmation$/);
    await expect(organiser.getByTestId('invoice-number')).toHaveText(/^INV-\d+$/);
    const { orderNumber } = await lastPlacedOrder(organiser);

    // Production (the shop's staff, Swedish, 1280 px): the job on the board links its job ticket
    // and its packing list; both name each of the 22 garments, the packing list by member.
    const { page: staff, context } = await openPage({ width: 1280, locale: 'sv-SE' });
    await loginAsAdmin(server, context);
    await staff.goto('/admin');
    await staff.getByRole('tab', { name: 'Produktion' }).click();
    const job = staff.getByRole('list', { name: 'Jobb' }).locator(`[data-order="${orderNumber}"]`);
    await expect(job.getByRole('link', { name: 'Packlista (PDF)' })).toBeVisible();
    await expect(job.getByRole('link', { name: 'Packlista (CSV)' })).toBeVisible();
    await job.scrollIntoViewIfNeeded();
    await screenshot(staff, 'group-production-board-1280-sv', { fullPage: false });
    const pdfOf = async (name: string) => {
      const href = await job.getByRole('link', { name }).getAttribute('href');
      const answer = await staff.request.get(href ?? '');
      expect(answer.status()).toBe(200);
      return plain(await pdfText(new Uint8Array(await answer.body())));
    };
    const ticket = await pdfOf('Arbetsorder (PDF)');
    expect(ticket).toContain('22 plagg med namn och nummer per person');
    const packing = await pdfOf('Packlista (PDF)');
    expect(packing).toContain('22 plagg till 5 personer, sorterade per person');
    for (const member of members) {
      expect(ticket).toContain(`${member.size} · ${member.name} · tryck: ${member.print} ${member.number}`);
      expect(packing).toContain(`${member.name} – ${member.quantity} st`);
      expect(packing).toContain(`${member.size} · tryck: ${member.print} ${member.number}`);
    }
    // By member, Å and Ö last as in Swedish.
    const packed = ['Anna Berg', 'Erik Ek', 'Kim Li', 'Olle Nord', 'Åsa Öberg'].map((name) =>
      packing.indexOf(`${name} –`),
    );
    expect(packed).toEqual([...packed].sort((a, b) => a - b));
    const csv = await staff.request.get(
      (await job.getByRole('link', { name: 'Packlista (CSV)' }).getAttribute('href')) ?? '',
    );
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1 + 22);
  });
});
