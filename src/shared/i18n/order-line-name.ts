import type { Locale } from './locale';
import { printFileMessages } from './messages/print-files';
import { productName } from './messages/product-names';

/**
 * An order line's name in one language. Orders store the product id (and a fee line its fee code)
 * beside the catalogue's English name, so every page, email, CSV and PDF names it in its reader's
 * language; the stored name is only the fallback for an id the catalogue no longer has.
 */
export function orderLineName(
  locale: Locale,
  line: { productId: string; name: string; fee?: 'conversion' | undefined },
): string {
  if (line.fee) return printFileMessages[locale].conversionFee;
  return productName(locale, { id: line.productId, name: line.name });
}
