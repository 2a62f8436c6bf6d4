import iconv from 'iconv-lite';
import { sql } from 'drizzle-orm';
import { basAccounts, basSalesAccounts } from '@/shared/invoicing/bas-accounts';
import { decimalFromOre } from '@/shared/ledger';
import { otherEuCountries } from '@/shared/invoicing/vat-number';
import {
  DISTANCE_SALES_THRESHOLD_ORE,
  vatReportBoxes,
  type DistanceSales,
  type OssReportAnswer,
  type VatReportBox,
} from '@/shared/vat-report';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { sieFile } from './sie-export';

/**
 * The VAT return (momsdeklaration, Skatteverket's form SKV 4700) of a period, box by box, read from
 * the very verifications the SIE export writes for that period: every #TRANS of the file summed per
 * account, so the report and the SIE cannot disagree. Skatteförfarandelagen (2011:1244) 26 kap.
 * 3 § says a VAT return is filed; its boxes (Skatteverket's "Så fyller du i momsdeklarationen"):
 *
 * - 05 taxable sales in Sweden not in 06–08: the sales accounts at 25 % (3001, 3041), without VAT;
 * - 06 taxable withdrawals (uttag), 07 margin-scheme base: none in this shop (0);
 * - 10 output VAT 25 %: 2611; 11 (12 %) and 12 (6 %): the shop sells nothing at those rates (0);
 * - 35 goods to a VAT-registered buyer in another EU country: 3108;
 * - 36 goods sold outside the EU (export): 3105;
 * - 39 services to a taxable person in another EU country under the main rule: 3308;
 * - 40 other services supplied outside Sweden: 3305;
 * - 48 input VAT to deduct: the shop's purchases are not in this ledger (0; the accountant adds them);
 * - 49 VAT to pay (positive) or to get back: 10 + 11 + 12 − 48.
 *
 * A reminder's fee (3930) and interest (8313) are no consideration for a supply (no VAT) and are in
 * no box. Amounts are exact to the öre; the return is filed in whole kronor (the accountant rounds).
 */
export type VatReportBoxes = Record<VatReportBox, string>;

/** Each account's balance (debit positive) over the period's SIE verifications, in öre. */
export async function sieAccountBalances(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  const file = sieFile(db, { companyName: '', orgNumber: '', generated: to, from, to });
  for await (const chunk of file) {
    for (const line of iconv.decode(chunk, 'cp437').split('\r\n')) {
      if (!line.startsWith('#TRANS ')) continue;
      // "#TRANS 3001 {} -1009.50": account, empty object list, amount with two decimals.
      const [, account = '', , amount = '0'] = line.split(' ');
      const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
      const ore = (Number(whole) * 100 + Number(fraction.padEnd(2, '0'))) * (amount.startsWith('-') ? -1 : 1);
      balances.set(account, (balances.get(account) ?? 0) + ore);
    }
  }
  return balances;
}

export async function vatReport(db: Db, from: string, to: string): Promise<VatReportBoxes> {
  const balances = await sieAccountBalances(db, from, to);
  /** What was credited to the accounts (sales and output VAT are credits): positive öre. */
  const credited = (...accounts: string[]) =>
    accounts.reduce((sum, account) => sum - (balances.get(account) ?? 0), 0);
  const outputVat25 = credited(basAccounts.outputVat.number);
  const inputVat = 0;
  const ore: Record<VatReportBox, number> = {
    '05': credited(basSalesAccounts.domestic.goods.number, basSalesAccounts.domestic.service.number),
    '06': 0,
    '07': 0,
    '10': outputVat25,
    '11': 0,
    '12': 0,
    '35': credited(basSalesAccounts.reverse_charge.goods.number),
    '36': credited(basSalesAccounts.export.goods.number),
    '39': credited(basSalesAccounts.reverse_charge.service.number),
    '40': credited(basSalesAccounts.export.service.number),
    '48': inputVat,
    '49': outputVat25 - inputVat,
  };
  return Object.fromEntries(vatReportBoxes.map((box) => [box, decimalFromOre(ore[box])])) as VatReportBoxes;
}

/** One buyer's line of the EC sales list: VAT number, goods and services without VAT, in öre. */
export interface EcSalesLine {
  vatNumber: string;
  goodsOre: number;
  servicesOre: number;
}

/**
 * The EC sales list's lines of a period (periodisk sammanställning, Skatteförfarandelagen
 * 2011:1244, 35 kap. 2 §; SKVFS 2009:38): per buyer VAT number, the value of goods sold exempt to
 * another EU country (the documents booked to 3108, credit notes subtracted) and of services sold
 * under the main rule (3308), by the documents' issue day, as the VAT return's boxes 35 and 39.
 */
