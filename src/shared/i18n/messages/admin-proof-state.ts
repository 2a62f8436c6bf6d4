import { defineMessages } from '@/shared/i18n/define';

/** The admin list's proof badge beside the status: where the order's latest proof stands. */
export const adminProofStateMessages = defineMessages({
  sv: {
    awaiting: 'Korrektur väntar',
    changes_requested: 'Ändringar önskas',
    approved: 'Korrektur godkänt',
  },
  en: {
    awaiting: 'Proof awaiting answer',
    changes_requested: 'Changes requested',
    approved: 'Proof approved',
  },
});
