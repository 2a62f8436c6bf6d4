import { expect, plain, test } from './fixtures';

/**
 * Facts the browser shows must be the ones the server's documents show. Each case here once
 * drifted: the seller's email (a constant on pages, a setting on invoices), the due date (browser
 * time zone on the confirmation, Stockholm on the invoice) and the unit ("st" among "pcs").
 */
test.use({
  serverOptions: {
    env: {
      SELLER_NAME: 'Tryck & Co AB',
      SELLER_EMAIL: 'billing@seller.example',
      SELLER_PHONE: '+46 31 999 00 00',
      SELLER_ORG_NUMBER: '556016-0680',
      SELLER_VAT_NUMBER: 'SE556016068001',
    },
  },
});

test.describe('one source of truth, seen in a browser', () => {
  test('footer and confirmation show the seller settings; due date and unit agree with the invoice', async ({
    server,
    openPage,
    placedOrder: placed,
  }) => {
    const { page, context, errors } = await openPage({ timezoneId: 'America/Los_Angeles' });
    await context.addInitScript((last) => window.localStorage.setItem('lastOrder', JSON.stringify(last)), {
      orderNumber: placed.orderNumber,
      accessToken: placed.accessToken,
    });
    await page.goto('/confirmation');
    await expect(page.getByTestId('invoice-number')).toHaveText(placed.orderNumber);

    await expect(page.getByTestId('footer-email')).toContainText('billing@seller.example');
    await expect(page.getByTestId('seller-email')).toHaveText('billing@seller.example');
    await expect(page.getByText('+46 31 999 00 00')).toBeVisible();
    // The seller's legal identity in the footer, from the settings the invoices use.
    await expect(page.getByTestId('footer-seller')).toHaveText(
      'Tryck & Co AB · Company reg. no. 556016-0680 · VAT no. SE556016068001 · Approved for F-tax',
    );

    // The stored invoice's due date (a Stockholm calendar date), written as the English page writes
    // dates by a browser in Los Angeles: the same day, never shifted by the browser's time zone.
    const invoice = await (
      await fetch(
        `${server.url}/api/orders/${placed.orderNumber}/invoice?token=${encodeURIComponent(placed.accessToken)}`,
      )
    ).text();
    const due = /<dt>Förfallodatum<\/dt><dd>(\d{4})-(\d{2})-(\d{2})<\/dd>/.exec(invoice);
    expect(due).not.toBeNull();
    const [, year, month, day] = due ?? [];
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    await expect(page.getByTestId('due-date')).toHaveText(
      `${Number(day)} ${months[Number(month) - 1]} ${year}`,
    );
    expect(invoice).toContain('billing@seller.example');
    expect(invoice).toContain('556016-0680');

    // The English pages count in pcs everywhere, the cart and the confirmation alike.
    const quantities = await page.getByTestId('line-quantity').allTextContents();
    expect(quantities.map(plain)).toEqual(['20 pcs', '25 pcs']);
    expect(errors).toEqual([]);
  });
});
