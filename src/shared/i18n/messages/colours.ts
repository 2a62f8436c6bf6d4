import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { findOwnColour } from '@/shared/catalogue';

/** The garment colours of SPEC §3 by id (catalogue.ts `colors`): customiser swatches, cart, confirmation, admin, invoice. */
export const colourMessages = defineMessages({
  sv: {
    black: 'Svart',
    white: 'Vit',
    navy: 'Marinblå',
    grey: 'Grå',
    red: 'Röd',
    blue: 'Blå',
    green: 'Grön',
    yellow: 'Gul',
    orange: 'Orange',
    purple: 'Lila',
    pink: 'Rosa',
    brown: 'Brun',
  },
  en: {
    black: 'Black',
    white: 'White',
    navy: 'Navy',
    grey: 'Grey',
    red: 'Red',
    blue: 'Blue',
    green: 'Green',
    yellow: 'Yellow',
    orange: 'Orange',
    purple: 'Purple',
    pink: 'Pink',
    brown: 'Brown',
  },
});

/** A colour's name in one language; an id this catalogue lacks is shown as it is. */
export function colourName(locale: Locale, id: string): string {
  const names: Readonly<Record<string, string>> = colourMessages[locale];
  return names[id] ?? findOwnColour(id)?.names[locale] ?? id;
}
