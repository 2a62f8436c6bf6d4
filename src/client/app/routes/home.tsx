import { ArrowRight, BadgePercent, FileText, Truck } from 'lucide-react';
import { Link } from 'wouter';
import { catalogueProducts } from '@/shared/catalogue';
import { homeMessages } from '@/shared/i18n/messages/home';
import { productName } from '@/shared/i18n/messages/product-names';
import { useLocale, useT } from '@/client/lib/i18n';
import { ProductImage } from '@/client/components/product-image';
import { buttonClass } from '@/client/components/ui/button';

const partnerLogos = import.meta.glob<string>('../../assets/partners/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});
// These two logos are drawn white, for a dark plate.
const whiteLogos = new Set(['fjord-brewing', 'stella-studio']);
const partners = Object.entries(partnerLogos).map(([path, src]) => {
  const id =
    path
      .split('/')
      .pop()
      ?.replace(/\.svg$/, '') ?? '';
  return {
    id,
    src,
    alt: id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    isWhite: whiteLogos.has(id),
  };
});

const features = [
  { icon: BadgePercent, title: 'bulkPricesTitle', text: 'bulkPricesText' },
  { icon: Truck, title: 'fastDeliveryTitle', text: 'fastDeliveryText' },
  { icon: FileText, title: 'easyPaymentTitle', text: 'easyPaymentText' },
] as const;

const featured = ['hoodie', 'tshirt-bomull', 'baseball-keps', 'klistermärken'];

export function HomePage() {
  const t = useT(homeMessages);
  const { locale } = useLocale();
  return (
    <main id="main">
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
              {t.eyebrow}
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              {t.heading}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-brand-100">{t.intro}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href="/products" className={buttonClass({ variant: 'accent', size: 'lg' })}>
                {t.browseProducts} <ArrowRight className="size-5" aria-hidden />
              </Link>
              <Link href="/partner" className={buttonClass({ variant: 'inverse-outline', size: 'lg' })}>
                {t.becomePartner}
              </Link>
            </div>
            <dl className="mt-10 flex gap-10">
              <div>
                <dt className="text-sm text-brand-100">{t.statProducts}</dt>
                {/* From the catalogue: a claim of "50+" with 17 products was not true. */}
                <dd className="text-3xl font-extrabold">{catalogueProducts().length}</dd>
              </div>
              <div>
                <dt className="text-sm text-brand-100">{t.statSatisfaction}</dt>
                <dd className="text-3xl font-extrabold">100%</dd>
              </div>
            </dl>
          </div>
          <div className="hidden grid-cols-2 gap-4 lg:grid">
            {featured.map((id, index) => {
              const product = catalogueProducts().find((p) => p.id === id);
              return product ? (
                <Link
                  key={id}
                  href={`/products/${id}`}
                  className={`overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-white/20 transition-transform hover:-translate-y-1 ${index % 2 ? 'translate-y-6' : ''}`}
                >
                  <ProductImage
                    image={product.image}
                    name={productName(locale, product)}
                    eager
                    className="w-full"
                  />
                </Link>
              ) : null;
            })}
          </div>
        </div>
      </section>

      <section aria-labelledby="partners-title" className="border-b border-slate-200 bg-slate-50 py-10">
        <h2
          id="partners-title"
          className="text-center text-sm font-semibold uppercase tracking-widest text-slate-600"
        >
          {t.partners}
        </h2>
        <div className="relative mt-6 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]">
          <ul className="flex w-max animate-marquee gap-16 hover:[animation-play-state:paused]">
            {[...partners, ...partners].map((partner, index) => (
              <li key={`${partner.id}-${index}`} aria-hidden={index >= partners.length} className="shrink-0">
                <img
                  src={partner.src}
                  alt={index >= partners.length ? '' : partner.alt}
                  width={160}
                  height={60}
                  className={`h-12 w-auto ${partner.isWhite ? 'rounded-lg bg-slate-800 px-3 py-1' : ''}`}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="text-center text-3xl font-bold tracking-tight text-slate-900">{t.whyTitle}</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t[title]}</h3>
              <p className="mt-2 text-slate-600">{t[text]}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mx-auto mb-16 max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-center gap-6 rounded-3xl bg-slate-900 px-6 py-12 text-center text-white md:px-12">
          <h2 className="text-3xl font-bold tracking-tight">{t.ctaTitle}</h2>
          <p className="max-w-2xl text-slate-300">{t.ctaText}</p>
          <Link href="/products" className={buttonClass({ variant: 'accent', size: 'lg' })}>
            {t.ctaButton} <ArrowRight className="size-5" aria-hidden />
          </Link>
        </div>
      </section>
    </main>
  );
}
