import { defineMessages } from '@/shared/i18n/define';

/** The labels of an order line's parts, the same on every page, email and document that shows one. */
export const orderLineMessages = defineMessages({
  sv: {
    colour: 'Färg',
    sizes: 'Storlekar',
    prints: 'Tryck',
    notes: 'Anteckning',
    additionalInfo: 'Övrig information',
  },
  en: {
    colour: 'Colour',
    sizes: 'Sizes',
    prints: 'Prints',
    notes: 'Note',
    additionalInfo: 'Additional information',
  },
});
