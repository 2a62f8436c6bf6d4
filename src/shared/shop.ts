/** The shop's public identity, shown in the footer and used as default seller settings. */
export const shopName = 'BulkPrint';
export const shopTagline = 'Custom-printed merchandise in bulk for events, teams and brands — at bulk prices.';
export const shopContact = { email: 'order@bulkprint.se', phone: '+46 8 123 456 78' } as const;
