import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * Order lookup: the page where a visitor who lost the link asks for links by email, the limits'
 * refusals, and the email with the links. The answer on the page is the same whether or not the
 * address has orders, so no text here may say which.
 */
export const orderLookupMessages = defineMessages({
  sv: {
    heading: 'Hitta din beställning',
    intro:
      'Har du tappat bort länken till din beställning? Ange e-postadressen du beställde med, så mejlar vi länkar till beställningarna som gjorts med den.',
    emailLabel: 'E-postadress',
    submit: 'Mejla mig länkarna',
    sending: 'Skickar...',
    sentHeading: 'Titta i din inkorg',
    sentText: (p: { email: string }) =>
      `Om det finns beställningar med ${p.email} har vi mejlat länkar till dem dit. Mejlet brukar komma inom några minuter; titta också i skräpposten.`,
    another: 'Använd en annan adress',
    contact: (p: { email: string }) =>
      `Kommer inget mejl? Kontakta oss på ${p.email}, gärna med ordernumret om du har det.`,
    perClient: (p: { minutes: number; email: string }) =>
      `Du har bett om länkar många gånger den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller kontakta oss på ${p.email}.`,
    perAddress: (p: { minutes: number }) =>
      `Vi har redan tagit emot flera förfrågningar för den här adressen den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, och titta i skräpposten under tiden.`,
    emailLine: (p: { number: string; date: string; total: string; status: string }) =>
      `${p.number}, lagd ${p.date}, ${p.total} (${p.status})`,
    emailMore: (p: { max: number; email: string }) =>
      `Här är de ${p.max} senaste. Behöver du en äldre beställning, kontakta oss på ${p.email}.`,
    emailKeepPrivate: 'Länkarna öppnar beställningarna: dela dem bara med den som ska se dem.',
  },
  en: {
    heading: 'Find your order',
    intro:
      'Lost the link to your order? Enter the email address you ordered with and we will email you links to the orders placed with it.',
    emailLabel: 'Email address',
    submit: 'Email me the links',
    sending: 'Sending...',
    sentHeading: 'Check your inbox',
    sentText: (p: { email: string }) =>
      `If there are orders with ${p.email}, we have emailed links to them there. The email usually arrives within a few minutes; check your spam folder too.`,
    another: 'Use another address',
    contact: (p: { email: string }) =>
      `No email? Contact us at ${p.email}, with the order number if you have it.`,
    perClient: (p: { minutes: number; email: string }) =>
      `You have asked for links many times in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or contact us at ${p.email}.`,
    perAddress: (p: { minutes: number }) =>
      `We have already received several requests for this address in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, and check your spam folder meanwhile.`,
    emailLine: (p: { number: string; date: string; total: string; status: string }) =>
      `${p.number}, placed ${p.date}, ${p.total} (${p.status})`,
    emailMore: (p: { max: number; email: string }) =>
      `These are the ${p.max} most recent. If you need an older order, contact us at ${p.email}.`,
    emailKeepPrivate: 'The links open the orders: share them only with people who should see them.',
  },
});
