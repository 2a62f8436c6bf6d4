import { defineMessages } from '@/shared/i18n/define';

/** An order's status as the admin reads it: badges, the status filter, status changes. */
export const orderStatusMessages = defineMessages(
  {
    pending: 'Väntar på betalning',
    paid: 'Betald',
    in_production: 'I produktion',
    shipped: 'Skickad',
    cancelled: 'Avbruten',
  },
  {
    pending: 'Awaiting payment',
    paid: 'Paid',
    in_production: 'In production',
    shipped: 'Shipped',
    cancelled: 'Cancelled',
  },
);
