import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Locale } from '@/shared/i18n/locale';
import { milliFromDecimal } from '@/shared/money';
import { LocaleProvider } from '@/client/lib/i18n';
import { CurrencyProvider } from '@/client/state/currency-context';
import { PriceSummary, type PriceSummaryProps } from './price-summary';

/** The summary's visible text by test id, non-breaking and narrow spaces made plain. */
function renderSummary(props: PriceSummaryProps, locale: Locale) {
  // Rendered as the server renders a page (the currency provider reads the path: no dialog on staff pages).
  const html = renderToStaticMarkup(
    <Router ssrPath="/products/hoodie">
      <LocaleProvider initial={locale}>
        <CurrencyProvider>
          <PriceSummary {...props} />
        </CurrencyProvider>
      </LocaleProvider>
    </Router>,
  );
  const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');
  const byTestId = (id: string) => plain(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]);
  const labels = [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt>/g)].map((match) => match[1]);
  return { byTestId, labels };
}

const tier = (quantity: number, price: string) => ({ quantity, pricePerUnit: milliFromDecimal(price) });

describe('PriceSummary', () => {
  it('shows quantity, unit price and total in Swedish number format, in Swedish', () => {
    const { byTestId, labels } = renderSummary(
      { quantity: 500, tier: tier(500, '2.469'), nextTier: tier(1000, '2.1') },
      'sv',
    );
    expect(labels).toEqual(['Antal', 'Styckpris', 'Totalt']);
    expect(byTestId('summary-quantity')).toBe('500 st');
    expect(byTestId('summary-unit-price')).toBe('2,469 kr');
    expect(byTestId('summary-total')).toBe('1 234,50 kr');
    expect(byTestId('summary-next-tier')).toBe(
      'Beställ 500 till (1 000 st) så betalar du 2,10 kr per styck, 2 100,00 kr totalt.',
    );
  });

  it('says the same in English, still in Swedish number format', () => {
    const { byTestId, labels } = renderSummary(
      { quantity: 50, tier: tier(50, '114.375'), nextTier: tier(100, '99.5') },
      'en',
    );
    expect(labels).toEqual(['Quantity', 'Per unit', 'Total']);
    expect(byTestId('summary-quantity')).toBe('50 pcs');
    expect(byTestId('summary-unit-price')).toBe('114,375 kr');
    expect(byTestId('summary-total')).toBe('5 718,75 kr');
    expect(byTestId('summary-next-tier')).toBe(
      'Order 50 more (100 pcs) and pay 99,50 kr per piece, 9 950,00 kr in total.',
    );
  });

  it('shows dashes and no offer while no price applies', () => {
    const { byTestId } = renderSummary({ quantity: 3, tier: undefined, nextTier: tier(50, '114.375') }, 'en');
    expect(byTestId('summary-quantity')).toBe('3 pcs');
    expect(byTestId('summary-unit-price')).toBe('–');
    expect(byTestId('summary-total')).toBe('–');
    expect(byTestId('summary-next-tier')).toBeUndefined();
  });
});
