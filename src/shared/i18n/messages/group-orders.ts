import { defineMessages } from '@/shared/i18n/define';
import type { Locale } from '@/shared/i18n/locale';
import {
  MAX_ENTRY_QUANTITY,
  MAX_GROUP_DAYS_AHEAD,
  MAX_GROUP_ENTRIES,
  MAX_GROUP_TITLE,
  MAX_MEMBER_NAME,
  MAX_PRINT_NAME,
  MAX_PRINT_NUMBER,
  type GroupLineProblem,
  type PrintTextProblem,
} from '@/shared/group-orders';

/** Group orders (issue 44): the start form, the member's and the organiser's pages, refusals. */
export const groupOrderMessages = defineMessages({
  sv: {
    // Starting one (the customiser's button and the start form)
    startGroup: 'Starta gruppbeställning',
    startGroupHint:
      'Laget, klassen eller kollegorna fyller själva i storlek (och namn) via en länk. Du lägger en beställning.',
    startHeading: 'Starta en gruppbeställning',
    groupTitle: 'Gruppens namn',
    groupTitleHint: 'Visas för alla som fyller i, t.ex. ”IFK Juniorer – hoodies 2027”.',
    closesOn: 'Sista dag att fylla i',
    closesOnHint: 'Till och med denna dag (svensk tid). Du kan stänga tidigare.',
    allowName: 'Tryck namn på varje plagg',
    allowNumber: 'Tryck nummer på varje plagg',
    personalisationPrice: (p: { price: string }) => `+${p.price} per plagg`,
    showPrice: 'Visa styckpriset för dem som fyller i',
    creating: 'Skapar…',
    create: 'Skapa gruppbeställning',
    design: 'Design',
    // The links
    createdHeading: 'Gruppbeställningen är skapad',
    shareLink: 'Länk att dela med gruppen',
    shareLinkHint: 'Skicka den i lagets chatt eller mejl. Alla med länken kan fylla i.',
    organiserLink: 'Din privata länk (spara den)',
    organiserLinkHint:
      'Med den ser du alla svar och beställer. Dela den inte – den som har den kan ändra och beställa.',
    copy: 'Kopiera',
    copied: 'Kopierad',
    openOrganiser: 'Öppna din sida',
    // The member's page
    memberIntro: (p: { closesOn: string }) => `Fyll i din storlek senast ${p.closesOn}.`,
    yourName: 'Ditt namn',
    yourNameHint: 'Så att arrangören vet vem som ska ha plagget.',
    size: 'Storlek',
    sizeChart: 'Storleksguide',
    quantity: 'Antal',
    printName: 'Namn på plagget',
    printNameHint: (p: { max: number }) => `Högst ${p.max} bokstäver.`,
    printNumber: 'Nummer på plagget',
    printNumberHint: (p: { max: number }) => `1–${p.max} siffror.`,
    unitPrice: (p: { price: string }) => `Pris per plagg: ${p.price} inkl. moms`,
    send: 'Skicka',
    sending: 'Skickar…',
    saved: 'Tack! Ditt svar är sparat.',
    editLinkIntro: 'Spara den här länken om du vill ändra eller ta bort ditt svar före sista dagen:',
    yourEntry: 'Ditt svar',
    change: 'Spara ändringen',
    remove: 'Ta bort mitt svar',
    removed: 'Ditt svar är borttaget.',
    another: 'Fyll i för en till person',
    closedNotice: 'Gruppbeställningen är stängd. Kontakta arrangören om du har frågor.',
    notFound: 'Gruppbeställningen hittades inte. Kontrollera länken.',
    privacyNote: 'Bara arrangören ser ditt namn och din storlek.',
    // The organiser's page
    organiserHeading: 'Din gruppbeställning',
    lastDay: (p: { date: string }) => `Sista dag: ${p.date}`,
    statusOpen: 'Öppen för svar',
    statusClosed: 'Stängd',
    tally: 'Sammanställning',
    sizesOf: (p: { colour: string }) => `Storlekar, ${p.colour}`,
    totalGarments: (p: { n: string }) => `${p.n} plagg totalt`,
    nextTier: (p: { more: string; tier: string; price: string }) =>
      `${p.more} till för nästa prisnivå (${p.tier} st: ${p.price} per plagg)`,
    belowMinimum: (p: { more: string; min: string }) =>
      `${p.more} plagg till behövs för att kunna beställa (minst ${p.min} st).`,
    currentPrice: (p: { price: string }) => `Styckpris nu: ${p.price} inkl. moms`,
    entries: 'Svar',
    noEntries: 'Inga svar än. Dela länken med gruppen.',
    member: 'Namn',
    removeEntry: 'Ta bort',
    removeEntryLabel: (p: { name: string }) => `Ta bort ${p.name}s svar`,
    closeAndOrder: 'Stäng och lägg i varukorgen',
    closeHint:
      'När du stänger kan ingen fler fylla i. Storlekarna och namnen blir en rad i varukorgen och du beställer som vanligt.',
    closing: 'Stänger…',
    inCart: 'Gruppen är stängd och ligger i varukorgen.',
    toCart: 'Till varukorgen',
    addToCartAgain: 'Lägg i varukorgen igen',
    // Cart and job ticket
    cartLine: (p: { title: string }) => `Gruppbeställning: ${p.title}`,
    garmentsWithNames: (p: { n: string }) => `${p.n} plagg med namn och nummer per person`,
    garmentsPerMember: (p: { n: string }) => `${p.n} plagg per person`,
    printLabel: 'tryck',
    // Refusals (the API's messages)
    invalidTitle: `Skriv gruppens namn (högst ${MAX_GROUP_TITLE} tecken).`,
    invalidClosesOn: `Välj en sista dag från i dag och högst ${MAX_GROUP_DAYS_AHEAD} dagar fram.`,
    notGarment: 'Gruppbeställningar gäller plagg med storlekar.',
    memberName: `Skriv ditt namn (högst ${MAX_MEMBER_NAME} tecken, ingen länk).`,
    // A member's receipt (decision 0051): the shop's own words and a link, never what anyone typed.
    receiptEmail: 'E-post för kvitto (valfritt)',
    receiptEmailHint: 'Vi skickar bara ett kvitto på ditt eget svar, med länken för att ändra det.',
    invalidReceiptEmail: 'Ange en giltig e-postadress, eller lämna fältet tomt.',
    receiptSubject: 'Ditt svar i en gruppbeställning',
    receiptBody: (p: { size: string; quantity: string; lastDay: string }) =>
      `Tack, ditt svar i en gruppbeställning är sparat: ${p.quantity} st i storlek ${p.size}. Du kan ändra eller ta bort det till och med ${p.lastDay} (svensk tid).`,
    receiptLink: (p: { url: string }) => `Ditt svar, med namn och nummer som trycks, finns här: ${p.url}`,
    receiptNotYou: 'Har du inte fyllt i något? Då kan du bortse från det här mejlet.',
    sizeUnknown: 'Välj en storlek.',
    quantityRange: `Ange ett antal från 1 till ${MAX_ENTRY_QUANTITY}.`,
    nameRequired: 'Skriv namnet som ska tryckas.',
    numberRequired: 'Skriv numret som ska tryckas.',
    printNameProblem: `Namnet får ha högst ${MAX_PRINT_NAME} tecken: bokstäver, mellanslag, bindestreck, apostrof och punkt.`,
    printNumberProblem: `Numret får ha 1–${MAX_PRINT_NUMBER} siffror.`,
    noLink: 'Länkar och webbadresser går inte att trycka.',
    closed: 'Gruppbeställningen är stängd och tar inte emot fler svar.',
    full: `Gruppbeställningen är full (${MAX_GROUP_ENTRIES} svar).`,
    tooManyEntries: (p: { minutes: number }) =>
      `För många svar från samma nätverk. Försök igen om ${p.minutes} minuter.`,
    tooManyGroups: (p: { minutes: number }) =>
      `För många gruppbeställningar från samma nätverk. Försök igen om ${p.minutes} minuter.`,
    noEntriesToOrder: 'Det finns inga svar att beställa.',
    belowMinimumToOrder: (p: { min: string }) => `Minst ${p.min} plagg behövs för att beställa.`,
    lineProblem: (p: { n: number; problem: string }) => `Rad ${p.n}: ${p.problem}`,
    garmentCount: (p: { quantity: number; garments: number }) =>
      `listan har ${p.garments} plagg men raden ${p.quantity}.`,
    garmentSizes: 'listans storlekar stämmer inte med radens storlekar.',
    garmentName: (p: { n: number }) => `plagg ${p.n} saknar namn att trycka.`,
    garmentNumber: (p: { n: number }) => `plagg ${p.n} saknar nummer att trycka.`,
    garmentNotAllowed: (p: { n: number }) => `plagg ${p.n} har text som gruppen inte trycker.`,
    nameNotOffered: 'produkten erbjuder inte längre tryckt namn.',
    numberNotOffered: 'produkten erbjuder inte längre tryckt nummer.',
    personalisationNotOffered: 'Den här produkten erbjuder inte det trycket.',
    sizeNotInSet: (p: { sizes: string }) => `Välj en av produktens storlekar: ${p.sizes}.`,
    garmentText: (p: { n: number }) => `plagg ${p.n}: texten går inte att trycka.`,
  },
  en: {
    startGroup: 'Start a group order',
    startGroupHint:
      'Your team, class or colleagues enter their own size (and name) from one link. You place one order.',
    startHeading: 'Start a group order',
    groupTitle: 'Name of the group',
    groupTitleHint: 'Shown to everyone who fills in, e.g. “IFK Juniors – hoodies 2027”.',
    closesOn: 'Last day to fill in',
    closesOnHint: 'Up to and including this day (Swedish time). You can close earlier.',
    allowName: 'Print a name on each garment',
    allowNumber: 'Print a number on each garment',
    personalisationPrice: (p: { price: string }) => `+${p.price} per garment`,
    showPrice: 'Show the unit price to those who fill in',
    creating: 'Creating…',
    create: 'Create group order',
    design: 'Design',
    createdHeading: 'Your group order is ready',
    shareLink: 'Link to share with the group',
    shareLinkHint: 'Send it in the team chat or by email. Anyone with the link can fill in.',
    organiserLink: 'Your private link (keep it)',
    organiserLinkHint:
      'It shows every entry and lets you order. Do not share it: whoever has it can change and order.',
    copy: 'Copy',
    copied: 'Copied',
    openOrganiser: 'Open your page',
    memberIntro: (p: { closesOn: string }) => `Enter your size by ${p.closesOn}.`,
    yourName: 'Your name',
    yourNameHint: 'So the organiser knows who gets the garment.',
    size: 'Size',
    sizeChart: 'Size guide',
    quantity: 'Quantity',
    printName: 'Name on the garment',
    printNameHint: (p: { max: number }) => `At most ${p.max} letters.`,
    printNumber: 'Number on the garment',
    printNumberHint: (p: { max: number }) => `1–${p.max} digits.`,
    unitPrice: (p: { price: string }) => `Price per garment: ${p.price} incl. VAT`,
    send: 'Send',
    sending: 'Sending…',
    saved: 'Thank you! Your entry is saved.',
    editLinkIntro: 'Keep this link to change or remove your entry before the last day:',
    yourEntry: 'Your entry',
    change: 'Save the change',
    remove: 'Remove my entry',
    removed: 'Your entry is removed.',
    another: 'Fill in for someone else',
    closedNotice: 'This group order is closed. Ask the organiser if you have questions.',
    notFound: 'The group order was not found. Check the link.',
    privacyNote: 'Only the organiser sees your name and size.',
    organiserHeading: 'Your group order',
    lastDay: (p: { date: string }) => `Last day: ${p.date}`,
    statusOpen: 'Open for entries',
    statusClosed: 'Closed',
    tally: 'Tally',
    sizesOf: (p: { colour: string }) => `Sizes, ${p.colour}`,
    totalGarments: (p: { n: string }) => `${p.n} garments in total`,
    nextTier: (p: { more: string; tier: string; price: string }) =>
      `${p.more} more for the next tier (${p.tier} pcs: ${p.price} per garment)`,
    belowMinimum: (p: { more: string; min: string }) =>
      `${p.more} more garments are needed to order (at least ${p.min} pcs).`,
    currentPrice: (p: { price: string }) => `Unit price now: ${p.price} incl. VAT`,
    entries: 'Entries',
    noEntries: 'No entries yet. Share the link with the group.',
    member: 'Name',
    removeEntry: 'Remove',
    removeEntryLabel: (p: { name: string }) => `Remove ${p.name}’s entry`,
    closeAndOrder: 'Close and add to cart',
    closeHint:
      'Once closed, nobody else can fill in. The sizes and names become one line in the cart and you order as usual.',
    closing: 'Closing…',
    inCart: 'The group is closed and in your cart.',
    toCart: 'Go to cart',
    addToCartAgain: 'Add to cart again',
    cartLine: (p: { title: string }) => `Group order: ${p.title}`,
    garmentsWithNames: (p: { n: string }) => `${p.n} garments with each person’s name and number`,
    garmentsPerMember: (p: { n: string }) => `${p.n} garments per person`,
    printLabel: 'print',
    invalidTitle: `Enter the group’s name (at most ${MAX_GROUP_TITLE} characters).`,
    invalidClosesOn: `Choose a last day from today and at most ${MAX_GROUP_DAYS_AHEAD} days ahead.`,
    notGarment: 'Group orders are for garments with sizes.',
    memberName: `Enter your name (at most ${MAX_MEMBER_NAME} characters, no link).`,
    receiptEmail: 'Email for a receipt (optional)',
    receiptEmailHint: 'We only send a receipt of your own entry, with the link to change it.',
    invalidReceiptEmail: 'Enter a valid email address, or leave the field empty.',
    receiptSubject: 'Your entry in a group order',
    receiptBody: (p: { size: string; quantity: string; lastDay: string }) =>
      `Thank you, your entry in a group order is saved: ${p.quantity} in size ${p.size}. You can change or remove it until the end of ${p.lastDay} (Swedish time).`,
    receiptLink: (p: { url: string }) => `Your entry, with the name and number to print, is here: ${p.url}`,
    receiptNotYou: 'Did not fill anything in? Then you can ignore this email.',
    sizeUnknown: 'Choose a size.',
    quantityRange: `Enter a quantity from 1 to ${MAX_ENTRY_QUANTITY}.`,
    nameRequired: 'Enter the name to print.',
    numberRequired: 'Enter the number to print.',
    printNameProblem: `The name may have at most ${MAX_PRINT_NAME} characters: letters, spaces, hyphen, apostrophe and full stop.`,
    printNumberProblem: `The number may have 1–${MAX_PRINT_NUMBER} digits.`,
    noLink: 'Links and web addresses cannot be printed.',
    closed: 'This group order is closed and takes no more entries.',
    full: `This group order is full (${MAX_GROUP_ENTRIES} entries).`,
    tooManyEntries: (p: { minutes: number }) =>
      `Too many entries from the same network. Try again in ${p.minutes} minutes.`,
    tooManyGroups: (p: { minutes: number }) =>
      `Too many group orders from the same network. Try again in ${p.minutes} minutes.`,
    noEntriesToOrder: 'There are no entries to order.',
    belowMinimumToOrder: (p: { min: string }) => `At least ${p.min} garments are needed to order.`,
    lineProblem: (p: { n: number; problem: string }) => `Line ${p.n}: ${p.problem}`,
    garmentCount: (p: { quantity: number; garments: number }) =>
      `the list has ${p.garments} garments but the line ${p.quantity}.`,
    garmentSizes: 'the list’s sizes differ from the line’s sizes.',
    garmentName: (p: { n: number }) => `garment ${p.n} has no name to print.`,
    garmentNumber: (p: { n: number }) => `garment ${p.n} has no number to print.`,
    garmentNotAllowed: (p: { n: number }) => `garment ${p.n} carries text the group does not print.`,
    nameNotOffered: 'the product no longer offers a printed name.',
    numberNotOffered: 'the product no longer offers a printed number.',
    personalisationNotOffered: 'This product does not offer that print.',
    sizeNotInSet: (p: { sizes: string }) => `Choose one of the product’s sizes: ${p.sizes}.`,
    garmentText: (p: { n: number }) => `garment ${p.n}: the text cannot be printed.`,
  },
});

/** A group line's problem in words (POST /api/orders' refusal). */
export function describeGroupLineProblem(locale: Locale, problem: GroupLineProblem, line: number): string {
  const t = groupOrderMessages[locale];
  const text = (() => {
    switch (problem.kind) {
      case 'count':
        return t.garmentCount(problem);
      case 'sizes':
        return t.garmentSizes;
      case 'missingName':
        return t.garmentName(problem);
      case 'missingNumber':
        return t.garmentNumber(problem);
      case 'notAllowed':
        return t.garmentNotAllowed(problem);
      case 'notOffered':
        return problem.print === 'name' ? t.nameNotOffered : t.numberNotOffered;
      case 'printText':
        return t.garmentText(problem);
    }
  })();
  return t.lineProblem({ n: line, problem: text });
}

/** A printed name's or number's problem in words. */
export function printTextProblemText(
  locale: Locale,
  field: 'printName' | 'printNumber' | 'name',
  problem: PrintTextProblem,
): string {
  const t = groupOrderMessages[locale];
  if (problem === 'link') return t.noLink;
  if (field === 'printName') return t.printNameProblem;
  if (field === 'printNumber') return t.printNumberProblem;
  return t.memberName;
}
