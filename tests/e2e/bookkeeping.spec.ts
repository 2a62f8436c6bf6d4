import { formatKrDecimal } from '@/shared/money-format';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody } from '../helpers/orders';
import { request } from '../helpers/server';
import { loginAsAdmin } from './admin-fixture';
import { expect, plain, screenshot, test } from './fixtures';

/**
 * The bookkeeping beside the invoice journal (issue 42): the VAT return's boxes for the period as
 * the API gives them, the EC sales list's download, and closing last month, in Swedish and English
 * at 1280 and 390 px.
 */
test.describe('VAT return, EC sales list and closing a month', () => {
  test('the admin reads the boxes, downloads the list and closes last month', async ({
    server,
    openPage,
  }) => {
    const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: checkoutBody(`bookkeeping-${Date.now()}-abcdefgh`, 1),
    });
    expect(placed.status).toBe(201);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const [year = 0, month = 0] = today.split('-').map(Number);
    const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;

    const runs = [
      { locale: 'sv-SE', width: 1280, tab: 'Fakturajournal', vat: 'Momsdeklaration', close: 'Stäng månaden' },
      { locale: 'en-SE', width: 390, tab: 'Invoice journal', vat: 'VAT return', close: 'Close the month' },
      { locale: 'sv-SE', width: 390, tab: 'Fakturajournal', vat: 'Momsdeklaration', close: 'Stäng månaden' },
      { locale: 'en-SE', width: 1280, tab: 'Invoice journal', vat: 'VAT return', close: 'Close the month' },
    ] as const;
    for (const [index, run] of runs.entries()) {
      const admin = await openPage({ locale: run.locale, width: run.width });
      await loginAsAdmin(server, admin.context);
      await admin.page.goto('/admin');
      await admin.page.getByRole('tab', { name: run.tab }).click();
      const report = admin.page.getByTestId('vat-report');
      await expect(report.getByRole('heading', { name: run.vat })).toBeVisible();
      const api = await admin.page.request.get(
        `/api/admin/vat-report?from=${today.slice(0, 8)}01&to=${today}`,
      );
      const { boxes } = (await api.json()) as { boxes: Record<string, string> };
      expect(Number(boxes['10'])).toBeGreaterThan(0);
      await expect(report.getByTestId('vat-box-10')).toContainText(plain(formatKrDecimal(boxes['10'] ?? '')));
      await expect(admin.page.getByTestId('ec-sales-list-download')).toHaveAttribute(
        'href',
        `/api/admin/ec-sales-list?period=${lastMonth}`,
      );
      const closing = admin.page.getByTestId('close-month');
      if (index === 0) {
        await closing.getByRole('button', { name: run.close }).click();
        await closing.getByRole('group').getByRole('button', { name: run.close }).click();
        await expect(closing.getByTestId('closed-months')).toContainText(lastMonth);
      }
      await screenshot(admin.page, `bookkeeping-${run.locale}-${run.width}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
    }
  });
});
