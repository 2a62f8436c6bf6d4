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
/**
 * Every word for a garment side, per language, so a side is named in this one place: its label
 * ("Framsida"), its form after a preposition ("på framsidan" / "on the front") and the mockup's view
 * ("sedd framifrån" / "front view").
 */
export const printSideWords = {
  sv: {
    front: { label: 'Framsida', definite: 'framsidan', view: 'framifrån' },
    back: { label: 'Baksida', definite: 'baksidan', view: 'bakifrån' },
    side: { label: 'Sida', definite: 'sidan', view: 'från sidan' },
  },
  en: {
    front: { label: 'Front', definite: 'front', view: 'front' },
    back: { label: 'Back', definite: 'back', view: 'back' },
    side: { label: 'Side', definite: 'side', view: 'side' },
  },
} as const satisfies Record<
  'sv' | 'en',
  Record<PrintSide, { label: string; definite: string; view: string }>
>;

const labelsOf = (words: (typeof printSideWords)['sv' | 'en']): Record<PrintSide, string> => ({
  front: words.front.label,
  back: words.back.label,
  side: words.side.label,
});
export const printSideLabels: Readonly<Record<'sv' | 'en', Readonly<Record<PrintSide, string>>>> = {
  sv: labelsOf(printSideWords.sv),
  en: labelsOf(printSideWords.en),
};
