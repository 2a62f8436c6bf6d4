import { defineMessages } from '@/shared/i18n/define';

/** The buyer's order page about the money: what is paid, what is left, and the credit notes. */
export const orderMoneyMessages = defineMessages({
  sv: {
    paymentState: 'Betalning',
    unpaid: 'Obetald',
    partly_paid: 'Delvis betald',
    paid: 'Betald',
    overpaid: 'Överbetald',
    credited: 'Krediterad',
    refunded: 'Återbetald',
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
    paymentState: 'Payment',
    unpaid: 'Unpaid',
    partly_paid: 'Partly paid',
    paid: 'Paid',
    overpaid: 'Overpaid',
    credited: 'Credited',
    refunded: 'Refunded',
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
