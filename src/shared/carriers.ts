/** Carriers the admin picks when shipping; known ones get a tracking link in the buyer's email and page. */
export const carrierIds = ['postnord', 'dhl', 'dbschenker', 'ups', 'bring', 'other'] as const;
export type CarrierId = (typeof carrierIds)[number];

export const carrierNames: Record<CarrierId, string> = {
  postnord: 'PostNord',
  dhl: 'DHL',
  dbschenker: 'DB Schenker',
  ups: 'UPS',
  bring: 'Bring',
  other: '',
};

/** Each carrier's public tracking page for one shipment; null for other carriers. */
export function trackingUrl(carrier: CarrierId, trackingNumber: string): string | null {
  const id = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'postnord':
      return `https://tracking.postnord.com/se/?id=${id}`;
    case 'dhl':
      return `https://www.dhl.com/se-sv/home/tracking.html?tracking-id=${id}`;
    case 'dbschenker':
      return `https://www.dbschenker.com/app/tracking-public/?refNumber=${id}`;
    case 'ups':
      return `https://www.ups.com/track?tracknum=${id}`;
    case 'bring':
      return `https://tracking.bring.se/tracking/${id}`;
    case 'other':
      return null;
  }
}

/** Tracking numbers: letters, digits, spaces and dashes (what carriers print), 4–40 long. */
export const trackingNumberPattern = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;

/** What a status change records besides the step (stored in order_status_events.details). */
export interface StatusDetails {
  /** Cancelled: why (the admin's reason, or the buyer's when they cancelled on the order page). */
  reason?: string;
  /** Cancelled by the buyer on the order page (before proof approval), not by the shop. */
  cancelledBy?: 'buyer';
  /** Paid: the calendar date the money arrived and the amount received (exact decimal kronor). */
  paidOn?: string;
  amountReceived?: string;
  /** Shipped. */
  carrier?: CarrierId;
  carrierName?: string;
  trackingNumber?: string;
}
