import { defineMessages } from '@/shared/i18n/define';

/** Garment size splits: the editor in the customiser and the cart, and the rule's messages (both sides). */
export const sizeMessages = defineMessages({
  sv: {
    legend: 'Storlekar',
    help: 'Antal plagg per storlek. Summan ska bli radens antal.',
    sizeSuffix: (p: { product: string }) => ` st, ${p.product}`,
    done: (p: { quantity: string }) => `Alla ${p.quantity} st har en storlek`,
    left: (p: { assigned: string; quantity: string; left: string }) =>
      `${p.assigned} av ${p.quantity} st har en storlek – ${p.left} kvar`,
    over: (p: { assigned: string; quantity: string; over: string }) =>
      `${p.assigned} st i storlekarna, men antalet är ${p.quantity} – ${p.over} för många`,
    useTotal: (p: { total: string }) => `Använd ${p.total} st som antal`,
    needsSizes: 'Välj storlekar',
    checkoutBlocked: 'Välj storlekar för alla plagg innan du beställer',
    sizes: 'Storlekar',
    notObject: 'Ange storlekarna per storlek, t.ex. { "S": 10, "M": 25 }',
    notWhole: 'Varje storlek ska vara ett heltal, 0 eller mer',
    unknown: (p: { code: string; known: string }) => `Okänd storlek ”${p.code}”. Storlekarna är ${p.known}`,
    required: (p: { quantity: number }) =>
      `Välj storlekar för alla ${p.quantity} st (t.ex. 20 S, 50 M, 50 L)`,
    mismatch: (p: { quantity: number; total: number }) =>
      `Storlekarna blir ${p.total} st, men raden har ${p.quantity} st`,
    notGarment: (p: { name: string }) => `${p.name} har inga storlekar: ta bort storleksfördelningen`,
    line: (p: { n: number; name: string; problem: string }) => `Rad ${p.n} (${p.name}): ${p.problem}`,
  },
  en: {
    legend: 'Sizes',
    help: 'Pieces per size. They must add up to the quantity.',
    sizeSuffix: (p: { product: string }) => ` pcs, ${p.product}`,
    done: (p: { quantity: string }) => `All ${p.quantity} pcs have a size`,
    left: (p: { assigned: string; quantity: string; left: string }) =>
      `${p.assigned} of ${p.quantity} pcs have a size – ${p.left} left`,
    over: (p: { assigned: string; quantity: string; over: string }) =>
      `${p.assigned} pcs in the sizes, but the quantity is ${p.quantity} – ${p.over} too many`,
    useTotal: (p: { total: string }) => `Use ${p.total} pcs as the quantity`,
    needsSizes: 'Choose sizes',
    checkoutBlocked: 'Choose sizes for every garment before ordering',
    sizes: 'Sizes',
    notObject: 'Sizes must be given per size, e.g. { "S": 10, "M": 25 }',
    notWhole: 'Each size must be a whole number of 0 or more',
    unknown: (p: { code: string; known: string }) => `Unknown size "${p.code}". Sizes are ${p.known}`,
    required: (p: { quantity: number }) => `Choose sizes for all ${p.quantity} pcs (e.g. 20 S, 50 M, 50 L)`,
    mismatch: (p: { quantity: number; total: number }) =>
      `The sizes add up to ${p.total} pcs, but the line has ${p.quantity} pcs`,
    notGarment: (p: { name: string }) => `${p.name} has no sizes: leave the size split out`,
    line: (p: { n: number; name: string; problem: string }) => `Line ${p.n} (${p.name}): ${p.problem}`,
  },
});
