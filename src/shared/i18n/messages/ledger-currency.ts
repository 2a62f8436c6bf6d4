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
    smallDifferenceLimit: (p: { amount: string }) =>
      `Individuals' differences up to ${p.amount} are written off automatically (rounding, account 3740).`,
  },
});
