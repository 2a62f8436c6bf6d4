/**
 * The VAT return's boxes the shop's ledger fills (Skatteverket's momsdeklaration, SKV 4700), the
 * EC sales list's period, and closed months: shared by the admin's bookkeeping panel and the API
 * (`GET /api/admin/vat-report`, `GET /api/admin/ec-sales-list`, `/api/admin/closed-months`).
 */
export const vatReportBoxes = [
  '05',
  '06',
  '07',
  '10',
  '11',
  '12',
  '35',
  '36',
  '39',
  '40',
  '48',
  '49',
] as const;
export type VatReportBox = (typeof vatReportBoxes)[number];

/**
 * The EU distance-sales threshold (Mervärdesskattelagen 2023:200, 6 kap., place of supply of
 * distance sales of goods; directive
 * 2006/112/EC art. 59c): 10 000 EUR a year, fixed in Sweden at 99 680 kr. Above it in the current or
 * the previous calendar year, goods sold to individuals in other EU countries bear that country's
 * VAT (declared through the One Stop Shop, OSS).
 */
export const DISTANCE_SALES_THRESHOLD_ORE = 9_968_000;

export interface DistanceSales {
  /** Sales without VAT to individuals in other EU countries, decimal kronor. */
  thisYear: string;
  previousYear: string;
  threshold: string;
  /** The threshold passed this or last year: the buyer country's VAT applies (OSS). */
  above: boolean;
}

export interface VatReportAnswer {
  from: string;
  to: string;
  boxes: Record<VatReportBox, string>;
  distanceSales: DistanceSales;
}

export interface ClosedMonth {
  /** YYYY-MM. */
  month: string;
  closedAt: string;
  closedBy: string | null;
}

/** A month as YYYY-MM (1–12). */
export function isMonth(value: string): boolean {
  if (!/^\d{4}-\d{2}$/.test(value)) return false;
  const month = Number(value.slice(5));
  return month >= 1 && month <= 12;
}
