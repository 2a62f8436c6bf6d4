import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * Reminders (påminnelser), disputes and the customer ledger: the admin's panel and tab, the API's
 * refusals, the reminder and statement PDFs and their emails, the terms page's late-payment text.
 */
export const reminderMessages = defineMessages({
  sv: {
    // The order's reminder panel.
    heading: 'Påminnelser',
    overdueDays: (p: { days: number }) => plural('sv', p.days, { one: '# dag sen', other: '# dagar sen' }),
    notDue: 'Inte förfallen',
    lastDayToPay: (p: { date: string }) => `Sista betalningsdag ${p.date}`,
    wouldCharge: (p: { fee: string; interest: string }) =>
      `En påminnelse i dag: avgift ${p.fee}, dröjsmålsränta ${p.interest}`,
    send: 'Skicka påminnelse',
    sent: (p: { number: string }) => `Påminnelse ${p.number} skickad`,
    sendFailed: 'Påminnelsen kunde inte skickas',
    sentList: 'Skickade påminnelser',
    automatic: 'automatisk',
    schedule: (p: { days: string }) => `Automatiska påminnelser ${p.days} dagar efter förfallodagen`,
    scheduleOff: 'Automatiska påminnelser är avstängda',
    blocked_not_overdue: 'Fakturan är inte förfallen',
    blocked_paid: 'Fakturan är betald',
    blocked_credited: 'Fakturan är krediterad',
    blocked_disputed: 'Fakturan är bestridd',
    // Disputes.
    dispute: 'Markera som bestridd',
    disputeNote: 'Anteckning (vad kunden invänder)',
    disputeSave: 'Spara bestridande',
    disputed: (p: { by: string; date: string }) => `Bestridd av kunden, noterat av ${p.by} ${p.date}`,
    liftDispute: 'Häv bestridandet',
    disputeSaved: 'Fakturan är markerad som bestridd',
    disputeLifted: 'Bestridandet är hävt',
    disputeFailed: 'Det gick inte att ändra bestridandet',
    back: 'Tillbaka',
    // API refusals.
    nothingOverdue: 'Ingen faktura på ordern är förfallen: det finns inget att påminna om.',
    invoicePaid: 'Fakturan är redan betald: ingen påminnelse skickas.',
    invoiceCredited: 'Fakturan är krediterad: ingen påminnelse skickas.',
    invoiceDisputed: 'Fakturan är bestridd: häv bestridandet innan en påminnelse skickas.',
    invoiceNotOverdue: 'Fakturan är inte förfallen än.',
    notAnInvoice: 'Bara fakturor och tilläggsfakturor kan påminnas om.',
    invoiceNotFound: 'Fakturan finns inte på ordern.',
    noteRequired: 'Skriv vad kunden invänder (högst 1 000 tecken).',
    alreadyDisputed: 'Fakturan är redan markerad som bestridd.',
    notDisputed: 'Fakturan är inte bestridd.',
    // The reminder PDF.
    title: 'Betalningspåminnelse',
    reminderNumber: 'Påminnelse nr',
    reminderDate: 'Datum',
    invoiceNumber: 'Faktura',
    invoiceDate: 'Fakturadatum',
    dueDate: 'Förfallodag',
    payBy: 'Betala senast',
    intro: (p: { invoice: string; date: string }) =>
      `Vi har ännu inte fått full betalning för faktura ${p.invoice}, som förföll ${p.date}. Har du redan betalat kan du bortse från denna påminnelse.`,
    invoiceTotal: 'Fakturans belopp',
    credited: 'Krediterat',
    paid: 'Betalt',
    invoiceBalance: 'Kvar att betala på fakturan',
    compensation: 'Förseningsersättning (lag 1981:739, 4 a §)',
    reminderFee: 'Påminnelseavgift (enligt köpvillkoren)',
    interestHeading: 'Dröjsmålsränta (räntelagen 4 a §, 6 §)',
    interestLine: (p: {
      from: string;
      to: string;
      days: string;
      principal: string;
      rate: string;
      reference: string;
    }) =>
      `${p.from} – ${p.to}: ${p.days} × ${p.principal} × ${p.rate} % / 365 (referensränta ${p.reference} % + 8)`,
    interestNone: 'Ingen ränta att debitera för perioden.',
    interestTotal: 'Dröjsmålsränta',
    reminderTotal: 'Påminnelsens avgift och ränta',
    toPay: 'Totalt att betala',
    payInvoice: (p: { amount: string; ocr: string }) => `Fakturan: ${p.amount} med OCR ${p.ocr}`,
    payReminder: (p: { amount: string; ocr: string }) => `Avgift och ränta: ${p.amount} med OCR ${p.ocr}`,
    bankgiro: 'Bankgiro',
    interestRuns: 'Dröjsmålsränta löper till dess betalning sker. Ränta och avgift är inte momspliktiga.',
    // The reminder email.
    emailSubject: (p: { invoice: string; number: string }) =>
      `Påminnelse: faktura ${p.invoice} (order ${p.number})`,
    emailBody: (p: { invoice: string; date: string; amount: string }) =>
      `Vi har ännu inte fått full betalning för faktura ${p.invoice}, som förföll ${p.date}. Kvar att betala på fakturan: ${p.amount}.`,
    emailCharges: (p: { amount: string }) => `Påminnelsens avgift och dröjsmålsränta: ${p.amount}.`,
    emailPay: (p: { total: string; date: string }) => `Betala ${p.total} senast ${p.date}:`,
    emailPdf: 'Påminnelsen med hur räntan räknats finns som PDF i mejlet.',
    emailPaid: 'Har du redan betalat kan du bortse från detta mejl.',
    // The customer ledger.
    customersTab: 'Kunder',
    customersHeading: 'Kundreskontra',
    customersIntro: 'Kunder med öppna saldon. Summan stämmer med kundfordringar (1510) samma dag.',
    customer: 'Kund',
    identity: 'Org.nr / personnr / e-post',
    orders: 'Ordrar',
    balance: 'Saldo',
    overdue: 'Förfallet',
    total: 'Summa',
    noCustomers: 'Inga kunder har öppna saldon.',
    loadFailed: 'Kundreskontran kunde inte hämtas',
    open: 'Öppna',
    company: 'Företag',
    individual: 'Privatperson',
    ledgerHeading: (p: { name: string }) => `Kundreskontra: ${p.name}`,
    date: 'Datum',
    document: 'Händelse',
    amount: 'Belopp',
    runningBalance: 'Saldo',
    openItems: 'Öppna poster',
    noOpenItems: 'Inga öppna poster.',
    statementPdf: 'Kontoutdrag (PDF)',
    statementEmail: 'Skicka kontoutdrag',
    statementSent: (p: { email: string }) => `Kontoutdraget skickas till ${p.email}`,
    statementFailed: 'Kontoutdraget kunde inte skickas',
    line_invoice: 'Faktura',
    line_supplementary_invoice: 'Tilläggsfaktura',
    line_credit_note: 'Kreditfaktura',
    line_reminder: 'Påminnelse',
    line_payment: 'Betalning',
    line_refund: 'Återbetalning',
    customerNotFound: 'Kunden finns inte.',
    // The statement PDF and its email.
    statementTitle: 'Kontoutdrag',
    statementDate: 'Per',
    statementIntro:
      'Här är alla fakturor, påminnelser, kreditfakturor och betalningar på ditt konto hos oss.',
    statementOpen: 'Öppna poster',
    statementBalance: 'Saldo att betala',
    statementOwedBack: 'Vi är skyldiga dig',
    statementSubject: (p: { shop: string; date: string }) => `Kontoutdrag från ${p.shop} per ${p.date}`,
    statementBody: (p: { date: string; balance: string }) =>
      `Bifogat finns ditt kontoutdrag per ${p.date}. Saldo: ${p.balance}.`,
    statementPayHint: 'Betala varje öppen post med dess OCR-nummer till vårt bankgiro.',
    // The terms page.
    termsCompanies:
      'Betalar ett företag för sent tar vi ut dröjsmålsränta (referensräntan + 8 procentenheter, räntelagen 4 a §) och förseningsersättning på 450 kr per faktura (lag 1981:739, 4 a §).',
    termsIndividualFee: (p: { fee: string }) =>
      `Skickar vi en betalningspåminnelse till dig som privatperson tar vi ut en påminnelseavgift på ${p.fee} per faktura (lag 1981:739, 2 §), och dröjsmålsränta med referensräntan + 8 procentenheter.`,
    termsIndividualNoFee:
      'Privatpersoner betalar ingen påminnelseavgift; vid sen betalning tillkommer dröjsmålsränta med referensräntan + 8 procentenheter.',
  },
  en: {
    heading: 'Reminders',
    overdueDays: (p: { days: number }) =>
      plural('en', p.days, { one: '# day overdue', other: '# days overdue' }),
    notDue: 'Not due',
    lastDayToPay: (p: { date: string }) => `Last day to pay ${p.date}`,
    wouldCharge: (p: { fee: string; interest: string }) =>
      `A reminder today: fee ${p.fee}, late-payment interest ${p.interest}`,
    send: 'Send reminder',
    sent: (p: { number: string }) => `Reminder ${p.number} sent`,
    sendFailed: 'The reminder could not be sent',
    sentList: 'Reminders sent',
    automatic: 'automatic',
    schedule: (p: { days: string }) => `Automatic reminders ${p.days} days after the due date`,
    scheduleOff: 'Automatic reminders are off',
    blocked_not_overdue: 'The invoice is not overdue',
    blocked_paid: 'The invoice is paid',
    blocked_credited: 'The invoice is credited',
    blocked_disputed: 'The invoice is disputed',
    dispute: 'Mark as disputed',
    disputeNote: 'Note (what the customer objects to)',
    disputeSave: 'Save dispute',
    disputed: (p: { by: string; date: string }) => `Disputed by the customer, noted by ${p.by} ${p.date}`,
    liftDispute: 'Lift the dispute',
    disputeSaved: 'The invoice is marked as disputed',
    disputeLifted: 'The dispute is lifted',
    disputeFailed: 'The dispute could not be changed',
    back: 'Back',
    nothingOverdue: 'No invoice of the order is overdue: there is nothing to remind of.',
    invoicePaid: 'The invoice is paid already: no reminder is sent.',
    invoiceCredited: 'The invoice is credited: no reminder is sent.',
    invoiceDisputed: 'The invoice is disputed: lift the dispute before sending a reminder.',
    invoiceNotOverdue: 'The invoice is not overdue yet.',
    notAnInvoice: 'Only invoices and supplementary invoices can be reminded of.',
    invoiceNotFound: 'The order has no such invoice.',
    noteRequired: 'Write what the customer objects to (at most 1,000 characters).',
    alreadyDisputed: 'The invoice is marked as disputed already.',
    notDisputed: 'The invoice is not disputed.',
    title: 'Payment reminder',
    reminderNumber: 'Reminder no.',
    reminderDate: 'Date',
    invoiceNumber: 'Invoice',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    payBy: 'Pay by',
    intro: (p: { invoice: string; date: string }) =>
      `We have not yet received full payment of invoice ${p.invoice}, which was due on ${p.date}. If you have paid already, please disregard this reminder.`,
    invoiceTotal: 'Invoice amount',
    credited: 'Credited',
    paid: 'Paid',
    invoiceBalance: 'Still to pay on the invoice',
    compensation: 'Late-payment compensation (Swedish Act 1981:739, s. 4 a)',
    reminderFee: 'Reminder fee (as the terms of purchase set)',
    interestHeading: 'Late-payment interest (Swedish Interest Act, s. 4 a, 6)',
    interestLine: (p: {
      from: string;
      to: string;
      days: string;
      principal: string;
      rate: string;
      reference: string;
    }) =>
      `${p.from} – ${p.to}: ${p.days} × ${p.principal} × ${p.rate} % / 365 (reference rate ${p.reference} % + 8)`,
    interestNone: 'No interest to charge for the period.',
    interestTotal: 'Late-payment interest',
    reminderTotal: "The reminder's fee and interest",
    toPay: 'Total to pay',
    payInvoice: (p: { amount: string; ocr: string }) => `The invoice: ${p.amount} with OCR ${p.ocr}`,
    payReminder: (p: { amount: string; ocr: string }) => `Fee and interest: ${p.amount} with OCR ${p.ocr}`,
    bankgiro: 'Bankgiro',
    interestRuns: 'Late-payment interest runs until payment is made. Interest and fees carry no VAT.',
    emailSubject: (p: { invoice: string; number: string }) =>
      `Reminder: invoice ${p.invoice} (order ${p.number})`,
    emailBody: (p: { invoice: string; date: string; amount: string }) =>
      `We have not yet received full payment of invoice ${p.invoice}, which was due on ${p.date}. Still to pay on the invoice: ${p.amount}.`,
    emailCharges: (p: { amount: string }) => `The reminder's fee and late-payment interest: ${p.amount}.`,
    emailPay: (p: { total: string; date: string }) => `Please pay ${p.total} by ${p.date}:`,
    emailPdf: 'The reminder, with how the interest was computed, is attached as a PDF.',
    emailPaid: 'If you have paid already, please disregard this email.',
    customersTab: 'Customers',
    customersHeading: 'Customer ledger',
    customersIntro:
      'Customers with open balances. The total equals accounts receivable (1510) on the same day.',
    customer: 'Customer',
    identity: 'Org. no. / personal ID / email',
    orders: 'Orders',
    balance: 'Balance',
    overdue: 'Overdue',
    total: 'Total',
    noCustomers: 'No customer has an open balance.',
    loadFailed: 'The customer ledger could not be loaded',
    open: 'Open',
    company: 'Company',
    individual: 'Individual',
    ledgerHeading: (p: { name: string }) => `Customer ledger: ${p.name}`,
    date: 'Date',
    document: 'Entry',
    amount: 'Amount',
    runningBalance: 'Balance',
    openItems: 'Open items',
    noOpenItems: 'No open items.',
    statementPdf: 'Statement (PDF)',
    statementEmail: 'Send statement',
    statementSent: (p: { email: string }) => `The statement is being sent to ${p.email}`,
    statementFailed: 'The statement could not be sent',
    line_invoice: 'Invoice',
    line_supplementary_invoice: 'Supplementary invoice',
    line_credit_note: 'Credit note',
    line_reminder: 'Reminder',
    line_payment: 'Payment',
    line_refund: 'Refund',
    customerNotFound: 'No such customer.',
    statementTitle: 'Statement of account',
    statementDate: 'As of',
    statementIntro: 'Here are all invoices, reminders, credit notes and payments on your account with us.',
    statementOpen: 'Open items',
    statementBalance: 'Balance to pay',
    statementOwedBack: 'We owe you',
    statementSubject: (p: { shop: string; date: string }) =>
      `Statement of account from ${p.shop} as of ${p.date}`,
    statementBody: (p: { date: string; balance: string }) =>
      `Attached is your statement of account as of ${p.date}. Balance: ${p.balance}.`,
    statementPayHint: 'Pay each open item with its OCR reference to our bankgiro.',
    termsCompanies:
      'A company that pays late owes late-payment interest (the reference rate + 8 percentage points, Swedish Interest Act s. 4 a) and late-payment compensation of 450 kr per invoice (Swedish Act 1981:739, s. 4 a).',
    termsIndividualFee: (p: { fee: string }) =>
      `If we send you, as an individual, a payment reminder, we charge a reminder fee of ${p.fee} per invoice (Swedish Act 1981:739, s. 2), and late-payment interest at the reference rate + 8 percentage points.`,
    termsIndividualNoFee:
      'Individuals pay no reminder fee; late payments bear interest at the reference rate + 8 percentage points.',
  },
});
