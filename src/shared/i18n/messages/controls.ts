import { defineMessages } from '@/shared/i18n/define';

/** Shared controls: the modal dialog's close button, the toasts' region and their close button. */
export const controlMessages = defineMessages({
  sv: { close: 'Stäng', notifications: 'Aviseringar', closeNotification: 'Stäng aviseringen' },
  en: { close: 'Close', notifications: 'Notifications', closeNotification: 'Close notification' },
});