export async function ecSalesLines(db: Db, from: string, to: string): Promise<EcSalesLine[]> {
  const rows = await queryRows<{ vat_number: string; goods: string; services: string }>(
    db,
    sql`SELECT upper(regexp_replace(o.buyer_vat_number, '[^A-Za-z0-9]', '', 'g')) AS vat_number,
        (sum(d.net) FILTER (WHERE s.supply = 'goods') * 100)::bigint::text AS goods,
        (sum(d.net) FILTER (WHERE s.supply = 'service') * 100)::bigint::text AS services
      FROM documents d JOIN orders o ON o.id = d.order_id
        LEFT JOIN documents c ON c.id = d.corrects_document_id
        CROSS JOIN LATERAL (SELECT coalesce(d.snapshot->>'supply', c.snapshot->>'supply',
          CASE WHEN coalesce(c.kind, d.kind) = 'supplementary_invoice' THEN 'service' ELSE 'goods' END) AS supply) s
      WHERE d.vat_treatment = 'reverse_charge' AND d.kind <> 'reminder'
        AND d.issued_on >= ${from}::date AND d.issued_on <= ${to}::date AND o.buyer_vat_number IS NOT NULL
      GROUP BY 1 ORDER BY 1`,
  );
  return rows
    .map((row) => ({
      vatNumber: row.vat_number,
      goodsOre: Number(row.goods ?? 0),
      servicesOre: Number(row.services ?? 0),
    }))
    .filter((line) => line.goodsOre !== 0 || line.servicesOre !== 0);
}

/** Whole kronor, rounded half away from zero, as the file wants them ("-1250"). */
function wholeKronor(ore: number): string {
  const kronor = Math.sign(ore) * Math.round(Math.abs(ore) / 100);
  return kronor === 0 ? '0' : String(kronor);
}

export interface EcSalesFileHeader {
  /** The seller's Swedish VAT number (SE + 12 digits). */
  sellerVatNumber: string;
  /** YYYY-MM. */
  period: string;
  contactName: string;
  phone: string;
  email: string;
}

/**
 * The phone as the file wants it: digits, one hyphen after the area code ("08-12345678"), or an
 * international number from + ("+46812345678"), at most 17 characters. The settings' spaces go.
 */
