import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * The buyer's account (issue 43): signing in by an emailed link, the account page, reordering, and
 * the sign-in email. The answer to a sign-in request is the same for every address, so no text here
 * may say whether the address has orders.
 */
export const accountMessages = defineMessages({
  sv: {
    headerLink: 'Mitt konto',
    heading: 'Mitt konto',
    signInHeading: 'Logga in',
    signInIntro:
      'Ange din e-postadress så mejlar vi en inloggningslänk. Inget lösenord behövs: länken gäller i 15 minuter och kan användas en gång.',
    emailLabel: 'E-postadress',
    submit: 'Mejla mig en länk',
    sending: 'Skickar...',
    sentHeading: 'Titta i din inkorg',
    sentText: (p: { email: string }) =>
      `Vi har mejlat en inloggningslänk till ${p.email}. Den gäller i 15 minuter; titta också i skräpposten.`,
    another: 'Använd en annan adress',
    linkExpired:
      'Länken gäller inte längre: den har redan använts eller är äldre än 15 minuter. Be om en ny nedan.',
    perClient: (p: { minutes: number }) =>
      `Du har bett om många länkar den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}.`,
    perAddress: (p: { minutes: number }) =>
      `Vi har redan skickat flera länkar till den här adressen den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, och titta i skräpposten under tiden.`,
    signedInAs: (p: { email: string }) => `Inloggad som ${p.email}`,
    signOut: 'Logga ut',
    signOutEverywhere: 'Logga ut överallt',
    signedOutEverywhere: 'Du är utloggad på alla enheter.',
    ordersHeading: 'Mina beställningar',
    noOrders: 'Inga beställningar med den här adressen ännu.',
    orderNumber: 'Ordernummer',
    placed: 'Lagd',
    total: 'Summa',
    status: 'Status',
    openOrder: 'Visa beställningen',
    openQuote: 'Visa offerten',
    reorder: 'Beställ igen',
    reordering: 'Lägger i varukorgen...',
    reorderedHeading: 'Raderna ligger i varukorgen',
    reorderedText:
      'Samma produkter, tryck och tryckfiler, till dagens priser. Ändra storlekar och antal i varukorgen innan du beställer.',
    goToCart: 'Till varukorgen',
    quotesHeading: 'Mina offerter',
    noQuotes: 'Inga offerter.',
    quoteValid: (p: { date: string }) => `Gäller till ${p.date}`,
    loadFailed: 'Kontot kunde inte hämtas. Försök igen.',
    retry: 'Försök igen',
    notFound: 'Beställningen finns inte bland dina beställningar.',
    noteHidden: (p: { name: string }) => `${p.name} säljs inte längre och togs inte med.`,
    notePriceChanged: (p: { name: string }) => `Priset på ${p.name} har ändrats sedan du beställde.`,
    noteFileMissing: (p: { name: string }) =>
      `En tryckfil till ${p.name} finns inte kvar; ladda upp den igen i varukorgen.`,
    companyHeading: 'Företaget',
    companyIntro: (p: { orgNumber: string }) =>
      `Organisationsnummer ${p.orgNumber}. Företagets medlemmar ser företagets beställningar och offerter.`,
    membersHeading: 'Medlemmar',
    you: 'du',
    invitedNotYet: 'inbjuden, har inte loggat in än',
    inviteLabel: 'Bjud in en kollega (e-postadress)',
    inviteSubmit: 'Bjud in',
    inviting: 'Bjuder in...',
    invitedNotice: (p: { email: string }) =>
      `Vi har mejlat en inbjudan till ${p.email}. När kollegan har loggat in med länken ser hen företagets beställningar.`,
    removeMember: 'Ta bort',
    removeMemberNamed: (p: { email: string }) => `Ta bort ${p.email} från företaget`,
    notMember: 'Bara företagets medlemmar kan bjuda in och ta bort medlemmar.',
    lastMember:
      'Företaget behöver minst en medlem. Vill du lämna kontot, bjud in en kollega först eller kontakta oss.',
    notInCompany: 'Adressen är inte medlem i företaget.',
    invitesPerMember: (p: { minutes: number }) =>
      `Du har bjudit in många den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}.`,
    placedBy: (p: { email: string }) => `Lagd av ${p.email}`,
    quoteRequestedBy: (p: { email: string }) => `Begärd av ${p.email}`,
    claimHeading: 'Företagets konto',
    claimText:
      'Beställningen är lagd med ditt företags organisationsnummer men syns inte för företagets medlemmar. Lägg till den så ser ni den alla i Mitt konto.',
    claimButton: 'Lägg till i mitt företags konto',
    claiming: 'Lägger till...',
    claimed: 'Beställningen hör till företagets konto: alla medlemmar ser den i Mitt konto.',
    claimRefused: 'Beställningen kan inte läggas till i ditt företags konto.',
    quoteClaimText:
      'Offerten är begärd med ditt företags organisationsnummer men syns inte för företagets medlemmar. Lägg till den så ser ni den alla i Mitt konto.',
    quoteClaimed: 'Offerten hör till företagets konto: alla medlemmar ser den i Mitt konto.',
    quoteClaimRefused: 'Offerten kan inte läggas till i ditt företags konto.',
    quoteNotFound: 'Offerten finns inte, eller så gäller inte länken till den.',
    inviteEmailSubject: 'Du är inbjuden till företagets konto',
    inviteEmailBody:
      'En kollega har bjudit in dig till ert företags konto, där ni ser företagets beställningar och offerter. Logga in med länken; den gäller i 15 minuter och kan användas en gång:',
    inviteEmailBodyOrg: (p: { orgNumber: string }) =>
      `En kollega har bjudit in dig till kontot för företaget med organisationsnummer ${p.orgNumber}, där ni ser företagets beställningar och offerter. Logga in med länken; den gäller i 15 minuter och kan användas en gång:`,
    inviteEmailLater: (p: { url: string }) => `Senare loggar du in på ${p.url} med den här e-postadressen.`,
    emailSubject: 'Din inloggningslänk',
    emailBody:
      'Här är länken för att logga in på ditt konto. Den gäller i 15 minuter och kan användas en gång:',
    emailIgnore:
      'Har du inte bett om att logga in kan du bortse från det här mejlet; ingen loggas in utan länken.',
  },
  en: {
    headerLink: 'My account',
    heading: 'My account',
    signInHeading: 'Sign in',
    signInIntro:
      'Enter your email address and we will email you a sign-in link. No password needed: the link works for 15 minutes, once.',
    emailLabel: 'Email address',
    submit: 'Email me a link',
    sending: 'Sending...',
    sentHeading: 'Check your inbox',
    sentText: (p: { email: string }) =>
      `We have emailed a sign-in link to ${p.email}. It works for 15 minutes; check your spam folder too.`,
    another: 'Use another address',
    linkExpired:
      'That link no longer works: it has been used already or is more than 15 minutes old. Ask for a new one below.',
    perClient: (p: { minutes: number }) =>
      `You have asked for many links in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}.`,
    perAddress: (p: { minutes: number }) =>
      `We have already sent several links to this address in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, and check your spam folder meanwhile.`,
    signedInAs: (p: { email: string }) => `Signed in as ${p.email}`,
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    signedOutEverywhere: 'You are signed out on every device.',
    ordersHeading: 'My orders',
    noOrders: 'No orders with this address yet.',
    orderNumber: 'Order number',
    placed: 'Placed',
    total: 'Total',
    status: 'Status',
    openOrder: 'View order',
    openQuote: 'View quote',
    reorder: 'Order again',
    reordering: 'Adding to the cart...',
    reorderedHeading: 'The lines are in the cart',
    reorderedText:
      'The same products, prints and print files, at today’s prices. Change sizes and quantities in the cart before you order.',
    goToCart: 'Go to the cart',
    quotesHeading: 'My quotes',
    noQuotes: 'No quotes.',
    quoteValid: (p: { date: string }) => `Valid until ${p.date}`,
    loadFailed: 'The account could not be loaded. Please try again.',
    retry: 'Try again',
    notFound: 'That order is not among your orders.',
    noteHidden: (p: { name: string }) => `${p.name} is no longer sold and was left out.`,
    notePriceChanged: (p: { name: string }) => `The price of ${p.name} has changed since you ordered.`,
    noteFileMissing: (p: { name: string }) =>
      `A print file for ${p.name} is no longer kept; upload it again in the cart.`,
    companyHeading: 'Your company',
    companyIntro: (p: { orgNumber: string }) =>
      `Organisation number ${p.orgNumber}. The company’s members see the company’s orders and quotes.`,
    membersHeading: 'Members',
    you: 'you',
    invitedNotYet: 'invited, not signed in yet',
    inviteLabel: 'Invite a colleague (email address)',
    inviteSubmit: 'Invite',
    inviting: 'Inviting...',
    invitedNotice: (p: { email: string }) =>
      `We have emailed an invitation to ${p.email}. Once your colleague signs in by its link, they see the company's orders.`,
    removeMember: 'Remove',
    removeMemberNamed: (p: { email: string }) => `Remove ${p.email} from the company`,
    notMember: 'Only the company’s members can invite and remove members.',
    lastMember:
      'The company needs at least one member. To leave the account, invite a colleague first or contact us.',
    notInCompany: 'That address is not a member of the company.',
    invitesPerMember: (p: { minutes: number }) =>
      `You have invited many people in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}.`,
    placedBy: (p: { email: string }) => `Placed by ${p.email}`,
    quoteRequestedBy: (p: { email: string }) => `Requested by ${p.email}`,
    claimHeading: 'Your company’s account',
    claimText:
      'This order was placed with your company’s organisation number but its members do not see it. Add it, and you all see it in My account.',
    claimButton: 'Claim for my company',
    claiming: 'Claiming...',
    claimed: 'This order belongs to your company’s account: every member sees it in My account.',
    claimRefused: 'This order cannot be added to your company’s account.',
    quoteClaimText:
      'This quote was requested with your company’s organisation number but its members do not see it. Add it, and you all see it in My account.',
    quoteClaimed: 'This quote belongs to your company’s account: every member sees it in My account.',
    quoteClaimRefused: 'This quote cannot be added to your company’s account.',
    quoteNotFound: 'That quote does not exist, or the link to it is not valid.',
    inviteEmailSubject: 'You are invited to your company’s account',
    inviteEmailBody:
      'A colleague has invited you to your company’s account, where you see the company’s orders and quotes. Sign in with this link; it works for 15 minutes, once:',
    inviteEmailBodyOrg: (p: { orgNumber: string }) =>
      `A colleague has invited you to the account of the company with organisation number ${p.orgNumber}, where you see the company’s orders and quotes. Sign in with this link; it works for 15 minutes, once:`,
    inviteEmailLater: (p: { url: string }) => `Later, sign in at ${p.url} with this email address.`,
    emailSubject: 'Your sign-in link',
    emailBody: 'Here is the link to sign in to your account. It works for 15 minutes, once:',
    emailIgnore:
      'If you did not ask to sign in, you can ignore this email; no one is signed in without the link.',
  },
});
