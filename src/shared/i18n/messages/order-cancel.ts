import { defineMessages } from '@/shared/i18n/define';

/**
 * The buyer's cancellation on the order page (free until the proof is approved, as the terms
 * say), the server's answers to it and the shop's notice (Swedish, as every shop notice).
 */
export const orderCancelMessages = defineMessages({
  sv: {
    heading: 'Avbokning',
    freeUntilApproval: 'Du kan avbryta kostnadsfritt tills du har godkänt korrekturet.',
    button: 'Avbryt beställningen',
    confirmHeading: 'Vill du avbryta beställningen?',
    confirmText: (p: { number: string }) =>
      `Beställning ${p.number} avbryts och fakturan krediteras. Du får en kreditfaktura med e-post.`,
    reasonLabel: 'Varför avbryter du? (frivilligt)',
    confirm: 'Ja, avbryt beställningen',
    keep: 'Nej, behåll den',
    working: 'Avbryter...',
    failed: 'Det gick inte att avbryta beställningen. Försök igen.',
    cancelled: (p: { number: string }) => `Beställning ${p.number} är avbruten.`,
    creditNote: (p: { number: string; total: string }) => `Kreditfaktura ${p.number}: ${p.total}`,
    afterApproval: (p: { email: string }) =>
      `Korrekturet är godkänt, så en avbokning är nu en förfrågan till oss: skriv till ${p.email}.`,
    tooLate: (p: { email: string }) =>
      `Beställningen kan inte längre avbrytas här eftersom korrekturet är godkänt. Kontakta oss på ${p.email}.`,
    reasonTooLong: 'Skriv högst 1 000 tecken.',
    noticeSubject: (p: { number: string }) => `Köparen avbröt beställning ${p.number}`,
    noticeBody: (p: { number: string; credited: string }) =>
      `Köparen avbröt beställning ${p.number} på beställningssidan före godkänt korrektur. ${p.credited}`,
    noticeCredited: (p: { notes: string }) => `Kreditfaktura: ${p.notes}.`,
    noticeNothingCredited: 'Inget att kreditera.',
    noticeReason: 'Köparens anledning:',
    noticeCustomer: (p: { name: string; email: string }) => `Kund: ${p.name} <${p.email}>`,
    historyByBuyer: 'Avbruten av köparen',
  },
  en: {
    heading: 'Cancellation',
    freeUntilApproval: 'You can cancel free of charge until you have approved the proof.',
    button: 'Cancel order',
    confirmHeading: 'Cancel this order?',
    confirmText: (p: { number: string }) =>
      `Order ${p.number} will be cancelled and its invoice credited. You will get a credit note by email.`,
    reasonLabel: 'Why are you cancelling? (optional)',
    confirm: 'Yes, cancel the order',
    keep: 'No, keep it',
    working: 'Cancelling...',
    failed: 'The order could not be cancelled. Please try again.',
    cancelled: (p: { number: string }) => `Order ${p.number} is cancelled.`,
    creditNote: (p: { number: string; total: string }) => `Credit note ${p.number}: ${p.total}`,
    afterApproval: (p: { email: string }) =>
      `The proof is approved, so cancelling is now a request to us: write to ${p.email}.`,
    tooLate: (p: { email: string }) =>
      `The order can no longer be cancelled here because the proof is approved. Please contact us at ${p.email}.`,
    reasonTooLong: 'Write at most 1,000 characters.',
    noticeSubject: (p: { number: string }) => `The buyer cancelled order ${p.number}`,
    noticeBody: (p: { number: string; credited: string }) =>
      `The buyer cancelled order ${p.number} on the order page before approving the proof. ${p.credited}`,
    noticeCredited: (p: { notes: string }) => `Credit note: ${p.notes}.`,
    noticeNothingCredited: 'Nothing to credit.',
    noticeReason: "The buyer's reason:",
    noticeCustomer: (p: { name: string; email: string }) => `Customer: ${p.name} <${p.email}>`,
    historyByBuyer: 'Cancelled by the buyer',
  },
});
