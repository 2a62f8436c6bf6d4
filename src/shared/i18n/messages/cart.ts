import { defineMessages } from '@/shared/i18n/define';

/** The cart's own messages (the rest of the cart page moves here as it is translated). */
export const cartMessages = defineMessages({
  sv: {
    acceptTerms: 'Jag har läst och godkänner köpvillkoren',
    readTerms: 'Läs köpvillkoren (öppnas i en ny flik)',
    termsRequired: 'Godkänn köpvillkoren för att slutföra beställningen',
  },
  en: {
    acceptTerms: 'I have read and accept the terms of purchase',
    readTerms: 'Read the terms of purchase (opens in a new tab)',
    termsRequired: 'Accept the terms of purchase to complete the order',
  },
});
