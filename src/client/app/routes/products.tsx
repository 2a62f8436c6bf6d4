import { Link, useSearchParams } from 'wouter';
import { catalogueProducts, categories, isCategoryId } from '@/shared/catalogue';
import { priceRange } from '@/shared/pricing';
import { ProductImage } from '@/client/components/product-image';
import { useCurrency } from '@/client/state/currency-context';
import { cn } from '@/client/lib/cn';
import { formatCount } from '@/shared/money-format';
import { layoutMessages } from '@/shared/i18n/messages/layout';
import { productDescription } from '@/shared/i18n/messages/product-descriptions';
import { productName } from '@/shared/i18n/messages/product-names';
import { productMessages } from '@/shared/i18n/messages/products';
import { useLocale, useT } from '@/client/lib/i18n';

const filters = ['alla', ...categories.map((c) => c.id)] as const;

export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const { formatUnitPrice, currency } = useCurrency();
  const { locale } = useLocale();
  const t = useT(productMessages);
  const categoryLabels = useT(layoutMessages);
  const selected = params.get('category') ?? 'alla';
  const visible =
    selected === 'alla'
      ? catalogueProducts()
      : catalogueProducts().filter((p) => isCategoryId(selected) && p.category === selected);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">{t.intro}</p>
      <div role="group" aria-label={t.filterLabel} className="mt-8 flex flex-wrap gap-2">
        {filters.map((filter) => (
          <button
            key={filter}
            type="button"
            aria-pressed={selected === filter}
            onClick={() => setParams(filter === 'alla' ? {} : { category: filter })}
            className={cn(
              'rounded-full px-4 py-2 text-sm font-semibold transition-colors',
              selected === filter
                ? 'bg-brand-800 text-white'
                : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
            )}
          >
            {filter === 'alla' ? t.allProducts : categoryLabels[filter]}
          </button>
        ))}
      </div>

      {visible.length === 0 ? (
        <p className="mt-16 rounded-2xl border border-dashed border-slate-300 p-12 text-center text-slate-600">
          {t.empty}
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
          {visible.map((product, index) => {
            const range = priceRange(product);
            return (
              <li key={product.id}>
                <Link
                  href={`/products/${product.id}`}
                  className="group flex h-full flex-row overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg sm:flex-col"
                >
                  <ProductImage
                    image={product.image}
                    name=""
                    eager={index < 4}
                    className="w-32 shrink-0 object-cover transition-transform group-hover:scale-[1.02] sm:w-full"
                  />
                  <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
                    <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                      {productName(locale, product)}
                    </h2>
                    <p className="mt-1 line-clamp-2 flex-1 text-sm text-slate-600">
                      {productDescription(locale, product)}
                    </p>
                    <p className="mt-4 text-sm text-slate-700" data-testid="card-price">
                      <span className="text-base font-bold text-slate-900">
                        {formatUnitPrice(range.atMinimum.price)}
                      </span>
                      {/* "30,00 kr/st": the symbol says the currency; the code only where "kr" alone would not (NOK, DKK). */}
                      <span className="text-slate-600">
                        {t.perUnit({
                          currency:
                            currency.symbol === 'kr' && currency.code !== 'SEK' ? ` ${currency.code}` : '',
                        })}
                      </span>{' '}
                      {t.atMinimum({ n: formatCount(range.atMinimum.quantity) })}
                    </p>
                    {range.lowest.price < range.atMinimum.price && (
                      <p className="mt-1 text-xs text-slate-600" data-testid="card-lowest-price">
                        {t.downTo({
                          price: formatUnitPrice(range.lowest.price),
                          n: formatCount(range.lowest.quantity),
                        })}
                      </p>
                    )}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
