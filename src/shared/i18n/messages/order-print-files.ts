import { defineMessages } from '@/shared/i18n/define';

/**
 * Print files added on the order page after ordering, the supplementary invoice a raster file's
 * conversion is charged on (page, email, admin), and the server's refusals. Money and dates come
 * in formatted.
 */
export const orderPrintFileMessages = defineMessages({
  sv: {
    intro: (p: { fee: string; vat: string }) =>
      `Du kan lägga till tryckfiler här. Vektorfiler (PDF, SVG, EPS, AI) kostar inget extra. Rasterfiler (PNG, JPEG, TIFF, WebP) konverteras för ${p.fee} per fil, ${p.vat}, på en tilläggsfaktura.`,
    add: 'Lägg till tryckfil',
    forLine: 'Filen gäller',
    wholeOrder: 'Hela beställningen',
    note: 'Anteckning till tryckeriet (valfritt)',
    noteHint: 'T.ex. placering, färg eller vilken fil som ersätter vilken',
    fileFor: (p: { line: string }) => `För ${p.line}`,
    checking: (p: { name: string }) => `Kontrollerar ${p.name} …`,
    confirmHeading: (p: { fee: string }) => `Rasterfil: ${p.fee} för konvertering`,
    confirmText: (p: { name: string; fee: string; vat: string }) =>
      `${p.name} är en rasterfil. Vi konverterar den till tryckbart format för ${p.fee}, ${p.vat}. Avgiften kommer på en tilläggsfaktura med eget fakturanummer som vi också mejlar till dig.`,
    confirm: (p: { fee: string }) => `Lägg till och betala ${p.fee}`,
    cancel: 'Avbryt',
    added: (p: { name: string }) => `${p.name} är tillagd i beställningen`,
    addedWithInvoice: (p: { name: string; invoice: string }) =>
      `${p.name} är tillagd. Tilläggsfaktura ${p.invoice} finns under Fakturor.`,
    alreadyAdded: (p: { name: string }) => `Beställningen har redan den här filen (${p.name}).`,
    addedOn: (p: { date: string }) => `tillagd ${p.date}`,
    closed:
      'Beställningen är avbruten eller skickad, så nya tryckfiler tas inte emot här. Mejla oss om något behöver ändras.',
    unknownLine: 'Ordern har ingen sådan rad',
    notOnOrder: 'Beställningen har ingen sådan tryckfil',
    replace: 'Byt fil',
    replaced: (p: { name: string }) => `${p.name} ersätter den tidigare filen.`,
    replacedCredited: (p: { name: string; note: string }) =>
      `${p.name} ersätter rasterfilen. Konverteringsavgiften krediteras på kreditfaktura ${p.note}.`,
    replaceAfterApproval: (p: { email: string }) =>
      `Korrekturet är godkänt, så tryckfilerna kan inte längre bytas här. Kontakta oss på ${p.email}.`,
    feeCreditedReason: 'Rasterfilen ersattes av en vektorfil före godkänt korrektur: ingen konvertering',
    remove: 'Ta bort',
    removeLabel: (p: { name: string }) => `Ta bort ${p.name}`,
    removeConfirmHeading: (p: { name: string }) => `Ta bort ${p.name}?`,
    removeConfirmText:
      'Filen tas bort från beställningen. Du kan skicka en ny fil så länge korrekturet inte är godkänt.',
    removeConfirm: 'Ja, ta bort filen',
    removed: (p: { name: string }) => `${p.name} är borttagen från beställningen.`,
    removedCredited: (p: { name: string; note: string }) =>
      `${p.name} är borttagen. Konverteringsavgiften krediteras på kreditfaktura ${p.note}.`,
    removeAfterApproval: (p: { email: string }) =>
      `Korrekturet är godkänt, så tryckfilerna kan inte längre tas bort här. Kontakta oss på ${p.email}.`,
    removedFeeCreditedReason: 'Rasterfilen togs bort före godkänt korrektur: ingen konvertering',
    orderClosed: (p: { email: string }) =>
      `Beställningen är avbruten eller redan skickad, så vi kan inte lägga till tryckfiler. Kontakta oss på ${p.email}.`,
    feeRequired: (p: { fee: string }) =>
      `Filen är en rasterfil: konverteringen kostar ${p.fee} (moms ingår) på en tilläggsfaktura. Bekräfta avgiften för att lägga till filen.`,
    supplementaryInvoice: (p: { number: string }) => `Tilläggsfaktura ${p.number}`,
    supplementaryDetail: (p: { total: string; due: string; file: string }) =>
      `${p.total}, förfaller ${p.due} · konvertering av ${p.file}`,
    supplementaryChangeDetail: (p: { total: string; due: string }) =>
      `${p.total}, förfaller ${p.due} · ändring av beställningen`,
    view: 'Visa faktura',
    viewLabel: (p: { number: string }) => `Visa faktura: tilläggsfaktura ${p.number}`,
    invoicePdf: 'Faktura (PDF)',
    pdfLabel: (p: { number: string }) => `Faktura (PDF): tilläggsfaktura ${p.number}`,
    emailSubject: (p: { invoice: string; order: string }) => `Tilläggsfaktura ${p.invoice} – ${p.order}`,
    emailBody: (p: { file: string; order: string; invoice: string }) =>
      `Tack för ${p.file} till beställning ${p.order}. Den är en rasterfil, så vi konverterar den till tryckbart format. Avgiften står på tilläggsfaktura ${p.invoice}, som finns bifogad som PDF.`,
    emailPay: (p: { total: string; due: string; bankgiro: string; ocr: string }) =>
      `Att betala: ${p.total} senast ${p.due} till bankgiro ${p.bankgiro} med OCR-nummer ${p.ocr}.`,
    emailPayAbroad: (p: { iban: string; bic: string; ocr: string }) =>
      `Från utlandet: IBAN ${p.iban}, BIC ${p.bic}, referens ${p.ocr}.`,
    adminHeading: 'Tilläggsfakturor',
    recordPayment: 'Registrera betalning',
    paymentOf: (p: { number: string }) => `Betalning av tilläggsfaktura ${p.number}`,
    paidDetail: (p: { date: string; amount: string }) => `Betald ${p.date}: ${p.amount}`,
    paymentRecorded: 'Betalningen är registrerad',
    paymentFailed: 'Kunde inte registrera betalningen',
    noticeSubject: (p: { order: string; file: string }) => `Ny tryckfil till ${p.order}: ${p.file}`,
    noticeBody: (p: { order: string; file: string; kind: string; size: string; time: string }) =>
      `Kunden lade till ${p.file} (${p.kind}, ${p.size}) till beställning ${p.order} ${p.time}.`,
    noticeVector: 'vektor',
    noticeRaster: 'raster',
    noticeInvoice: (p: { invoice: string; total: string }) =>
      `Konverteringen är fakturerad på tilläggsfaktura ${p.invoice} (${p.total}).`,
    noticeOpen: 'Filen finns under Tryckfiler på beställningen i admin.',
  },
  en: {
    intro: (p: { fee: string; vat: string }) =>
      `You can add print files here. Vector files (PDF, SVG, EPS, AI) cost nothing extra. Raster files (PNG, JPEG, TIFF, WebP) are converted for ${p.fee} per file, ${p.vat}, on a supplementary invoice.`,
    add: 'Add print file',
    forLine: 'The file is for',
    wholeOrder: 'The whole order',
    note: 'Note to the printer (optional)',
    noteHint: 'E.g. placement, colour or which file replaces which',
    fileFor: (p: { line: string }) => `For ${p.line}`,
    checking: (p: { name: string }) => `Checking ${p.name} …`,
    confirmHeading: (p: { fee: string }) => `Raster file: ${p.fee} for conversion`,
    confirmText: (p: { name: string; fee: string; vat: string }) =>
      `${p.name} is a raster file. We convert it into a printable format for ${p.fee}, ${p.vat}. The fee comes on a supplementary invoice with its own invoice number, which we also email to you.`,
    confirm: (p: { fee: string }) => `Add and pay ${p.fee}`,
    cancel: 'Cancel',
    added: (p: { name: string }) => `${p.name} is added to the order`,
    addedWithInvoice: (p: { name: string; invoice: string }) =>
      `${p.name} is added. Supplementary invoice ${p.invoice} is under Invoices.`,
    alreadyAdded: (p: { name: string }) => `The order already has this file (${p.name}).`,
    addedOn: (p: { date: string }) => `added ${p.date}`,
    closed:
      'The order is cancelled or shipped, so new print files are not taken here. Email us if something needs to change.',
    unknownLine: 'The order has no such line',
    notOnOrder: 'The order has no such print file',
    replace: 'Replace file',
    replaced: (p: { name: string }) => `${p.name} replaces the earlier file.`,
    replacedCredited: (p: { name: string; note: string }) =>
      `${p.name} replaces the raster file. Its conversion fee is credited on credit note ${p.note}.`,
    replaceAfterApproval: (p: { email: string }) =>
      `The proof is approved, so the print files can no longer be replaced here. Please contact us at ${p.email}.`,
    feeCreditedReason: 'The raster file was replaced by a vector file before proof approval: no conversion',
    remove: 'Remove',
    removeLabel: (p: { name: string }) => `Remove ${p.name}`,
    removeConfirmHeading: (p: { name: string }) => `Remove ${p.name}?`,
    removeConfirmText:
      'The file is taken off the order. You can send a new file until the proof is approved.',
    removeConfirm: 'Yes, remove the file',
    removed: (p: { name: string }) => `${p.name} is removed from the order.`,
    removedCredited: (p: { name: string; note: string }) =>
      `${p.name} is removed. Its conversion fee is credited on credit note ${p.note}.`,
    removeAfterApproval: (p: { email: string }) =>
      `The proof is approved, so the print files can no longer be removed here. Please contact us at ${p.email}.`,
    removedFeeCreditedReason: 'The raster file was removed before proof approval: no conversion',
    orderClosed: (p: { email: string }) =>
      `The order is cancelled or has shipped, so we cannot add print files to it. Please contact us at ${p.email}.`,
    feeRequired: (p: { fee: string }) =>
      `The file is a raster file: converting it costs ${p.fee} (VAT included) on a supplementary invoice. Confirm the fee to add the file.`,
    supplementaryInvoice: (p: { number: string }) => `Supplementary invoice ${p.number}`,
    supplementaryDetail: (p: { total: string; due: string; file: string }) =>
      `${p.total}, due ${p.due} · conversion of ${p.file}`,
    supplementaryChangeDetail: (p: { total: string; due: string }) =>
      `${p.total}, due ${p.due} · change to the order`,
    view: 'View invoice',
    viewLabel: (p: { number: string }) => `View invoice: supplementary invoice ${p.number}`,
    invoicePdf: 'Invoice (PDF)',
    pdfLabel: (p: { number: string }) => `Invoice (PDF): supplementary invoice ${p.number}`,
    emailSubject: (p: { invoice: string; order: string }) =>
      `Supplementary invoice ${p.invoice} – ${p.order}`,
    emailBody: (p: { file: string; order: string; invoice: string }) =>
      `Thank you for ${p.file} for order ${p.order}. It is a raster file, so we convert it into a printable format. The fee is on supplementary invoice ${p.invoice}, attached as a PDF.`,
    emailPay: (p: { total: string; due: string; bankgiro: string; ocr: string }) =>
      `Amount to pay: ${p.total} by ${p.due} to bankgiro ${p.bankgiro} with OCR reference ${p.ocr}.`,
    emailPayAbroad: (p: { iban: string; bic: string; ocr: string }) =>
      `From abroad: IBAN ${p.iban}, BIC ${p.bic}, reference ${p.ocr}.`,
    adminHeading: 'Supplementary invoices',
    recordPayment: 'Record payment',
    paymentOf: (p: { number: string }) => `Payment of supplementary invoice ${p.number}`,
    paidDetail: (p: { date: string; amount: string }) => `Paid ${p.date}: ${p.amount}`,
    paymentRecorded: 'The payment is recorded',
    paymentFailed: 'Could not record the payment',
    noticeSubject: (p: { order: string; file: string }) => `New print file for ${p.order}: ${p.file}`,
    noticeBody: (p: { order: string; file: string; kind: string; size: string; time: string }) =>
      `The customer added ${p.file} (${p.kind}, ${p.size}) to order ${p.order} on ${p.time}.`,
    noticeVector: 'vector',
    noticeRaster: 'raster',
    noticeInvoice: (p: { invoice: string; total: string }) =>
      `The conversion is charged on supplementary invoice ${p.invoice} (${p.total}).`,
    noticeOpen: 'The file is under Print files on the order in admin.',
  },
});
