import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import type { VatReportBox } from '@/shared/vat-report';

/**
 * The bookkeeping panel (VAT return, EC sales list, closing a month) and the refusals of its routes
 * and of a payment's day (issue 42).
 */
export const bookkeepingMessages = defineMessages({
  sv: {
    tab: 'Moms och perioder',
    vatHeading: 'Momsdeklaration',
    vatHint:
      'Rutorna i Skatteverkets momsdeklaration för perioden, ur samma verifikationer som SIE-filen. Ingående moms (48) finns inte i butikens bokföring: lägg till den från era inköp.',
    from: 'Från',
    to: 'Till',
    show: 'Visa',
    box: 'Ruta',
    amount: 'Belopp (kr)',
    distanceHeading: 'Distansförsäljning till privatpersoner i andra EU-länder',
    distanceLine: (p: { thisYear: string; previousYear: string; threshold: string }) =>
      `I år ${p.thisYear}, förra året ${p.previousYear} (tröskel ${p.threshold} per år)`,
    distanceAbove: 'Tröskeln är passerad: köparlandets moms gäller, redovisas i OSS.',
    distanceBelow: 'Under tröskeln: svensk moms.',
    distanceOptedIn: 'Butiken har valt moms i köparens land (OSS) från första försäljningen.',
    ossHeading: 'OSS-deklaration (unionsordningen)',
    ossHint:
      'Per kvartal, land och momssats: beskattningsunderlag och moms i kronor ur bokföringen (3106, 2670), kreditfakturor avdragna. Deklarationen lämnas i euro till ECB:s kurs den sista dagen i kvartalet.',
    quarter: 'Kvartal',
    country: 'Land',
    rate: 'Momssats',
    taxable: 'Underlag (kr)',
    vatAmount: 'Moms (kr)',
    total: 'Summa',
    ossEmpty: 'Ingen OSS-försäljning under kvartalet.',
    ecHeading: 'Periodisk sammanställning',
    ecHint:
      'Filen i Skatteverkets format för filöverföring (SKV574008), per köparens VAT-nummer: varor och tjänster.',
    month: 'Månad',
    download: 'Ladda ner fil',
    closeHeading: 'Stänga en månad',
    closeHint:
      'Stäng en månad när momsdeklarationen är lämnad. Därefter kan ingen betalning eller rättelse dateras i den; rättelser görs i den öppna perioden.',
    closeButton: 'Stäng månaden',
    back: 'Tillbaka',
    closeConfirm: (p: { month: string }) => `Stänga ${p.month}? Det går inte att öppna den igen.`,
    closedList: 'Stängda månader',
    noneClosed: 'Ingen månad är stängd än.',
    closedBy: (p: { month: string; name: string; time: string }) =>
      `${p.month}: stängd av ${p.name}, ${p.time}`,
    closedDone: (p: { month: string }) => `${p.month} är stängd`,
    failed: 'Det gick inte',
    // Refusals
    monthInvalid: 'Ange en månad som ÅÅÅÅ-MM',
    monthNotEnded: 'Bara en månad som är slut kan stängas',
    monthAlreadyClosed: 'Månaden är redan stängd',
    periodInvalid: 'Ange perioden som ÅÅÅÅ-MM',
    quarterInvalid: 'Ange kvartalet som ÅÅÅÅ-Qn, t.ex. 2026-Q3',
    dayInvalid: 'Ange ett datum som ÅÅÅÅ-MM-DD',
    rangeInvalid: 'Från-datum måste vara före till-datum, högst ett år',
    paidOnClosed: (p: { month: string }) =>
      `${p.month} är stängd i bokföringen: ange dagen pengarna kom, eller gör rättelsen i den öppna perioden`,
    paidOnBeforeDocument: (p: { number: string; issuedOn: string }) =>
      `Betalningsdagen kan inte vara före fakturadatumet för ${p.number} (${p.issuedOn})`,
  },
  en: {
    tab: 'VAT and periods',
    vatHeading: 'VAT return',
    vatHint:
      "The boxes of Skatteverket's VAT return for the period, from the same verifications as the SIE file. Input VAT (48) is not in the shop's books: add it from your purchases.",
    from: 'From',
    to: 'To',
    show: 'Show',
    box: 'Box',
    amount: 'Amount (kr)',
    distanceHeading: 'Distance sales to individuals in other EU countries',
    distanceLine: (p: { thisYear: string; previousYear: string; threshold: string }) =>
      `This year ${p.thisYear}, last year ${p.previousYear} (threshold ${p.threshold} a year)`,
    distanceAbove: "Above the threshold: the buyer country's VAT applies, declared through OSS.",
    distanceBelow: 'Below the threshold: Swedish VAT.',
    distanceOptedIn: "The shop has chosen the buyer country's VAT (OSS) from the first sale.",
    ossHeading: 'OSS return (union scheme)',
    ossHint:
      'Per quarter, country and rate: the taxable amount and the VAT in kronor from the books (3106, 2670), credit notes subtracted. The return is made in euro at the ECB rate of the last day of the quarter.',
    quarter: 'Quarter',
    country: 'Country',
    rate: 'VAT rate',
    taxable: 'Taxable (kr)',
    vatAmount: 'VAT (kr)',
    total: 'Total',
    ossEmpty: 'No OSS sales in the quarter.',
    ecHeading: 'EC sales list',
    ecHint:
      "The file in Skatteverket's file-transfer format (SKV574008), per buyer VAT number: goods and services.",
    month: 'Month',
    download: 'Download file',
    closeHeading: 'Close a month',
    closeHint:
      'Close a month once its VAT return is filed. After that no payment or correction can be dated in it; corrections go into the open period.',
    closeButton: 'Close the month',
    back: 'Back',
    closeConfirm: (p: { month: string }) => `Close ${p.month}? It cannot be opened again.`,
    closedList: 'Closed months',
    noneClosed: 'No month is closed yet.',
    closedBy: (p: { month: string; name: string; time: string }) =>
      `${p.month}: closed by ${p.name}, ${p.time}`,
    closedDone: (p: { month: string }) => `${p.month} is closed`,
    failed: 'That did not work',
    monthInvalid: 'Give a month as YYYY-MM',
    monthNotEnded: 'Only a month that has ended can be closed',
    monthAlreadyClosed: 'The month is already closed',
    periodInvalid: 'Give the period as YYYY-MM',
    quarterInvalid: 'Give the quarter as YYYY-Qn, e.g. 2026-Q3',
    dayInvalid: 'Give a date as YYYY-MM-DD',
    rangeInvalid: 'The from date must come before the to date, at most a year',
    paidOnClosed: (p: { month: string }) =>
      `${p.month} is closed in the books: give the day the money arrived, or make the correction in the open period`,
    paidOnBeforeDocument: (p: { number: string; issuedOn: string }) =>
      `The payment day cannot be before the invoice date of ${p.number} (${p.issuedOn})`,
  },
});

