import type { CurrencyCode } from '@/shared/currencies';
import { defineMessages } from '@/shared/i18n/define';

/** The first-visit currency dialog (SPEC §2: English verbatim) and the currencies' names. */
export const currencyMessages = defineMessages({
  sv: {
    title: 'Välj din valuta',
    description: 'Vi har känt av var du befinner dig. Välj vilken valuta du vill se priserna i.',
    /** When no country was detected: nothing to claim. */
    descriptionNoCountry: 'Välj vilken valuta du vill se priserna i.',
    footer: 'Du kan när som helst byta valuta i väljaren i sidhuvudet',
    SEK: 'Svensk krona',
    EUR: 'Euro',
    USD: 'Amerikansk dollar',
    GBP: 'Brittiskt pund',
    NOK: 'Norsk krona',
    DKK: 'Dansk krona',
  } satisfies Record<CurrencyCode, string> & Record<string, string>,
  en: {
    title: 'Select Your Currency',
    description: 'We detected your location. Please select your preferred currency for pricing.',
    descriptionNoCountry: 'Please select your preferred currency for pricing.',
    footer: 'You can change this anytime from the currency selector in the header',
    SEK: 'Swedish Krona',
    EUR: 'Euro',
    USD: 'US Dollar',
    GBP: 'British Pound',
    NOK: 'Norwegian Krone',
    DKK: 'Danish Krone',
  },
});
