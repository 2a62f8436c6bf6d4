import { defineMessages } from '@/shared/i18n/define';

/** An order's job state as the admin reads it: badges, the status filter, status changes (its money: ledger messages). */
export const orderStatusMessages = defineMessages({
  sv: {
    pending: 'Mottagen',
    in_production: 'I produktion',
    shipped: 'Skickad',
    cancelled: 'Avbruten',
  },
  en: {
    pending: 'Received',
    in_production: 'In production',
    shipped: 'Shipped',
    cancelled: 'Cancelled',
  },
});
