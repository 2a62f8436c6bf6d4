import { Link, useSearchParams } from 'wouter';
import { categories, isCategoryId, products } from '../../../shared/catalogue';
import { startingPrice } from '../../../shared/pricing';
import { ProductImage } from '../../features/catalogue/product-image';
import { useCurrency } from '../../features/currency/currency-context';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';

const filters = [{ id: 'alla', label: 'All Products' }, ...categories] as const;

export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const { formatPrice, currency } = useCurrency();
  const selected = params.get('category') ?? 'alla';
  const visible = selected === 'alla' ? products : products.filter((p) => isCategoryId(selected) && p.category === selected);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>Products — BulkPrint</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Products</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Every product is printed with your design. Prices include VAT and drop as your quantity grows.
      </p>
      <div role="group" aria-label="Filter by category" className="mt-8 flex flex-wrap gap-2">
        {filters.map((filter) => (
          <button
            key={filter.id}
            type="button"
            aria-pressed={selected === filter.id}
            onClick={() => setParams(filter.id === 'alla' ? {} : { category: filter.id })}
            className={cn(
              'rounded-full px-4 py-2 text-sm font-semibold transition-colors',
              selected === filter.id ? 'bg-brand-800 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
            )}
          >
            {filter.label}
          </button>
        ))}
      </div>

      {visible.length === 0 ? (
        <p className="mt-16 rounded-2xl border border-dashed border-slate-300 p-12 text-center text-slate-600">
          No products in this category yet. Coming soon!
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
          {visible.map((product, index) => (
            <li key={product.id}>
              <Link
                href={`/products/${product.id}`}
                className="group flex h-full flex-row overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg sm:flex-col"
              >
                <ProductImage
                  id={product.id}
                  name=""
                  eager={index < 4}
                  className="w-32 shrink-0 object-cover transition-transform group-hover:scale-[1.02] sm:w-full"
                />
                <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
                  <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">{product.name}</h2>
                  <p className="mt-1 line-clamp-2 flex-1 text-sm text-slate-600">{product.description}</p>
                  <p className="mt-4 text-sm text-slate-700">
                    From <span className="text-base font-bold text-slate-900">{formatPrice(startingPrice(product))}</span>{' '}
                    <span className="text-slate-600">{currency.code}/pcs</span>
                  </p>
                  <p className="mt-1 text-xs text-slate-600">Minimum {formatCount(product.minQuantity)} pcs</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