export function swedishPhone(phone: string): string {
  const compact = phone.replace(/[^\d+-]/g, '');
  const international = compact.startsWith('+');
  const digits = compact
    .replace(/[^\d-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const [area = '', ...rest] = digits.split('-');
  const number = rest.length > 0 ? `${area}-${rest.join('')}` : area;
  return (international ? `+${number.replace('-', '')}` : number).slice(0, 17);
}

/** Strips what would break a field of the semicolon-separated file. */
const field = (text: string, max: number) =>
  text
    .replace(/[;\r\n]/g, ' ')
    .trim()
    .slice(0, max);

/**
 * The EC sales list in Skatteverket's file-transfer format, as Skatteverket describes it on
 * "Lämna periodisk sammanställning med filöverföring" (skatteverket.se, foretag/moms/
 * deklareramoms/periodisksammanstallningforvarorochtjanster), with its example files: a text file
 * of semicolon-separated lines, ending .txt or .csv; ISO 8859-1 here.
 * 1. `SKV574008;` names the file a periodisk sammanställning;
 * 2. the reporter: the 12-digit VAT number, with or without SE; the period as YYMM (a month;
 *    YY-Q for a quarter); the responsible person's name (at most 35 characters); their phone
 *    (digits only, a hyphen after the area code, or + for a foreign number; at most 17); email
 *    (optional);
 * 3. one line per buyer: VAT number with its country code; goods; triangulation (trepartshandel,
 *    none here); services under the main rule: at most 12 digits including a minus sign for a net
 *    credit, an empty field for none, each line ending in a semicolon as the examples do
 *    ("FI01409351;16400;;;").
 */
export function ecSalesFile(header: EcSalesFileHeader, lines: readonly EcSalesLine[]): Buffer {
  const [year = '', month = ''] = header.period.split('-');
  const amount = (ore: number) => (ore === 0 ? '' : wholeKronor(ore));
  const records = [
    'SKV574008;',
    [
      header.sellerVatNumber.replace(/\s/g, '').toUpperCase(),
      `${year.slice(2)}${month}`,
      field(header.contactName, 35),
      swedishPhone(header.phone),
      field(header.email, 50),
    ].join(';'),
    ...lines.map(
      (line) => `${[line.vatNumber, amount(line.goodsOre), '', amount(line.servicesOre)].join(';')};`,
    ),
  ];
  return iconv.encode(records.map((record) => `${record}\r\n`).join(''), 'latin1');
}

/**
 * EU distance sales per the ledger: what was sold without VAT (net, credit notes subtracted) to
 * buyers in another EU country who account for no acquisition (individuals, and companies without
 * a VAT number), with Swedish VAT or, past the threshold, the buyer country's (OSS), in the
 * calendar year of `day` and the year before, against the threshold (shared/vat-report.ts).
 */
export async function distanceSales(db: Db, day: string, optedIn = false): Promise<DistanceSales> {
  const year = Number(day.slice(0, 4));
  const countries = sql.join(
    otherEuCountries.map((code) => sql`${code}`),
    sql`, `,
  );
  const [row] = await queryRows<{ this_year: string; previous_year: string }>(
    db,
    sql`SELECT coalesce(sum(d.net) FILTER (WHERE d.issued_on >= ${`${year}-01-01`}::date), 0)::numeric(16, 2)::text AS this_year,
        coalesce(sum(d.net) FILTER (WHERE d.issued_on < ${`${year}-01-01`}::date), 0)::numeric(16, 2)::text AS previous_year
      FROM documents d JOIN orders o ON o.id = d.order_id
      WHERE d.kind <> 'reminder' AND d.vat_treatment IN ('domestic', 'oss') AND o.country_code IN (${countries})
        AND d.issued_on >= ${`${year - 1}-01-01`}::date AND d.issued_on <= ${`${year}-12-31`}::date`,
  );
  const thisYear = row?.this_year ?? '0.00';
  const previousYear = row?.previous_year ?? '0.00';
  const threshold = decimalFromOre(DISTANCE_SALES_THRESHOLD_ORE);
  const over = (amount: string) => Math.round(Number(amount) * 100) > DISTANCE_SALES_THRESHOLD_ORE;
  return { thisYear, previousYear, threshold, above: over(thisYear) || over(previousYear), optedIn };
}

/**
 * Whether an EU distance sale of `netOre` without VAT, made on `day`, is taxed in the buyer's
 * country (Mervärdesskattelagen 2023:200 6 kap. 8 §, directive 2006/112/EC art. 33 a): when the
 * shop opted in (6 kap. 64 §, OSS_OPT_IN), or when the distance sales of the year before passed
 * 99 680 kr, or this year's do with this sale: from the very sale that passes the threshold
 * (6 kap. 62–63 §§, directive art. 59 c). Below it, Swedish VAT (6 kap. 62 §).
 */
export async function distanceSaleTaxedAbroad(
  db: Db,
  sale: { netOre: number; day: string; optedIn: boolean },
): Promise<boolean> {
  if (sale.optedIn) return true;
  const sales = await distanceSales(db, sale.day);
  const ore = (amount: string) => Math.round(Number(amount) * 100);
  return (
    ore(sales.previousYear) > DISTANCE_SALES_THRESHOLD_ORE ||
    ore(sales.thisYear) + sale.netOre > DISTANCE_SALES_THRESHOLD_ORE
  );
}

/**
 * The OSS return of a quarter from the ledger (the union scheme's special VAT return,
 * Mervärdesskattelagen 2023:200 22 kap.; a calendar quarter, 22 kap. 35 §): per member state of
 * consumption and rate, the taxable amount and the VAT of the documents issued in the quarter under
 * OSS (booked 3106 and 2670), credit notes subtracted in the quarter they are issued. In SEK as the
 * ledger holds it: the return is made in euro at the ECB's rate of the quarter's last day
 * (directive 2006/112/EC art. 369 h), which the accountant applies.
 */
export async function ossReport(db: Db, quarter: string, from: string, to: string): Promise<OssReportAnswer> {
  const rows = await queryRows<{ country: string; rate: string; net: string; vat: string }>(
    db,
    sql`SELECT o.country_code AS country, coalesce(d.snapshot->>'vatPercent', c.snapshot->>'vatPercent') AS rate,
        sum(d.net)::numeric(16, 2)::text AS net, sum(d.vat)::numeric(16, 2)::text AS vat
      FROM documents d JOIN orders o ON o.id = d.order_id
        LEFT JOIN documents c ON c.id = d.corrects_document_id
      WHERE d.vat_treatment = 'oss' AND d.kind <> 'reminder'
        AND d.issued_on >= ${from}::date AND d.issued_on <= ${to}::date
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const lines = rows.map((row) => ({
    country: row.country,
    ratePercent: row.rate,
    net: row.net,
    vat: row.vat,
  }));
  const sum = (pick: (line: (typeof lines)[number]) => string) =>
    decimalFromOre(lines.reduce((total, line) => total + Math.round(Number(pick(line)) * 100), 0));
  return { quarter, from, to, lines, total: { net: sum((line) => line.net), vat: sum((line) => line.vat) } };
}
