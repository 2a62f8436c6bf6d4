import { useLocation, useSearch } from 'wouter';
import type { ReorderAnswer } from '@/shared/account';
import { accountMessages } from '@/shared/i18n/messages/account';
import { useT } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { useCart } from '@/client/state/cart/cart-context';
import { printFileStore } from '@/client/state/print-files';
import { AccountPage as AccountDetails } from '@/client/features/account/account-page';
import { writeCheckoutDraft } from '@/client/features/checkout/checkout-draft';

/**
 * /account: sign in by an emailed link, or the buyer's orders and quotes. "Order again" puts the
 * lines in the cart with their print files and the checkout form filled in as last time, then
 * opens the cart: the second click is the order.
 */
export function AccountPage() {
  const t = useT(accountMessages);
  const { dispatch } = useCart();
  const [, navigate] = useLocation();
  const linkExpired = new URLSearchParams(useSearch()).get('link') === 'expired';

  const onReorder = (answer: ReorderAnswer) => {
    for (const file of answer.printFiles) printFileStore.add({ ...file, source: 'reorder' });
    for (const line of answer.lines) {
      const { printFile, ...rest } = line;
      dispatch({ type: 'add', ...rest, ...(printFile ? { printFileId: printFile } : {}) });
    }
    writeCheckoutDraft(answer.customer);
    notify.success(t.reorderedHeading, {
      description: [t.reorderedText, ...answer.notes].join(' '),
    });
    navigate('/cart');
  };

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.heading}</h1>
      <AccountDetails linkExpired={linkExpired} onReorder={onReorder} />
    </main>
  );
}
