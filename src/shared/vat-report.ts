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
 * The EU distance-sales threshold (Mervärdesskattelagen 2023:200 6 kap. 62 §: distance sales of
 * goods, 6 kap. 8 §, stay Swedish while they do not pass 99 680 kr in the current calendar year
 * and did not in the one before; directive 2006/112/EC art. 59 c: 10 000 EUR). From the sale that
 * passes it (6 kap. 63 §), or by the shop's choice (6 kap. 64 §), goods sold to individuals in
 * other EU countries bear that country's VAT, declared through the One Stop Shop (ML 22 kap.).
 */
export const DISTANCE_SALES_THRESHOLD_ORE = 9_968_000;

export interface DistanceSales {
  /** Sales without VAT to individuals in other EU countries, decimal kronor. */
  thisYear: string;
  previousYear: string;
  threshold: string;
  /** The threshold passed this or last year: the buyer country's VAT applies (OSS). */
  above: boolean;
  /** The shop opted in (OSS_OPT_IN): the buyer country's VAT from the first sale. */
  optedIn: boolean;
}

/** A calendar quarter as YYYY-Qn, the OSS return's period (ML 2023:200 22 kap. 35 §). */
export function isQuarter(value: string): boolean {
  return /^\d{4}-Q[1-4]$/.test(value);
}

/** The first and last day of a quarter (YYYY-Qn). */
export function quarterDays(quarter: string): { from: string; to: string } {
  const year = quarter.slice(0, 4);
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(Number(year), last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

/** One line of the OSS return: a member state of consumption and a rate, in SEK from the ledger. */
export interface OssReportLine {
  /** ISO country code (GR for Greece; the OSS return says EL). */
  country: string;
  /** The standard rate charged, percent ("19", "25.5"). */
  ratePercent: string;
  /** The taxable amount without VAT, credit notes subtracted, decimal kronor. */
  net: string;
  /** The VAT charged (booked to 2670), decimal kronor. */
  vat: string;
}

export interface OssReportAnswer {
  quarter: string;
  from: string;
  to: string;
  lines: OssReportLine[];
  total: { net: string; vat: string };
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
