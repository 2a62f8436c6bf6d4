import { defineMessages } from '@/shared/i18n/define';

/** Payments in EUR and small differences (src/server/ledger/eur-payments.ts, small-differences.ts). */
export const ledgerCurrencyMessages = defineMessages({
  sv: {
    currencyInvalid: 'Valutan är SEK eller EUR',
    bookedSekRequired: 'Ange beloppet i kronor som banken bokförde',
    bookedSekForEurOnly: 'Bokfört belopp i kronor anges bara för en betalning i EUR',
    notEurInvoice: (p: { number: string }) => `Faktura ${p.number} är i kronor: registrera betalningen i SEK`,
    settlementReason: 'Ange varför skillnaden avskrivs',
    settlementReasonTooLong: 'Högst 500 tecken',
    settlementNothingLeft: 'Det finns inget kvar att betala på fakturan',
    settlementTooMuch: (p: { balance: string; max: string }) =>
      `${p.balance} kvar är mer än en liten differens (högst ${p.max}): kreditera eller påminn i stället`,
    rounding: 'Öresavrundning',
    settleResidual: 'Avskriv liten differens',
    paidIn: 'Betalt i',
    amountEur: 'Belopp (EUR)',
    bookedSek: 'Bokfört av banken (kr)',
    bookedSekHint:
      'Kronorna på bankens avräkning; skillnaden mot fakturans kurs bokförs som kursvinst eller kursförlust (3960/7960).',
    eurPaymentRow: (p: { eur: string; sek: string }) => `${p.eur} (banken bokförde ${p.sek})`,
    smallDifferenceLimit: (p: { amount: string }) =>
      `Privatpersoners differenser upp till ${p.amount} avskrivs automatiskt (öresavrundning, konto 3740).`,
  },
  en: {
    currencyInvalid: 'The currency is SEK or EUR',
    bookedSekRequired: 'Enter the amount in SEK the bank booked',
    bookedSekForEurOnly: 'An amount booked in SEK is given only for a payment in EUR',
    notEurInvoice: (p: { number: string }) => `Invoice ${p.number} is in SEK: record the payment in SEK`,
    settlementReason: 'Say why the difference is written off',
    settlementReasonTooLong: 'At most 500 characters',
    settlementNothingLeft: 'Nothing is left to pay on the invoice',
    settlementTooMuch: (p: { balance: string; max: string }) =>
      `${p.balance} left is more than a small difference (at most ${p.max}): credit or remind instead`,
    rounding: 'Rounding (öresavrundning)',
    settleResidual: 'Write off a small difference',
    paidIn: 'Paid in',
    amountEur: 'Amount (EUR)',
    bookedSek: 'Booked by the bank (SEK)',
    bookedSekHint:
      "The kronor on the bank's statement; the difference against the invoice's rate is booked as an exchange gain or loss (3960/7960).",
    eurPaymentRow: (p: { eur: string; sek: string }) => `${p.eur} (the bank booked ${p.sek})`,
    smallDifferenceLimit: (p: { amount: string }) =>
      `Individuals' differences up to ${p.amount} are written off automatically (rounding, account 3740).`,
  },
});
