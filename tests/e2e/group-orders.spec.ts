import { acceptTerms, expect, screenshot, test } from './fixtures';

test.describe('a group order in a real browser', () => {
  test('the organiser (Swedish, 1280 px) starts one, two members fill in on phones (390 px, sv and en), the organiser closes and orders', async ({
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
      { locale: 'sv-SE', name: 'Anna Berg', size: 'M', quantity: '12', print: 'ANNA', number: '7' },
      { locale: 'en-SE', name: 'Erik Ek', size: 'L', quantity: '9', print: 'EK', number: '10' },
    ];
    for (const member of members) {
      const { page } = await openPage({ width: 390, locale: member.locale, touch: true });
      await page.goto(new URL(share).pathname + new URL(share).search);
      const sv = member.locale === 'sv-SE';
      await expect(page.getByRole('heading', { name: 'IFK Juniorer – hoodies' })).toBeVisible();
      await page.getByLabel(sv ? 'Ditt namn' : 'Your name').fill(member.name);
      await page.getByLabel(sv ? 'Storlek' : 'Size', { exact: true }).selectOption(member.size);
      await page.getByLabel(sv ? 'Antal' : 'Quantity').fill(member.quantity);
      await page.getByLabel(sv ? 'Namn på plagget' : 'Name on the garment').fill('https://x.example');
      await page.getByLabel(sv ? 'Nummer på plagget' : 'Number on the garment').fill(member.number);
      await page.getByRole('button', { name: sv ? 'Skicka' : 'Send' }).click();
      await expect(
        page.getByText(sv ? 'Namnet får ha högst' : 'The name may have at most').first(),
      ).toBeVisible();
      await page.getByLabel(sv ? 'Namn på plagget' : 'Name on the garment').fill(member.print);
      await screenshot(page, `group-member-390-${sv ? 'sv' : 'en'}`);
      await page.getByRole('button', { name: sv ? 'Skicka' : 'Send' }).click();
      await expect(page.getByTestId('entry-saved')).toBeVisible();
      await expect(page.getByTestId('edit-link')).toHaveValue(/\?entry=[0-9a-f-]{36}&token=[\w-]{43}$/);
      await screenshot(page, `group-member-saved-390-${sv ? 'sv' : 'en'}`);
      await page.context().close();
    }

    await organiser.goto(new URL(organise).pathname + new URL(organise).search);
    await expect(organiser.getByTestId('group-total')).toHaveText('21 plagg totalt');
    await expect(organiser.getByTestId('entry')).toHaveCount(2);
    await expect(organiser.getByTestId('next-tier')).toContainText('29 till för nästa prisnivå');
    await screenshot(organiser, 'group-organiser-1280-sv');
    await organiser.getByRole('button', { name: 'Stäng och lägg i varukorgen' }).click();
    await expect(organiser.getByText('Gruppen är stängd och ligger i varukorgen.')).toBeVisible();
    await organiser.getByRole('link', { name: 'Till varukorgen' }).click();
    await expect(organiser.getByTestId('group-line')).toContainText(
      '21 plagg med namn och nummer per person',
    );
    await expect(organiser.getByTestId('group-line')).toContainText('12 M, 9 L');
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
  });
});
