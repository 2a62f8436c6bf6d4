import { FileText, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { accountOrderPagePath } from '@/shared/account';
import { catalogueProducts } from '@/shared/catalogue';
import { formatDate } from '@/shared/dates';
import { designLibraryApiPaths, type DesignLibrary, type LibraryDesign } from '@/shared/design-library';
import { designLibraryMessages } from '@/shared/i18n/messages/design-library';
import { dateLocaleTag } from '@/shared/i18n/locale';
import { productName } from '@/shared/i18n/messages/product-names';
import { apiFetch } from '@/client/lib/api';
import { useLocale, useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/field';
import { keepLibraryDesign } from '@/client/state/library-design';
import { printFileStore } from '@/client/state/print-files';
import { AccountList, AccountSection, type AccountRows } from './account-section';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; designs: LibraryDesign[] };

const designRows: AccountRows<LibraryDesign> = {
  key: (design) => design.id,
  className: 'flex flex-col gap-3 p-4',
  testId: 'library-design',
};

/**
 * The account's design library (issue 43, "Mina motiv / My designs"): each image and print file of
 * the buyer's and their company's orders once, with its orders and last use. "Use in a new design"
 * opens a product with it: an image placed in the customiser, a print file attached to the cart's
 * print files (converted already: no new fee). Nothing is uploaded again; the order names the same id.
 */
export function DesignLibrarySection() {
  const t = useT(designLibraryMessages);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    apiFetch<DesignLibrary>(designLibraryApiPaths.library).then(
      (library) => setLoaded({ state: 'ready', designs: library.designs }),
      () => setLoaded({ state: 'failed' }),
    );
  }, []);
  return (
    <AccountSection id="account-designs" heading={t.heading} intro={t.intro} testId="design-library">
      {loaded.state === 'loading' && <p aria-busy="true" className="mt-3 h-6" />}
      {loaded.state === 'failed' && (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
          {t.loadFailed}
        </p>
      )}
      {loaded.state === 'ready' && (
        <AccountList items={loaded.designs} empty={t.empty} rows={designRows}>
          {(design) => <DesignRow design={design} />}
        </AccountList>
      )}
    </AccountSection>
  );
}

function DesignRow({ design }: { design: LibraryDesign }) {
  const t = useT(designLibraryMessages);
  const { locale } = useLocale();
  const [choosing, setChoosing] = useState(false);
  const name = design.name || t.unnamed;
  return (
    <>
      <div className="flex min-w-0 items-start gap-4">
        <Preview design={design} />
        <div className="min-w-0 flex-1 text-sm">
          <p className="break-all font-semibold text-slate-900">{name}</p>
          <p className="text-slate-600">
            {design.use === 'image' ? t.imageKind : t.printFileKind} ·{' '}
            {t.lastUsed({ date: formatDate(design.lastUsedAt, dateLocaleTag[locale], 'long') })}
          </p>
          <p className="mt-1 text-slate-600">
            {t.usedIn}{' '}
            {design.orders.map((order, index) => (
              <span key={order.orderNumber}>
                {index > 0 && ', '}
                {/* A server redirect with a fresh link to the order's page: a plain link. */}
                <a
                  href={accountOrderPagePath(order.orderNumber)}
                  className="whitespace-nowrap text-slate-900 underline"
                >
                  {order.orderNumber}
                </a>
              </span>
            ))}
          </p>
        </div>
      </div>
      {choosing ? (
        <ProductChooser design={design} onCancel={() => setChoosing(false)} />
      ) : (
        <Button size="sm" className="self-start" onClick={() => setChoosing(true)}>
          <Sparkles className="size-4" aria-hidden />
          {t.useInNew}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
    </>
  );
}

/** A thumbnail made by the server (raster), the cleaned SVG itself, or a file's icon (PDF, EPS, AI). */
function Preview({ design }: { design: LibraryDesign }) {
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 sm:size-20">
      {design.preview ? (
        <img src={design.preview} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />
      ) : (
        <FileText className="size-8 text-slate-400" aria-hidden />
      )}
    </div>
  );
}

/**
 * Which product the file goes on: an image on a product with the customiser, a print file on a
 * product that takes one (the cart's print files), then that product's page.
 */
function ProductChooser({ design, onCancel }: { design: LibraryDesign; onCancel: () => void }) {
  const t = useT(designLibraryMessages);
  const { locale } = useLocale();
  const [, navigate] = useLocation();
  const id = useId();
  const wanted = design.use === 'image' ? 'customiser' : 'tiers';
  const products = catalogueProducts().filter((product) => product.kind === wanted);
  const [productId, setProductId] = useState(products[0]?.id ?? '');
  const open = () => {
    if (!productId) return;
    const { id: uploadId, contentType, bytes, kind, name, width, height } = design;
    const size = width !== undefined && height !== undefined ? { width, height } : {};
    if (design.use === 'image') {
      keepLibraryDesign(productId, { id: uploadId, contentType, size: bytes, kind, fileName: name, ...size });
    } else {
      // Converted for the earlier order: the server charges no fee again (decision 0050).
      printFileStore.add({ id: uploadId, kind, name, bytes, contentType, ...size, source: 'reorder' });
      notify.success(t.attachedHeading, { description: t.attachedText });
    }
    navigate(`/products/${encodeURIComponent(productId)}`);
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <label htmlFor={id} className="min-w-0 flex-1 text-sm font-medium text-slate-900">
        {t.chooseProduct}
        <select
          id={id}
          className={inputClass}
          value={productId}
          onChange={(event) => setProductId(event.target.value)}
        >
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {productName(locale, product)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <Button size="md" onClick={open} disabled={!productId}>
          {t.open}
        </Button>
        <Button size="md" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}