/** The VAT return's boxes by name, as Skatteverket's form words them (and in English). */
export const vatBoxNames: Readonly<Record<Locale, Readonly<Record<VatReportBox, string>>>> = {
  sv: {
    '05': 'Momspliktig försäljning som inte ingår i ruta 06, 07 eller 08',
    '06': 'Momspliktiga uttag',
    '07': 'Beskattningsunderlag vid vinstmarginalbeskattning',
    '10': 'Utgående moms 25 %',
    '11': 'Utgående moms 12 %',
    '12': 'Utgående moms 6 %',
    '35': 'Försäljning av varor till ett annat EU-land',
    '36': 'Försäljning av varor utanför EU',
    '39': 'Försäljning av tjänster till en näringsidkare i ett annat EU-land enligt huvudregeln',
    '40': 'Övrig försäljning av tjänster omsatta utanför Sverige',
    '48': 'Ingående moms att dra av',
    '49': 'Moms att betala eller få tillbaka',
  },
  en: {
    '05': 'Taxable sales not included in boxes 06, 07 or 08',
    '06': 'Taxable self-supply',
    '07': 'Taxable amount under the margin scheme',
    '10': 'Output VAT 25 %',
    '11': 'Output VAT 12 %',
    '12': 'Output VAT 6 %',
    '35': 'Sales of goods to another EU country',
    '36': 'Sales of goods outside the EU',
    '39': 'Sales of services to a business in another EU country under the main rule',
    '40': 'Other sales of services supplied outside Sweden',
    '48': 'Input VAT to deduct',
    '49': 'VAT to pay or to get back',
  },
};
