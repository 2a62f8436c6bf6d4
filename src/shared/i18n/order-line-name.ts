import type { Locale } from './locale';
import { printFileMessages } from './messages/print-files';
import { productName } from './messages/product-names';

/**
 * An order line's name in one language. Orders store the product id (and a fee line its fee code)
 * beside the catalogue's English name, and since the catalogue is kept in admin the names in both
 * languages it was sold with, so every page, email, CSV and PDF names it in its reader's language.
 */
export function orderLineName(
  locale: Locale,
  line: {
    productId: string;
    name: string;
    /** The names the line was sold with (orders since the catalogue is kept in admin). */
    names?: Readonly<Record<Locale, string>> | undefined;
    fee?: 'conversion' | undefined;
  },
): string {
  if (line.fee) return printFileMessages[locale].conversionFee;
  return productName(locale, { id: line.productId, name: line.name, names: line.names });
}
