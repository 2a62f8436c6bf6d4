import { defineMessages, plural } from '@/shared/i18n/define';

/** Refusals of the shop's limits (uploads, orders, partner applications), answered as 429/400/503. */
export const limitMessages = defineMessages({
  sv: {
    uploadBytes: (p: { minutes: number }) =>
      `Du har laddat upp mycket den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller mejla oss filerna med ordernumret som ämne.`,
    uploadFiles: (p: { minutes: number }) =>
      `Du har laddat upp många filer den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller mejla oss filerna med ordernumret som ämne.`,
    uploadBusy:
      'Butiken tar emot ovanligt många uppladdningar just nu. Försök igen om en timme, eller mejla oss filen med ordernumret som ämne.',
    uploadDiskFull:
      'Uppladdningar är pausade en stund hos oss. Försök igen senare, eller mejla oss filen med ordernumret som ämne.',
    uploadOneFile: 'Ladda upp en fil i taget.',
    uploadUnreadable: 'Uppladdningen kunde inte läsas. Försök igen.',
    ordersPerClient: (p: { minutes: number; email: string }) =>
      `Du har lagt många beställningar på kort tid. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller kontakta oss på ${p.email}.`,
    ordersPerRecipient: (p: { minutes: number; email: string }) =>
      `Många beställningar har lagts till den här e-postadressen den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller kontakta oss på ${p.email}.`,
    orderTotal: (p: { max: string; email: string }) =>
      `Beställningar över ${p.max} kr tar vi hand om personligen. Kontakta oss på ${p.email} så ger vi dig ett erbjudande.`,
    partnerApplications: (p: { minutes: number; email: string }) =>
      `Vi har tagit emot flera ansökningar från dig den senaste timmen. Försök igen om ${plural('sv', p.minutes, { one: '# minut', other: '# minuter' })}, eller mejla oss på ${p.email}.`,
  },
  en: {
    uploadBytes: (p: { minutes: number }) =>
      `You have uploaded a lot in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or email us the files with your order number as the subject.`,
    uploadFiles: (p: { minutes: number }) =>
      `You have uploaded many files in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or email us the files with your order number as the subject.`,
    uploadBusy:
      'The shop is receiving unusually many uploads right now. Please try again in an hour, or email us the file with your order number as the subject.',
    uploadDiskFull:
      'Uploads are paused for a while on our side. Please try again later, or email us the file with your order number as the subject.',
    uploadOneFile: 'Upload one file at a time.',
    uploadUnreadable: 'The upload could not be read. Please try again.',
    ordersPerClient: (p: { minutes: number; email: string }) =>
      `You have placed many orders in a short time. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or contact us at ${p.email}.`,
    ordersPerRecipient: (p: { minutes: number; email: string }) =>
      `Many orders were placed for this email address in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or contact us at ${p.email}.`,
    orderTotal: (p: { max: string; email: string }) =>
      `Orders above ${p.max} kr are handled personally. Please contact us at ${p.email} and we will make you an offer.`,
    partnerApplications: (p: { minutes: number; email: string }) =>
      `We have received several applications from you in the last hour. Please try again in ${plural('en', p.minutes, { one: '# minute', other: '# minutes' })}, or email us at ${p.email}.`,
  },
});
