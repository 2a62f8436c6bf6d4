import { orderLookupMessages } from '@/shared/i18n/messages/order-lookup';
import { useT } from '@/client/lib/i18n';
import { OrderLookup } from '@/client/features/order-page/order-lookup';

/** /orders: a visitor who lost the link to an order asks for links by email. */
export function OrderLookupPage() {
  const t = useT(orderLookupMessages);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.heading}</h1>
      <p className="mt-2 mb-6 text-slate-700">{t.intro}</p>
      <OrderLookup />
    </main>
  );
}
