import { defineMessages } from '@/shared/i18n/define';
import type { PaymentState } from '@/shared/ledger';

/** An order's payment state (derived from its documents and payments, never set), for the buyer and the admin alike. */
export const paymentStateMessages = defineMessages<Record<PaymentState, string>>({
  sv: {
    unpaid: 'Obetald',
    partly_paid: 'Delvis betald',
    paid: 'Betald',
    overpaid: 'Överbetald',
    credited: 'Krediterad',
    refunded: 'Återbetald',
  },
  en: {
    unpaid: 'Unpaid',
    partly_paid: 'Partly paid',
    paid: 'Paid',
    overpaid: 'Overpaid',
    credited: 'Credited',
    refunded: 'Refunded',
  },
});
