import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import { optionIds, type LineOptions, type OptionId, type OptionsProblem } from '@/shared/product-options';
import { colourName } from './colours';

/** A product's required choices (product-options.ts): product pages, cart, order, invoice, admin, job ticket. */
export const productOptionMessages = defineMessages({
  sv: {
    colour: 'Färg',
    decoration: 'Dekor',
    bookletSize: 'Format',
    pages: 'Sidor',
    coupons: 'Kuponger per sida',
    stickerSize: 'Storlek',
    stickerShape: 'Form',
    tapeWidth: 'Bredd',
    embroidery: 'Brodyr',
    transfer: 'Transfertryck',
    a7: 'A7 (74 × 105 mm)',
    a6: 'A6 (105 × 148 mm)',
    dl: 'DL (99 × 210 mm)',
    pageCount: (p: { n: string }) => `${p.n} sidor`,
    couponCount: (p: { n: string }) => `${p.n} per sida`,
    circle: 'Rund',
    square: 'Kvadratisk',
    rectangle: 'Rektangulär',
    contour: 'Konturskuren',
    choose: 'Välj',
    chooseAll: 'Gör alla val innan du lägger i varukorgen',
    needsChoice: (p: { option: string }) => `Välj ${p.option.toLowerCase()}`,
    extra: (p: { amount: string }) => `+${p.amount}/st`,
    notes: 'Anteckningar till tryckeriet',
    notesHint: 'T.ex. placering, trådfärg eller annat vi bör veta (valfritt)',
    printFile: 'Tryckfil för den här raden',
    printFileHint: 'Valfritt: du kan också skicka den efter beställningen',
    missing: (p: { option: string }) => `${p.option} saknas`,
    unknownOption: (p: { option: string }) => `Produkten har inget val ”${p.option}”`,
    unknownChoice: (p: { option: string; choice: string }) => `${p.option}: ”${p.choice}” finns inte`,
    colourConflict: 'Färgen i valen skiljer sig från designens färg',
    line: (p: { n: number; name: string; problem: string }) => `Rad ${p.n} (${p.name}): ${p.problem}`,
  },
  en: {
    colour: 'Colour',
    decoration: 'Decoration',
    bookletSize: 'Format',
    pages: 'Pages',
    coupons: 'Coupons per page',
    stickerSize: 'Size',
    stickerShape: 'Shape',
    tapeWidth: 'Width',
    embroidery: 'Embroidery',
    transfer: 'Transfer print',
    a7: 'A7 (74 × 105 mm)',
    a6: 'A6 (105 × 148 mm)',
    dl: 'DL (99 × 210 mm)',
    pageCount: (p: { n: string }) => `${p.n} pages`,
    couponCount: (p: { n: string }) => `${p.n} per page`,
    circle: 'Round',
    square: 'Square',
    rectangle: 'Rectangular',
    contour: 'Die-cut to shape',
    choose: 'Choose',
    chooseAll: 'Make every choice before adding to the cart',
    needsChoice: (p: { option: string }) => `Choose ${p.option.toLowerCase()}`,
    extra: (p: { amount: string }) => `+${p.amount}/pc`,
    notes: 'Notes for the printer',
    notesHint: 'E.g. placement, thread colour or anything we should know (optional)',
    printFile: 'Print file for this line',
    printFileHint: 'Optional: you can also send it after ordering',
    missing: (p: { option: string }) => `${p.option} is missing`,
    unknownOption: (p: { option: string }) => `The product has no choice “${p.option}”`,
    unknownChoice: (p: { option: string; choice: string }) => `${p.option}: “${p.choice}” does not exist`,
    colourConflict: 'The colour among the choices differs from the design’s colour',
    line: (p: { n: number; name: string; problem: string }) => `Line ${p.n} (${p.name}): ${p.problem}`,
  },
});

/** An option's name ("Färg"); an unknown id is shown as it is. */
export function optionLabel(locale: Locale, option: string): string {
  const t = productOptionMessages[locale];
  return (optionIds as readonly string[]).includes(option) ? t[option as OptionId] : option;
}

/** A choice's name in one language ("Marinblå", "Brodyr", "A6 (105 × 148 mm)", "20 sidor"). */
export function choiceLabel(locale: Locale, option: string, choice: string): string {
  const t = productOptionMessages[locale];
  switch (option) {
    case 'colour':
      return colourName(locale, choice);
    case 'pages':
      return t.pageCount({ n: choice });
    case 'coupons':
      return t.couponCount({ n: choice });
    case 'stickerSize':
      return `${choice.replace('x', ' × ')} cm`;
    case 'tapeWidth':
      return `${choice} mm`;
    default: {
      const names: Readonly<Record<string, unknown>> = t;
      const name = names[choice];
      return typeof name === 'string' ? name : choice;
    }
  }
}

/** The choices as one line of text, in declared order: "Färg: Marinblå · Dekor: Brodyr". */
export function describeOptions(locale: Locale, options: LineOptions | undefined): string {
  if (!options) return '';
  return optionIds
    .filter((id) => options[id] !== undefined)
    .map((id) => `${optionLabel(locale, id)}: ${choiceLabel(locale, id, options[id] ?? '')}`)
    .join(' · ');
}

export function describeOptionsProblem(locale: Locale, problem: OptionsProblem): string {
  const t = productOptionMessages[locale];
  switch (problem.kind) {
    case 'missing':
      return t.missing({ option: optionLabel(locale, problem.option) });
    case 'unknownOption':
      return t.unknownOption({ option: problem.option });
    case 'unknownChoice':
      return t.unknownChoice({ option: optionLabel(locale, problem.option), choice: problem.choice });
    case 'colourConflict':
      return t.colourConflict;
  }
}
