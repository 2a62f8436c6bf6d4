import { defineMessages, plural } from '@/shared/i18n/define';

/** Delivery estimates and the "needed by" date: product pages, the cart, the confirmation and admin. */
export const deliveryMessages = defineMessages({
  sv: {
    heading: 'Beräknad leverans',
    sweden: 'Sverige',
    nordics: 'Norden',
    europe: 'Övriga Europa',
    production: (p: { days: number }) =>
      plural('sv', p.days, {
        one: 'Tillverkning # arbetsdag, sedan frakt. Helger och röda dagar räknas inte.',
        other: 'Tillverkning # arbetsdagar, sedan frakt. Helger och röda dagar räknas inte.',
      }),
    fromApprovalToday: 'Räknat från godkänt korrektur: datumen gäller om du godkänner korrekturet i dag.',
    fromApproval: 'Räknat från det datum du godkände korrekturet.',
    toZone: (p: { zone: string }) => `Beräknad leverans (${p.zone})`,
    neededBy: 'Behövs senast (valfritt)',
    neededByHint: 'Har du ett evenemang? Ange datumet så ser du direkt om vi hinner.',
    neededByShort: 'Behövs senast',
    ifApprovedToday: '(om korrekturet godkänns i dag)',
    atRisk: (p: { neededBy: string; estimate: string }) =>
      `Vi hinner troligen inte till ${p.neededBy}: beräknad leverans är ${p.estimate}. Du kan ändå beställa, men kontakta oss gärna först.`,
    inTime: (p: { neededBy: string }) => `Beräknad leverans hinner till ${p.neededBy}.`,
    atRiskPlaced: (p: { neededBy: string; estimate: string }) =>
      `Beräknad leverans (${p.estimate}) är senare än ${p.neededBy}. Godkänn korrekturet så fort det kommer, eller kontakta oss.`,
    neededByFormat: 'Ange ett datum som ÅÅÅÅ-MM-DD',
    neededByPast: 'Datumet har redan varit',
    neededByTooFar: 'Ange ett datum inom två år',
    atRiskBadge: 'Leverans i fara',
    atRiskTitle: (p: { neededBy: string; estimate: string }) =>
      `Behövs senast ${p.neededBy}, beräknad leverans ${p.estimate}`,
  },
  en: {
    heading: 'Estimated delivery',
    sweden: 'Sweden',
    nordics: 'Nordics',
    europe: 'Rest of Europe',
    production: (p: { days: number }) =>
      plural('en', p.days, {
        one: 'Production takes # working day, then shipping. Weekends and public holidays are not counted.',
        other:
          'Production takes # working days, then shipping. Weekends and public holidays are not counted.',
      }),
    fromApprovalToday: 'Counted from proof approval: these dates apply if you approve the proof today.',
    fromApproval: 'Counted from the day you approved the proof.',
    toZone: (p: { zone: string }) => `Estimated delivery (${p.zone})`,
    neededBy: 'Needed by (optional)',
    neededByHint: 'Have an event? Enter the date and see at once whether we can make it.',
    neededByShort: 'Needed by',
    ifApprovedToday: '(if the proof is approved today)',
    atRisk: (p: { neededBy: string; estimate: string }) =>
      `We probably cannot deliver by ${p.neededBy}: the estimated delivery is ${p.estimate}. You can still order, but please contact us first.`,
    inTime: (p: { neededBy: string }) => `The estimated delivery is in time for ${p.neededBy}.`,
    atRiskPlaced: (p: { neededBy: string; estimate: string }) =>
      `The estimated delivery (${p.estimate}) is later than ${p.neededBy}. Approve the proof as soon as it arrives, or contact us.`,
    neededByFormat: 'Enter a date as YYYY-MM-DD',
    neededByPast: 'That date has already passed',
    neededByTooFar: 'Enter a date within two years',
    atRiskBadge: 'Delivery at risk',
    atRiskTitle: (p: { neededBy: string; estimate: string }) =>
      `Needed by ${p.neededBy}, estimated delivery ${p.estimate}`,
  },
});
