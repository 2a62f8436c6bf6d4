import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { catalogueProducts } from '@/shared/catalogue';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { productName } from '@/shared/i18n/messages/product-names';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { productSearchWords } from '@/shared/i18n/messages/product-search-words';
import { locales } from '@/shared/i18n/locale';
import { searchMessages } from '@/shared/i18n/messages/search';
import { Dialog } from '@/client/components/ui/dialog';
import { useLocale, useT } from '@/client/lib/i18n';
import { ProductImage } from '@/client/components/product-image';
import { cn } from '@/client/lib/cn';
import { inputLookClass } from '@/client/components/ui/field';

function normalise(text: string): string {
  return text.toLocaleLowerCase('sv-SE').normalize('NFC');
}

/**
 * Finds products by name, description, category, other words for them or id, in both languages
 * ("hoodie", "luvtröja", "keps", "stickers").
 */
export function searchProducts(query: string) {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return catalogueProducts().filter((product) => {
    // Both languages' names match, so "keps" and "cap" both find the caps.
    const texts = locales.flatMap((locale) => [
      productName(locale, product),
      layoutMessages[locale][product.category],
      productDescription(locale, product),
      productSearchWords(locale, product.id),
    ]);
    const haystack = normalise(`${texts.join(' ')} ${product.id} ${product.category}`);
    return words.every((word) => haystack.includes(word));
  });
}

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const t = useT(searchMessages);
  const { locale } = useLocale();
  const results = useMemo(() => searchProducts(query), [query]);
  const [, navigate] = useLocation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.title} className="sm:mt-24 sm:mb-auto">
      <label className="block">
        <span className="sr-only">{t.label}</span>
        <input
          type="search"
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the dialog opens to search: its field is where focus belongs
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter opens the best match, as a search field's Enter is expected to.
            const first = results[0];
            if (event.key === 'Enter' && first) {
              event.preventDefault();
              onClose();
              navigate(`/products/${first.id}`);
            }
          }}
          placeholder={t.placeholder}
          className={cn(inputLookClass, 'h-12 w-full px-4 text-base')}
        />
      </label>
      <div aria-live="polite" className="mt-3">
        {query.trim() !== '' && results.length === 0 && (
          <p className="py-6 text-center text-sm text-slate-600">{t.noMatch({ query })}</p>
        )}
        <ul className="divide-y divide-slate-100">
          {results.map((product) => (
            <li key={product.id}>
              <Link
                href={`/products/${product.id}`}
                onClick={onClose}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50"
              >
                <ProductImage image={product.image} name="" className="w-16 rounded-md" />
                <span>
                  <span className="block font-semibold text-slate-900">{productName(locale, product)}</span>
                  <span className="line-clamp-1 text-sm text-slate-600">
                    {productDescription(locale, product)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
