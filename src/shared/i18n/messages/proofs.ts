import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * Proof approval: the buyer's proof panel and timeline on the order page, the admin's proof panel,
 * the server's answers to both, and the shop's notice when the buyer decides.
 */
export const proofMessages = defineMessages({
  sv: {
    // The buyer's order page.
    heading: 'Korrektur',
    none: 'Inget korrektur ännu. Vi mejlar dig när det första korrekturet är klart att granska. Vi trycker först när du har godkänt det.',
    version: (p: { version: number }) => `Korrektur ${p.version}`,
    uploadedAt: (p: { time: string }) => `Uppladdat ${p.time}`,
    latest: 'Senaste',
    noteFromShop: 'Meddelande från oss',
    imageAlt: (p: { version: number }) => `Korrektur ${p.version}`,
    openFullSize: 'Öppna i full storlek',
    downloadPdf: 'Ladda ner korrekturet (PDF)',
    loadingFile: 'Laddar korrekturet...',
    fileFailed: 'Kunde inte hämta korrekturet.',
    stateAwaiting: (p: { version: number }) =>
      `Korrektur ${p.version} väntar på ditt svar. Vi trycker först när du har godkänt det.`,
    stateChanges: (p: { version: number }) =>
      `Du har bett om ändringar i korrektur ${p.version}. Vi mejlar dig när nästa korrektur är klart.`,
    stateApproved: (p: { version: number; date: string }) =>
      `Du godkände korrektur ${p.version} ${p.date}. Vi trycker det som korrekturet visar.`,
    approve: (p: { version: number }) => `Godkänn korrektur ${p.version}`,
    approveQuestion: (p: { version: number }) =>
      `Godkänna korrektur ${p.version} för tryck? Vi trycker exakt det som korrekturet visar, så kontrollera text, färger och placering.`,
    confirmApprove: 'Ja, godkänn',
    requestChanges: 'Be om ändringar',
    commentLabel: 'Vad ska vi ändra?',
    commentHint: 'Beskriv ändringarna så noga du kan. Du får ett nytt korrektur att granska.',
    sendChanges: 'Skicka ändringarna',
    back: 'Tillbaka',
    approved: 'Godkänt',
    changesRequested: 'Ändringar önskade',
    replaced: 'Ersatt av ett nyare korrektur',
    decidedAt: (p: { what: string; time: string }) => `${p.what} ${p.time}`,
    buyerComment: 'Kommentar',
    earlier: (p: { n: number }) =>
      plural('sv', p.n, { one: '# tidigare korrektur', other: '# tidigare korrektur' }),
    sentApproved: 'Tack! Korrekturet är godkänt.',
    sentChanges: 'Tack! Vi har fått dina ändringar och återkommer med ett nytt korrektur.',
    decideFailed: 'Kunde inte skicka ditt svar',
    // The order page's timeline.
    eventReady: (p: { version: number }) => `Korrektur ${p.version} klart att granska`,
    eventApproved: (p: { version: number }) => `Korrektur ${p.version} godkänt`,
    eventChanges: (p: { version: number }) => `Ändringar önskade i korrektur ${p.version}`,

    // The admin's proof panel.
    adminHeading: 'Korrektur',
    adminNone:
      'Inget korrektur ännu. Beställningen kan inte gå till produktion förrän kunden har godkänt ett.',
    adminAwaiting: (p: { version: number }) => `Väntar på kundens svar på korrektur ${p.version}.`,
    adminChanges: (p: { version: number }) =>
      `Kunden vill ha ändringar i korrektur ${p.version}: ladda upp ett nytt.`,
    adminApproved: (p: { version: number; time: string }) =>
      `Kunden godkände korrektur ${p.version} ${p.time}.`,
    awaitingBadge: 'Väntar på svar',
    uploadHeading: (p: { version: number }) => `Ladda upp korrektur ${p.version}`,
    fileLabel: 'Fil (PDF, PNG, JPEG eller WebP, högst 25 MB)',
    noteLabel: 'Meddelande till kunden (valfritt)',
    noteHint: 'Skickas med mejlet och visas på beställningssidan.',
    upload: 'Ladda upp och mejla kunden',
    uploading: 'Laddar upp...',
    uploaded: (p: { version: number }) => `Korrektur ${p.version} uppladdat. Kunden får ett mejl.`,
    uploadFailed: 'Kunde inte ladda upp korrekturet',
    chooseFile: 'Välj en fil',
    adminClosed: 'Korrektur kan bara läggas till innan beställningen går till produktion.',
    open: 'Öppna',
    download: 'Ladda ner',
    openLabel: (p: { version: number }) => `Öppna korrektur ${p.version}`,
    downloadLabel: (p: { version: number }) => `Ladda ner korrektur ${p.version}`,
    customerComment: 'Kundens kommentar',
    adminNote: 'Meddelande till kunden',

    // The server's answers.
    orderNotFound: 'Beställningen finns inte',
    proofNotFound: 'Korrekturet finns inte',
    outdated: (p: { version: number; latest: number }) =>
      `Korrektur ${p.version} har ersatts av korrektur ${p.latest}. Granska det senaste korrekturet.`,
    alreadyDecided: (p: { version: number }) => `Korrektur ${p.version} är redan besvarat.`,
    orderClosed: 'Beställningen går inte längre att ändra: korrektur godkänns innan produktionen börjar.',
    decisionInvalid: 'Välj att godkänna korrekturet eller be om ändringar',
    commentRequired: 'Skriv vad vi ska ändra',
    commentTooLong: (p: { max: string }) => `Kommentaren får vara högst ${p.max} tecken`,
    fileRequired: 'Ladda upp korrekturfilen först',
    fileUnknown: 'Filen finns inte längre eller är redan ett korrektur. Ladda upp den igen.',
    noteInvalid: 'Meddelandet ska vara text',
    noteTooLong: (p: { max: string }) => `Meddelandet får vara högst ${p.max} tecken`,
    notProof: 'Filen är inget korrektur vi kan visa. Ladda upp en PDF, PNG, JPEG eller WebP.',
    noFile: 'Ingen fil kom med. Välj en PDF, PNG, JPEG eller WebP.',
    emptyFile: 'Filen är tom.',
    tooLarge: 'Filen är för stor: ett korrektur får vara högst 25 MB.',

    // The shop's notice of a decision.
    noticeApprovedSubject: (p: { number: string; version: number }) =>
      `Korrektur ${p.version} godkänt – ${p.number}`,
    noticeChangesSubject: (p: { number: string; version: number }) =>
      `Ändringar önskade i korrektur ${p.version} – ${p.number}`,
    noticeApprovedBody: (p: { number: string; version: number; time: string }) =>
      `Kunden godkände korrektur ${p.version} för beställning ${p.number} ${p.time}. Beställningen kan gå till produktion.`,
    noticeChangesBody: (p: { number: string; version: number; time: string }) =>
      `Kunden vill ha ändringar i korrektur ${p.version} för beställning ${p.number} (${p.time}):`,
    noticeUploadNext: 'Ladda upp ett nytt korrektur på beställningen i admin.',
    noticeCustomer: (p: { name: string; email: string }) => `Kund: ${p.name}, ${p.email}`,
  },
  en: {
    heading: 'Proof',
    none: 'No proof yet. We will email you when the first proof is ready to review. We print only once you have approved it.',
    version: (p: { version: number }) => `Proof ${p.version}`,
    uploadedAt: (p: { time: string }) => `Uploaded ${p.time}`,
    latest: 'Latest',
    noteFromShop: 'A note from us',
    imageAlt: (p: { version: number }) => `Proof ${p.version}`,
    openFullSize: 'Open full size',
    downloadPdf: 'Download the proof (PDF)',
    loadingFile: 'Loading the proof...',
    fileFailed: 'Could not load the proof.',
    stateAwaiting: (p: { version: number }) =>
      `Proof ${p.version} is waiting for your answer. We print only once you have approved it.`,
    stateChanges: (p: { version: number }) =>
      `You asked for changes to proof ${p.version}. We will email you when the next proof is ready.`,
    stateApproved: (p: { version: number; date: string }) =>
      `You approved proof ${p.version} on ${p.date}. We print what the proof shows.`,
    approve: (p: { version: number }) => `Approve proof ${p.version}`,
    approveQuestion: (p: { version: number }) =>
      `Approve proof ${p.version} for printing? We print exactly what it shows, so check the text, colours and placement.`,
    confirmApprove: 'Yes, approve',
    requestChanges: 'Ask for changes',
    commentLabel: 'What should we change?',
    commentHint: 'Describe the changes as precisely as you can. You will get a new proof to review.',
    sendChanges: 'Send the changes',
    back: 'Back',
    approved: 'Approved',
    changesRequested: 'Changes requested',
    replaced: 'Replaced by a newer proof',
    decidedAt: (p: { what: string; time: string }) => `${p.what} ${p.time}`,
    buyerComment: 'Comment',
    earlier: (p: { n: number }) => plural('en', p.n, { one: '# earlier proof', other: '# earlier proofs' }),
    sentApproved: 'Thank you! The proof is approved.',
    sentChanges: 'Thank you! We have your changes and will send a new proof.',
    decideFailed: 'Could not send your answer',
    eventReady: (p: { version: number }) => `Proof ${p.version} ready to review`,
    eventApproved: (p: { version: number }) => `Proof ${p.version} approved`,
    eventChanges: (p: { version: number }) => `Changes requested to proof ${p.version}`,

    adminHeading: 'Proofs',
    adminNone: 'No proof yet. The order cannot go to production until the buyer has approved one.',
    adminAwaiting: (p: { version: number }) => `Waiting for the buyer's answer to proof ${p.version}.`,
    adminChanges: (p: { version: number }) =>
      `The buyer wants changes to proof ${p.version}: upload a new one.`,
    adminApproved: (p: { version: number; time: string }) =>
      `The buyer approved proof ${p.version} on ${p.time}.`,
    awaitingBadge: 'Awaiting answer',
    uploadHeading: (p: { version: number }) => `Upload proof ${p.version}`,
    fileLabel: 'File (PDF, PNG, JPEG or WebP, at most 25 MB)',
    noteLabel: 'Note to the buyer (optional)',
    noteHint: 'Sent with the email and shown on the order page.',
    upload: 'Upload and email the buyer',
    uploading: 'Uploading...',
    uploaded: (p: { version: number }) => `Proof ${p.version} uploaded. The buyer gets an email.`,
    uploadFailed: 'Could not upload the proof',
    chooseFile: 'Choose a file',
    adminClosed: 'Proofs can only be added before the order goes to production.',
    open: 'Open',
    download: 'Download',
    openLabel: (p: { version: number }) => `Open proof ${p.version}`,
    downloadLabel: (p: { version: number }) => `Download proof ${p.version}`,
    customerComment: "Buyer's comment",
    adminNote: 'Note to the buyer',

    orderNotFound: 'Order not found',
    proofNotFound: 'Proof not found',
    outdated: (p: { version: number; latest: number }) =>
      `Proof ${p.version} has been replaced by proof ${p.latest}. Please review the latest proof.`,
    alreadyDecided: (p: { version: number }) => `Proof ${p.version} has already been answered.`,
    orderClosed: 'This order can no longer be changed: proofs are answered before production starts.',
    decisionInvalid: 'Choose to approve the proof or ask for changes',
    commentRequired: 'Say what we should change',
    commentTooLong: (p: { max: string }) => `The comment may be at most ${p.max} characters`,
    fileRequired: 'Upload the proof file first',
    fileUnknown: 'The file is gone or is already a proof. Please upload it again.',
    noteInvalid: 'The note must be text',
    noteTooLong: (p: { max: string }) => `The note may be at most ${p.max} characters`,
    notProof: 'This file is not a proof we can show. Upload a PDF, PNG, JPEG or WebP.',
    noFile: 'No file was uploaded. Choose a PDF, PNG, JPEG or WebP.',
    emptyFile: 'The file is empty.',
    tooLarge: 'The file is too large: a proof may be at most 25 MB.',

    noticeApprovedSubject: (p: { number: string; version: number }) =>
      `Proof ${p.version} approved – ${p.number}`,
    noticeChangesSubject: (p: { number: string; version: number }) =>
      `Changes requested to proof ${p.version} – ${p.number}`,
    noticeApprovedBody: (p: { number: string; version: number; time: string }) =>
      `The buyer approved proof ${p.version} for order ${p.number} on ${p.time}. The order may go to production.`,
    noticeChangesBody: (p: { number: string; version: number; time: string }) =>
      `The buyer wants changes to proof ${p.version} for order ${p.number} (${p.time}):`,
    noticeUploadNext: 'Upload a new proof on the order in admin.',
    noticeCustomer: (p: { name: string; email: string }) => `Customer: ${p.name}, ${p.email}`,
  },
});
