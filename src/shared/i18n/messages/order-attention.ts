import { defineMessages } from '@/shared/i18n/define';

/**
 * Orders flagged for the owner's attention, and the refusal that sends production there: an
 * invoiced order is cancelled by the money roles (its credit note is theirs), issue 38.
 */
export const orderAttentionMessages = defineMessages({
  sv: {
    cancelNeedsMoneyRole:
      'Beställningen har en faktura: att avbryta den ger en kreditfaktura, och det gör ägaren eller bokföringen. Flagga beställningen för ägaren i stället.',
    reasonRequired: 'Skriv kort vad ägaren behöver titta på',
    reasonTooLong: 'Anledningen får vara högst 300 tecken',
    notFlagged: 'Beställningen är inte flaggad',
    // The admin page
    heading: 'Behöver ägarens uppmärksamhet',
    badge: 'Till ägaren',
    flaggedBy: (p: { name: string; time: string }) => `Flaggad av ${p.name}, ${p.time}`,
    flagButton: 'Flagga för ägaren',
    flagHint:
      'Beställningen har en faktura, så ägaren eller bokföringen avbryter den. Skriv vad som behöver göras.',
    reasonLabel: 'Vad behöver ägaren titta på?',
    send: 'Flagga',
    back: 'Tillbaka',
    clear: 'Klart, ta bort flaggan',
    flagged: 'Beställningen är flaggad för ägaren',
    cleared: 'Flaggan är borttagen',
    failed: 'Det gick inte att spara',
    someone: 'någon',
  },
  en: {
    cancelNeedsMoneyRole:
      'This order has an invoice: cancelling it issues a credit note, which is for the owner or bookkeeping. Flag the order for the owner instead.',
    reasonRequired: 'Say briefly what the owner needs to look at',
    reasonTooLong: 'The reason may be at most 300 characters',
    notFlagged: 'The order is not flagged',
    heading: "Needs the owner's attention",
    badge: 'For the owner',
    flaggedBy: (p: { name: string; time: string }) => `Flagged by ${p.name}, ${p.time}`,
    flagButton: 'Flag for the owner',
    flagHint: 'The order has an invoice, so the owner or bookkeeping cancels it. Say what needs doing.',
    reasonLabel: 'What does the owner need to look at?',
    send: 'Flag',
    back: 'Back',
    clear: 'Done, clear the flag',
    flagged: 'The order is flagged for the owner',
    cleared: 'The flag is cleared',
    failed: 'Could not save',
    someone: 'someone',
  },
});
