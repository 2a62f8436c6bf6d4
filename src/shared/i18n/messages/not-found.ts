import { shopName } from '@/shared/shop';
import { defineMessages } from '@/shared/i18n/define';

export const notFoundMessages = defineMessages({
  sv: {
    title: `Sidan hittades inte – ${shopName}`,
    description: 'Sidan du letar efter finns inte eller har flyttats.',
    heading: 'Hoppsan! Sidan hittades inte',
    text: 'Sidan du letar efter finns inte eller har flyttats.',
    home: 'Tillbaka till startsidan',
  },
  en: {
    title: `Page not found — ${shopName}`,
    description: 'The page you are looking for does not exist or has moved.',
    heading: 'Oops! Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Return to Home',
  },
});
