import { defineMessages } from '@/shared/i18n/define';

/**
 * Happenings the buyer's timeline lists under a status step besides the proofs: a print file added
 * after ordering and the supplementary invoice its conversion is charged on. Money comes in formatted.
 */
export const orderTimelineMessages = defineMessages({
  sv: {
    printFileAdded: (p: { file: string }) => `Tryckfil tillagd: ${p.file}`,
    supplementaryInvoiced: (p: { number: string; total: string }) =>
      `Tilläggsfaktura ${p.number}, ${p.total}`,
    changesComment: (p: { comment: string }) => `”${p.comment}”`,
    refunded: (p: { amount: string; date: string }) => `${p.amount} återbetalt ${p.date}`,
  },
  en: {
    printFileAdded: (p: { file: string }) => `Print file added: ${p.file}`,
    supplementaryInvoiced: (p: { number: string; total: string }) =>
      `Supplementary invoice ${p.number}, ${p.total}`,
    changesComment: (p: { comment: string }) => `“${p.comment}”`,
    refunded: (p: { amount: string; date: string }) => `${p.amount} refunded ${p.date}`,
  },
});
