import { defineMessages } from '@/shared/i18n/define';

/** An order's job state as the admin reads it: badges, the status filter, status changes (its money: ledger messages). */
export const orderStatusMessages = defineMessages(
  {
    pending: 'Mottagen',
    in_production: 'I produktion',
    shipped: 'Skickad',
    cancelled: 'Avbruten',
  },
  {
    pending: 'Received',
    in_production: 'In production',
    shipped: 'Shipped',
    cancelled: 'Cancelled',
  },
);
