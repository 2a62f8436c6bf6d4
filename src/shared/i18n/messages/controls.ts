import { defineMessages } from '@/shared/i18n/define';

/** Shared controls: the modal dialog's close button, the toasts' region and their close button. */
export const controlMessages = defineMessages(
  { close: 'Stäng', notifications: 'Aviseringar', closeNotification: 'Stäng aviseringen' },
  { close: 'Close', notifications: 'Notifications', closeNotification: 'Close notification' },
);
