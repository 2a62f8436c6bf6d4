import { defineMessages } from '@/shared/i18n/define';

/**
 * Orders entered and changed by staff (issue 41): the API's refusals, the buyer's email of a
 * change, the line on a change's supplementary invoice, and the admin's forms.
 */
export const staffOrderMessages = defineMessages({
  sv: {
    invalidOrder: 'Kontrollera orderns uppgifter.',
    reasonRequired: 'Skriv varför priset eller ordern ändras.',
    inProduction: 'Ordern är redan i produktion och kan inte ändras längre.',
    notChangeable: 'Ordern kan inte ändras: den är skickad eller avbruten.',
    nothingChanged: 'Raderna är desamma som förut: inget har ändrats.',
    orderNotFound: 'Ordern finns inte.',
    quoteNotFound: 'Offerten finns inte.',
    changeLine: (p: { invoice: string; reason: string }) =>
      `Ändring av order, tillägg till ${p.invoice}: ${p.reason}`,
    changeCredit: (p: { reason: string }) => `Ändring av order: ${p.reason}`,
    emailSubject: (p: { number: string }) => `Din order ${p.number} har ändrats`,
    emailIntro: (p: { number: string }) => `Vi har ändrat din order ${p.number} enligt överenskommelse.`,
    emailReason: (p: { reason: string }) => `Orsak: ${p.reason}`,
    emailBefore: 'Före ändringen:',
    emailAfter: 'Efter ändringen:',
    emailTotals: (p: { before: string; after: string }) => `Totalt: ${p.before} blir ${p.after}.`,
    emailSupplementary: (p: { invoice: string; amount: string; ocr: string; due: string }) =>
      `Tilläggsfaktura ${p.invoice} på ${p.amount} bifogas. Betala med OCR ${p.ocr} senast ${p.due}.`,
    emailCredit: (p: { credit: string; invoice: string; amount: string }) =>
      `Kreditfaktura ${p.credit} på ${p.amount} minskar faktura ${p.invoice} och bifogas. Har du redan betalat betalar vi tillbaka mellanskillnaden.`,
    emailNoDocument: 'Beloppet är detsamma, så ingen ny faktura behövs.',
  },
  en: {
    invalidOrder: 'Check the order’s details.',
    reasonRequired: 'Say why the price or the order changes.',
    inProduction: 'The order is already in production and can no longer be changed.',
    notChangeable: 'The order cannot be changed: it has shipped or was cancelled.',
    nothingChanged: 'The lines are the same as before: nothing changed.',
    orderNotFound: 'No such order.',
    quoteNotFound: 'No such quote.',
    changeLine: (p: { invoice: string; reason: string }) =>
      `Order change, supplementing ${p.invoice}: ${p.reason}`,
    changeCredit: (p: { reason: string }) => `Order change: ${p.reason}`,
    emailSubject: (p: { number: string }) => `Your order ${p.number} has been changed`,
    emailIntro: (p: { number: string }) => `We have changed your order ${p.number} as agreed.`,
    emailReason: (p: { reason: string }) => `Reason: ${p.reason}`,
    emailBefore: 'Before the change:',
    emailAfter: 'After the change:',
    emailTotals: (p: { before: string; after: string }) => `Total: ${p.before} becomes ${p.after}.`,
    emailSupplementary: (p: { invoice: string; amount: string; ocr: string; due: string }) =>
      `Supplementary invoice ${p.invoice} of ${p.amount} is attached. Please pay it with OCR ${p.ocr} by ${p.due}.`,
    emailCredit: (p: { credit: string; invoice: string; amount: string }) =>
      `Credit note ${p.credit} of ${p.amount} reduces invoice ${p.invoice} and is attached. If you have already paid, we refund the difference.`,
    emailNoDocument: 'The amount is the same, so no new invoice is needed.',
  },
});
