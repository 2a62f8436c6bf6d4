import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * Erasure of a buyer's personal data (issue 43): the account page's request, the email that says
 * it is done, and the admin's list. What is kept follows bokföringslagen (1999:1078) 7 kap. 2 §.
 */
export const accountPrivacyMessages = defineMessages({
  sv: {
    erasureHeading: 'Radera mina uppgifter',
    erasureIntro:
      'Vi raderar dina personuppgifter: kontot, inloggningar, sparade adresser och meddelanden. Fakturor och de uppgifter som står på dem sparar vi i sju år efter räkenskapsårets utgång, som bokföringslagen kräver.',
    erasureButton: 'Begär radering',
    erasureQuestion:
      'Vill du att vi raderar dina uppgifter? Det går inte att ångra: kontot och dina inloggningar försvinner, och du loggas ut.',
    erasureConfirm: 'Ja, radera mina uppgifter',
    erasureCancel: 'Avbryt',
    erasureRequested: (p: { date: string }) =>
      `Du begärde radering ${p.date}. Vi mejlar dig när den är gjord.`,
    erasureFailed: 'Begäran gick inte att skicka. Försök igen.',
    emailSubject: 'Dina personuppgifter är raderade',
    emailBody:
      'Vi har raderat dina personuppgifter som du bad om: ditt konto, dina inloggningar, sparade adresser och meddelanden.',
    emailKept:
      'Fakturor och de uppgifter som står på dem sparar vi i sju år efter utgången av det kalenderår då räkenskapsåret avslutades, som bokföringslagen (1999:1078) 7 kap. 2 § kräver. Därefter raderas de.',
    adminHeading: 'Begäran om radering',
    adminEmpty: 'Inga begäranden om radering.',
    adminRequested: 'Begärd',
    adminAddress: 'E-postadress',
    adminOrders: 'Ordrar',
    adminDone: 'Utförd',
    adminCarryOut: 'Radera uppgifterna',
    adminConfirm: (p: { email: string }) =>
      `Radera personuppgifterna för ${p.email}? Det går inte att ångra. Fakturerade ordrar inom sju år behåller fakturauppgifterna.`,
    adminOutcome: (p: { kept: number; anonymised: number }) =>
      `${plural('sv', p.anonymised, { one: '# order anonymiserad', other: '# ordrar anonymiserade' })}, ${p.kept} behåller fakturauppgifterna (bokföringslagen)`,
    adminErased: 'Adressen raderad',
    notFound: 'Begäran finns inte.',
    alreadyDone: 'Begäran är redan utförd.',
  },
  en: {
    erasureHeading: 'Delete my data',
    erasureIntro:
      'We delete your personal data: the account, sign-ins, saved addresses and messages. Invoices and the details on them are kept for seven years after the end of the financial year, as the Swedish Bookkeeping Act requires.',
    erasureButton: 'Ask for deletion',
    erasureQuestion:
      'Do you want us to delete your data? It cannot be undone: the account and your sign-ins go, and you are signed out.',
    erasureConfirm: 'Yes, delete my data',
    erasureCancel: 'Cancel',
    erasureRequested: (p: { date: string }) =>
      `You asked for deletion on ${p.date}. We will email you when it is done.`,
    erasureFailed: 'The request could not be sent. Please try again.',
    emailSubject: 'Your personal data has been deleted',
    emailBody:
      'We have deleted your personal data as you asked: your account, your sign-ins, saved addresses and messages.',
    emailKept:
      'Invoices and the details on them are kept for seven years after the end of the calendar year in which the financial year ended, as the Swedish Bookkeeping Act (1999:1078) chapter 7 section 2 requires. They are deleted after that.',
    adminHeading: 'Deletion requests',
    adminEmpty: 'No deletion requests.',
    adminRequested: 'Requested',
    adminAddress: 'Email address',
    adminOrders: 'Orders',
    adminDone: 'Done',
    adminCarryOut: 'Delete the data',
    adminConfirm: (p: { email: string }) =>
      `Delete the personal data of ${p.email}? This cannot be undone. Invoiced orders within seven years keep their invoicing details.`,
    adminOutcome: (p: { kept: number; anonymised: number }) =>
      `${plural('en', p.anonymised, { one: '# order anonymised', other: '# orders anonymised' })}, ${plural('en', p.kept, { one: '# keeps its invoicing details', other: '# keep their invoicing details' })} (Bookkeeping Act)`,
    adminErased: 'Address deleted',
    notFound: 'No such request.',
    alreadyDone: 'The request has already been carried out.',
  },
});
