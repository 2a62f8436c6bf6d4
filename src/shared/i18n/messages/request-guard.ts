import { defineMessages } from '@/shared/i18n/define';

/** Refusals of a state-changing admin request before it is read (403 other origin, 415 wrong type). */
export const requestGuardMessages = defineMessages({
  sv: {
    otherOrigin:
      'Ändringen kom inte från butikens egen sida och gjordes inte. Öppna administrationen på butikens adress och försök igen.',
    wrongContentType: 'Ändringen skickades i ett format den inte tar emot (JSON förväntas) och gjordes inte.',
  },
  en: {
    otherOrigin:
      "The change did not come from the shop's own page and was not made. Open the admin at the shop's address and try again.",
    wrongContentType: 'The change was sent in a format it does not accept (JSON expected) and was not made.',
  },
});
