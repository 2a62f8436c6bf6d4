import { orderLookupMessages } from '@/shared/i18n/messages/order-lookup';
import { orderLookupApiPath, type OrderLookupAnswer } from '@/shared/order-lookup';
import { apiFetch } from '@/client/lib/api';
import { useT } from '@/client/lib/i18n';
import { useShopContact } from '@/client/lib/shop-contact';
import { EmailLinkForm } from '@/client/components/email-link-form';

const askForOrderLinks = (email: string) =>
  apiFetch<OrderLookupAnswer>(orderLookupApiPath, { method: 'POST', json: { email } });

/**
 * "Email me links to my orders": one address in, the same answer out whether or not it has orders
 * (the server mails the links to the address stored on the orders).
 */
export function OrderLookup() {
  const t = useT(orderLookupMessages);
  const seller = useShopContact();
  return (
    <EmailLinkForm
      texts={t}
      send={askForOrderLinks}
      sentTestId="order-lookup-sent"
      footer={seller && t.contact({ email: seller.email })}
    />
  );
}
