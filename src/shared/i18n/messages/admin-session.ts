import { defineMessages } from '@/shared/i18n/define';

/** The admin's session controls. */
export const adminSessionMessages = defineMessages({
  sv: {
    logoutAll: 'Logga ut överallt',
    logoutAllHint: 'Avslutar alla inloggningar som admin, på alla enheter',
  },
  en: {
    logoutAll: 'Log out everywhere',
    logoutAllHint: 'Ends every admin login, on every device',
  },
});
