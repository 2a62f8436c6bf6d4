/** The shop's public identity. Contact details are settings (SELLER_*), read from GET /api/shop. */
export const shopName = 'BulkPrint';

/** GET /api/shop: the seller's contact details as the server's settings have them. */
export interface ShopContact {
  /** The seller's legal name, as on the invoices. */
  name: string;
  email: string;
  phone: string;
  /** Organisationsnummer and VAT number, shown in the footer as every Swedish company page must. */
  orgNumber: string;
  vatNumber: string;
  /** Registered for F-tax (F-skatt). */
  fTax: boolean;
  /**
   * The reminder fee the terms of purchase set for individuals today ("60.00"), or null when they
   * set none (REMINDER_FEE_INDIVIDUAL); the terms page says so.
   */
  individualReminderFee: string | null;
}

export const shopContactPath = '/api/shop';
