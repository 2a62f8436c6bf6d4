import { defineMessages } from '@/shared/i18n/define';

/** The cart's own messages (the rest of the cart page moves here as it is translated). */
export const cartMessages = defineMessages(
  {
    quantityStep: (p: { step: string; typed: string; quantity: string }) =>
      `Antalet går i steg om ${p.step} st: ${p.typed} blev ${p.quantity} st`,
    acceptTerms: 'Jag har läst och godkänner köpvillkoren',
    readTerms: 'Läs köpvillkoren (öppnas i en ny flik)',
    termsRequired: 'Godkänn köpvillkoren för att slutföra beställningen',
  },
  {
    quantityStep: (p: { step: string; typed: string; quantity: string }) =>
      `Quantities come in steps of ${p.step} pcs: ${p.typed} became ${p.quantity} pcs`,
    acceptTerms: 'I have read and accept the terms of purchase',
    readTerms: 'Read the terms of purchase (opens in a new tab)',
    termsRequired: 'Accept the terms of purchase to complete the order',
  },
);
