import { defineMessages } from '@/shared/i18n/define';

/** The buyer's emails about an order after checkout (Swedish for orders to Sweden, else English). */
export const orderEmailMessages = defineMessages({
  sv: {
    confirmationSubject: (p: { number: string }) => `Orderbekräftelse ${p.number}`,
    confirmationThanks: (p: { number: string }) =>
      `Tack för din beställning. Fakturan ${p.number} finns bifogad som PDF.`,
    confirmationFollow: (p: { url: string }) =>
      `Följ din beställning (status, korrektur, fakturor): ${p.url}`,
    amountToPay: (p: { total: string; due: string; bankgiro: string; ocr: string }) =>
      `Att betala: ${p.total} senast ${p.due} till bankgiro ${p.bankgiro} med OCR-nummer ${p.ocr}.`,
    payToAccount: (p: { account: string; ocr: string }) =>
      `(Bankkonto ${p.account}; ange OCR-numret ${p.ocr} som referens.)`,
    payFromAbroad: (p: { iban: string; bic: string; ocr: string }) =>
      `Från utlandet: IBAN ${p.iban}, BIC ${p.bic}, referens ${p.ocr}.`,
    amountToPayEur: (p: { total: string; due: string; iban: string; bic: string; rf: string; ocr: string }) =>
      `Att betala: ${p.total} senast ${p.due} till vårt eurokonto IBAN ${p.iban}, BIC ${p.bic}, med referensen ${p.rf} (eller OCR-nummer ${p.ocr}).`,
    yourOrder: 'Din beställning:',
    deliveryAddress: (p: { address: string; country: string }) =>
      `Leveransadress: ${p.address}, ${p.country}`,
    neededBy: (p: { date: string }) => `Behövs senast: ${p.date}`,
    uploadAdvice: (p: { fee: string }) =>
      `Ladda upp tryckfiler på beställningssidan. Vektorformat (PDF, EPS, AI, SVG) rekommenderas; rasterfiler konverteras mot en avgift på ${p.fee}. Innan vi trycker får du ett korrektur att godkänna där.`,
    greeting: (p: { name: string }) => `Hej ${p.name}!`,
    hello: 'Hej!',
    followLink: (p: { url: string }) => `Se din beställning: ${p.url}`,
    signature: (p: { shop: string }) => `Vänliga hälsningar\n${p.shop}`,
    paymentSubject: (p: { number: string }) => `Betalning mottagen – ${p.number}`,
    paymentBody: (p: { number: string; amount: string; date: string }) =>
      `Vi har tagit emot din betalning på ${p.amount} (${p.date}) för beställning ${p.number}. Tack!`,
    paymentInvoice: (p: { invoice: string }) => `Betalningen gäller faktura ${p.invoice}.`,
    stillToPay: (p: { amount: string; ocr: string }) =>
      `Kvar att betala: ${p.amount}. Ange OCR-nummer ${p.ocr} när du betalar.`,
    fullyPaid: 'Beställningen är nu helt betald.',
    overpaid: (p: { amount: string }) =>
      `Du har betalat ${p.amount} för mycket. Vi betalar tillbaka beloppet.`,
    creditSubject: (p: { credit: string; number: string }) => `Kreditfaktura ${p.credit} – ${p.number}`,
    creditBody: (p: { credit: string; invoice: string; number: string; amount: string }) =>
      `Vi har krediterat ${p.amount} av faktura ${p.invoice} för beställning ${p.number}. Kreditfakturan ${p.credit} bifogas som PDF.`,
    creditReason: (p: { reason: string }) => `Orsak: ${p.reason}`,
    creditRefund: (p: { amount: string }) =>
      `Du har betalat ${p.amount} mer än du nu ska betala. Vi betalar tillbaka det.`,
    creditStillToPay: (p: { amount: string }) => `Kvar att betala på beställningen: ${p.amount}.`,
    proofSubject: (p: { number: string; version: number }) =>
      `Korrektur ${p.version} att granska – ${p.number}`,
    proofBody: (p: { number: string; version: number }) =>
      `Korrektur ${p.version} för beställning ${p.number} är klart. Granska det på beställningssidan och godkänn det eller be om ändringar: vi trycker först när du har godkänt.`,
    proofNote: (p: { note: string }) => `Meddelande från oss: ${p.note}`,
    productionSubject: (p: { number: string }) => `I produktion – ${p.number}`,
    productionBody: (p: { number: string }) =>
      `Din beställning ${p.number} är nu i produktion. Vi hör av oss när den skickas.`,
    shippedSubject: (p: { number: string }) => `Skickad – ${p.number}`,
    shippedBody: (p: { number: string; carrier: string; tracking: string }) =>
      `Din beställning ${p.number} är skickad med ${p.carrier}, spårningsnummer ${p.tracking}.`,
    trackHere: (p: { url: string }) => `Spåra försändelsen: ${p.url}`,
    cancelledSubject: (p: { number: string }) => `Beställningen är avbruten – ${p.number}`,
    cancelledBody: (p: { number: string }) =>
      `Din beställning ${p.number} är avbruten. Har du frågor, svara på det här mejlet.`,
    lookupSubject: 'Länkar till dina beställningar',
    lookupBody:
      'Någon (förhoppningsvis du) bad om länkar till beställningarna som gjorts med den här e-postadressen. Här är de:',
    lookupIgnore: 'Bad du inte om det här kan du bortse från mejlet.',
  },
  en: {
    confirmationSubject: (p: { number: string }) => `Order confirmation ${p.number}`,
    confirmationThanks: (p: { number: string }) =>
      `Thank you for your order. Invoice ${p.number} is attached as a PDF.`,
    confirmationFollow: (p: { url: string }) => `Follow your order (status, proofs, invoices): ${p.url}`,
    amountToPay: (p: { total: string; due: string; bankgiro: string; ocr: string }) =>
      `Amount to pay: ${p.total} by ${p.due} to bankgiro ${p.bankgiro} with OCR reference ${p.ocr}.`,
    payToAccount: (p: { account: string; ocr: string }) =>
      `(Bank account ${p.account}; use ${p.ocr} as the payment reference.)`,
    payFromAbroad: (p: { iban: string; bic: string; ocr: string }) =>
      `From abroad: IBAN ${p.iban}, BIC ${p.bic}, reference ${p.ocr}.`,
    amountToPayEur: (p: { total: string; due: string; iban: string; bic: string; rf: string; ocr: string }) =>
      `Amount to pay: ${p.total} by ${p.due} to our euro account IBAN ${p.iban}, BIC ${p.bic}, with the reference ${p.rf} (or OCR reference ${p.ocr}).`,
    yourOrder: 'Your order:',
    deliveryAddress: (p: { address: string; country: string }) =>
      `Delivery address: ${p.address}, ${p.country}`,
    neededBy: (p: { date: string }) => `Needed by: ${p.date}`,
    uploadAdvice: (p: { fee: string }) =>
      `Upload your print files on the order page. Vector formats (PDF, EPS, AI, SVG) are best; raster files are converted for a fee of ${p.fee}. Before we print, you get a proof to approve there.`,
    greeting: (p: { name: string }) => `Hello ${p.name},`,
    hello: 'Hello,',
    followLink: (p: { url: string }) => `See your order: ${p.url}`,
    signature: (p: { shop: string }) => `Kind regards\n${p.shop}`,
    paymentSubject: (p: { number: string }) => `Payment received – ${p.number}`,
    paymentBody: (p: { number: string; amount: string; date: string }) =>
      `We have received your payment of ${p.amount} (${p.date}) for order ${p.number}. Thank you!`,
    paymentInvoice: (p: { invoice: string }) => `The payment is for invoice ${p.invoice}.`,
    stillToPay: (p: { amount: string; ocr: string }) =>
      `Still to pay: ${p.amount}. Use the OCR reference ${p.ocr} when you pay.`,
    fullyPaid: 'The order is now paid in full.',
    overpaid: (p: { amount: string }) => `You have paid ${p.amount} too much. We will pay it back.`,
    creditSubject: (p: { credit: string; number: string }) => `Credit note ${p.credit} – ${p.number}`,
    creditBody: (p: { credit: string; invoice: string; number: string; amount: string }) =>
      `We have credited ${p.amount} of invoice ${p.invoice} for order ${p.number}. Credit note ${p.credit} is attached as a PDF.`,
    creditReason: (p: { reason: string }) => `Reason: ${p.reason}`,
    creditRefund: (p: { amount: string }) =>
      `You have paid ${p.amount} more than you now owe. We will pay it back.`,
    creditStillToPay: (p: { amount: string }) => `Still to pay on the order: ${p.amount}.`,
    proofSubject: (p: { number: string; version: number }) => `Proof ${p.version} to review – ${p.number}`,
    proofBody: (p: { number: string; version: number }) =>
      `Proof ${p.version} for order ${p.number} is ready. Review it on the order page and approve it or ask for changes: we print only once you have approved it.`,
    proofNote: (p: { note: string }) => `A note from us: ${p.note}`,
    productionSubject: (p: { number: string }) => `In production – ${p.number}`,
    productionBody: (p: { number: string }) =>
      `Your order ${p.number} is now in production. We will let you know when it ships.`,
    shippedSubject: (p: { number: string }) => `Shipped – ${p.number}`,
    shippedBody: (p: { number: string; carrier: string; tracking: string }) =>
      `Your order ${p.number} has shipped with ${p.carrier}, tracking number ${p.tracking}.`,
    trackHere: (p: { url: string }) => `Track the shipment: ${p.url}`,
    cancelledSubject: (p: { number: string }) => `Order cancelled – ${p.number}`,
    cancelledBody: (p: { number: string }) =>
      `Your order ${p.number} has been cancelled. If you have questions, reply to this email.`,
    lookupSubject: 'Links to your orders',
    lookupBody:
      'Someone (hopefully you) asked for links to the orders placed with this email address. Here they are:',
    lookupIgnore: 'If you did not ask for this, you can ignore this email.',
  },
});
