import { defineMessages } from '@/shared/i18n/define';

/** Admin's company accounts (issue 43): who sees a company's orders and quotes. */
export const adminCompanyMessages = defineMessages({
  sv: {
    heading: 'Företagskonton',
    intro:
      'Personerna som ser ett företags beställningar och offerter i Mitt konto. En länkad person ser företaget när hen har loggat in med en länk.',
    none: 'Inga företagskonton ännu.',
    loadFailed: 'Företagskontona kunde inte hämtas.',
    orgNumber: 'Organisationsnummer',
    email: 'E-postadress',
    link: 'Länka',
    unlink: 'Ta bort',
    unlinkNamed: (p: { email: string; orgNumber: string }) => `Ta bort ${p.email} från ${p.orgNumber}`,
    verified: 'inloggad',
    notVerified: 'inte inloggad än',
    origin_first_order: 'första köparen',
    origin_member: 'inbjuden av medlem',
    origin_staff: 'länkad av personal',
    linked: (p: { email: string; orgNumber: string }) => `${p.email} är länkad till ${p.orgNumber}.`,
    failed: 'Det gick inte. Försök igen.',
  },
  en: {
    heading: 'Company accounts',
    intro:
      'The people who see a company’s orders and quotes in My account. A linked person sees the company once signed in by a link.',
    none: 'No company accounts yet.',
    loadFailed: 'The company accounts could not be loaded.',
    orgNumber: 'Organisation number',
    email: 'Email address',
    link: 'Link',
    unlink: 'Remove',
    unlinkNamed: (p: { email: string; orgNumber: string }) => `Remove ${p.email} from ${p.orgNumber}`,
    verified: 'signed in',
    notVerified: 'not signed in yet',
    origin_first_order: 'first buyer',
    origin_member: 'invited by a member',
    origin_staff: 'linked by staff',
    linked: (p: { email: string; orgNumber: string }) => `${p.email} is linked to ${p.orgNumber}.`,
    failed: 'That did not work. Please try again.',
  },
});
