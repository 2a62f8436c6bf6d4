/** Print methods and garment sides: ids and their labels in both languages (no other dependencies). */
export const printMethodIds = ['dtg', 'screen'] as const;
export type PrintMethod = (typeof printMethodIds)[number];
export const printSideIds = ['front', 'back', 'side'] as const;
export type PrintSide = (typeof printSideIds)[number];

/** Labels of print methods and sides, per language: pages, admin and invoice all read them here. */
export const printMethodLabels = {
  sv: { dtg: 'DTG-tryck', screen: 'Screentryck' },
  en: { dtg: 'DTG print', screen: 'Screen print' },
} as const satisfies Record<'sv' | 'en', Record<PrintMethod, string>>;
export const printSideLabels = {
  sv: { front: 'Framsida', back: 'Baksida', side: 'Sida' },
  en: { front: 'Front', back: 'Back', side: 'Side' },
} as const satisfies Record<'sv' | 'en', Record<PrintSide, string>>;
