import { defineMessages } from '@/shared/i18n/define';

/**
 * The emails that tell of a message (never its text: the reader follows the link) and of a refund
 * (issue 41). The buyer's in the order's language; the shop's notice in Swedish, as its others.
 */
export const orderTalkEmailMessages = defineMessages({
  sv: {
    messageSubject: (p: { number: string }) => `Nytt meddelande om din beställning ${p.number}`,
    messageBody: (p: { number: string }) =>
      `Vi har skrivit till dig om beställning ${p.number}. Läs meddelandet och svara på beställningssidan.`,
    noticeSubject: (p: { number: string }) => `Nytt meddelande från köparen – ${p.number}`,
    noticeBody: (p: { number: string }) =>
      `Köparen har skrivit ett meddelande om beställning ${p.number}. Läs och svara under Meddelanden på beställningen i admin.`,
    refundSubject: (p: { number: string }) => `Återbetalning – ${p.number}`,
    refundBody: (p: { amount: string; invoice: string; number: string; date: string }) =>
      `Vi har betalat tillbaka ${p.amount} på faktura ${p.invoice} för beställning ${p.number} (${p.date}).`,
    refundCreditNote: (p: { credit: string }) =>
      `Kreditfakturan ${p.credit} som återbetalningen gäller bifogas som PDF.`,
    refundInSek: (p: { amount: string }) => `I bokföringen: ${p.amount}.`,
  },
  en: {
    messageSubject: (p: { number: string }) => `New message about your order ${p.number}`,
    messageBody: (p: { number: string }) =>
      `We have written to you about order ${p.number}. Read the message and answer on the order page.`,
    noticeSubject: (p: { number: string }) => `New message from the buyer – ${p.number}`,
    noticeBody: (p: { number: string }) =>
      `The buyer has written a message about order ${p.number}. Read and answer under Messages on the order in admin.`,
    refundSubject: (p: { number: string }) => `Refund – ${p.number}`,
    refundBody: (p: { amount: string; invoice: string; number: string; date: string }) =>
      `We have paid back ${p.amount} on invoice ${p.invoice} for order ${p.number} (${p.date}).`,
    refundCreditNote: (p: { credit: string }) =>
      `Credit note ${p.credit}, which the refund is for, is attached as a PDF.`,
    refundInSek: (p: { amount: string }) => `In our books: ${p.amount}.`,
  },
});
