import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { categories, products } from '../../../shared/catalogue';
import { Dialog } from '../../components/ui/dialog';
import { ProductImage } from '../catalogue/product-image';

function normalise(text: string): string {
  return text.toLocaleLowerCase('sv-SE').normalize('NFC');
}

/** Finds products by name, description, category or id ("hoodie", "keps", "stickers"). */
export function searchProducts(query: string) {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return products.filter((product) => {
    const category = categories.find((c) => c.id === product.category)?.label ?? '';
    const haystack = normalise(`${product.name} ${product.id} ${product.description} ${category} ${product.category}`);
    return words.every((word) => haystack.includes(word));
  });
}

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchProducts(query), [query]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Search products" className="sm:top-24 sm:translate-y-0">
      <label className="block">
        <span className="sr-only">Search for a product</span>
        <input
          type="search"
          autoFocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="T-shirt, caps, stickers…"
          className="h-12 w-full rounded-xl border border-slate-300 px-4 text-base focus:border-brand-600"
        />
      </label>
      <div aria-live="polite" className="mt-3">
        {query.trim() !== '' && results.length === 0 && (
          <p className="py-6 text-center text-sm text-slate-600">No products match “{query}”.</p>
        )}
        <ul className="divide-y divide-slate-100">
          {results.map((product) => (
            <li key={product.id}>
              <Link
                href={`/products/${product.id}`}
                onClick={onClose}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50"
              >
                <ProductImage id={product.id} name="" className="w-16 rounded-md" />
                <span>
                  <span className="block font-semibold text-slate-900">{product.name}</span>
                  <span className="line-clamp-1 text-sm text-slate-600">{product.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
