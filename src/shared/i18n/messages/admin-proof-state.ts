import { defineMessages } from '@/shared/i18n/define';

/** The admin list's proof badge beside the status: where the order's latest proof stands. */
export const adminProofStateMessages = defineMessages(
  {
    awaiting: 'Korrektur väntar',
    changes_requested: 'Ändringar önskas',
    approved: 'Korrektur godkänt',
  },
  {
    awaiting: 'Proof awaiting answer',
    changes_requested: 'Changes requested',
    approved: 'Proof approved',
  },
);
