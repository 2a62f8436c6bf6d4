import { defineMessages } from '@/shared/i18n/define';
import { paymentStateMessages } from './payment-states';

/** The buyer's order page about the money: what is paid, what is left, and the credit notes. */
export const orderMoneyMessages = defineMessages({
  sv: {
    ...paymentStateMessages.sv,
    paymentState: 'Betalning',
    balance: 'Kvar att betala',
    owedBack: 'Vi betalar tillbaka',
    creditNotes: 'Kreditfakturor',
    creditNote: (p: { number: string }) => `Kreditfaktura ${p.number}`,
    creditNoteDetail: (p: { total: string; date: string; invoice: string }) =>
      `${p.total}, ${p.date}, avser faktura ${p.invoice}`,
    creditNotePdf: 'Kreditfaktura (PDF)',
    creditNotePdfLabel: (p: { number: string }) => `Kreditfaktura ${p.number} som PDF`,
    eInvoice: 'E-faktura (XML)',
    eInvoiceLabel: (p: { number: string }) => `${p.number} som e-faktura (Peppol XML)`,
  },
  en: {
    ...paymentStateMessages.en,
    paymentState: 'Payment',
    balance: 'Still to pay',
    owedBack: 'We pay back',
    creditNotes: 'Credit notes',
    creditNote: (p: { number: string }) => `Credit note ${p.number}`,
    creditNoteDetail: (p: { total: string; date: string; invoice: string }) =>
      `${p.total}, ${p.date}, for invoice ${p.invoice}`,
    creditNotePdf: 'Credit note (PDF)',
    creditNotePdfLabel: (p: { number: string }) => `Credit note ${p.number} as PDF`,
    eInvoice: 'E-invoice (XML)',
    eInvoiceLabel: (p: { number: string }) => `${p.number} as an e-invoice (Peppol XML)`,
  },
});
