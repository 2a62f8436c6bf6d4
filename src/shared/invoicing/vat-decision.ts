import { salesAccount, type SalesAccountNumber, type SupplyNature } from './bas-accounts';
import type { VatTreatment } from './vat-treatment';

export type { SupplyNature } from './bas-accounts';

/**
 * The VAT decision for one invoice line: which rule applies, its legal wording in Swedish and
 * English (printed on the PDF, written as the e-invoice's exemption reason), its UNCL5305 category
 * and VATEX code, and the BAS account the sale is booked to. Every renderer asks this module; the
 * rule is said here and nowhere else.
 *
 * The order's `VatTreatment` (decided at checkout from the buyer's country, type and VAT number,
 * see vat-treatment.ts) says who the buyer is; what is sold decides the rest.
 *
 * The conversion fee is ancillary to the goods, wherever it is invoiced (decision 0045). Converting
 * a raster print file is no aim in itself for the buyer but the means of having the ordered goods
 * printed: a single composite supply taxed like its principal supply, the goods (EU Court C-349/96
 * Card Protection Plan, points 29–30; Skatteverket's ställningstagande on komplexa transaktioner,
 * dnr 131 129014-16/111). So it follows the goods for every buyer: Swedish VAT in Sweden and to EU
 * individuals, an intra-Community supply to an EU company, an export outside the EU, on the order's
 * invoice and on a supplementary invoice alike. A Norwegian individual's fee is therefore an export
 * of goods (directive art. 146), never a business-to-business service (art. 44).
 *
 * Documents issued before decision 0045 booked a fee invoiced on its own as a service; they keep
 * what they said (a supplementary invoice without `supply` in its snapshot, see `supplyNature`).
 */

/** The cases an invoice line can fall under. */
export type VatCase =
  /** Swedish VAT 25 % (buyers in Sweden; individuals and companies without a VAT number in the EU). */
  | 'domestic'
  /** Goods to a company with a VAT number in another EU country: exempt intra-Community supply. */
  | 'intra_community_goods'
  /** A service to a company with a VAT number in another EU country: the buyer accounts for VAT. */
  | 'reverse_charge_service'
  /** Goods delivered to a buyer outside the EU: exempt export. */
  | 'export_goods'
  /** A service to a buyer outside the EU: supplied outside Sweden, not subject to Swedish VAT. */
  | 'service_outside_eu'
  /** Goods sent to an individual in another EU country, taxed there at its standard rate (OSS). */
  | 'oss_distance_sale';

export interface BilingualText {
  sv: string;
  en: string;
}

export interface VatDecision {
  case: VatCase;
  nature: SupplyNature;
  /** UNCL5305 VAT category code (EN 16931 BT-151 / BT-118). */
  category: 'S' | 'K' | 'AE' | 'G' | 'O';
  /** The VAT rate charged, in percent (under OSS the document's own: the buyer country's rate). */
  percent: number;
  /** VATEX exemption reason code (BT-121), for every category but S. */
  exemptionCode: 'VATEX-EU-IC' | 'VATEX-EU-AE' | 'VATEX-EU-G' | 'VATEX-EU-O' | null;
  /** The notice's heading on the PDF, in both languages (the law wants the Swedish or the buyer's). */
  title: BilingualText | null;
  /** The legal basis in words (BT-120 exemption reason, and the PDF's notice). */
  legal: BilingualText | null;
  /** BAS account for the sale, from the one table of accounts (bas-accounts.ts). */
  basAccount: SalesAccountNumber;
}

/**
 * Goods, or a service invoiced on its own. Since decision 0045 every fee is ancillary to the
 * goods (`invoicedWithGoods` true for every document issued since); only a document stored before
 * it, a fee invoiced alone, reads as the service it was invoiced as.
 */
export function supplyNature(kind: 'product' | 'fee', invoicedWithGoods: boolean): SupplyNature {
  return kind === 'fee' && !invoicedWithGoods ? 'service' : 'goods';
}

const decisions: Record<VatCase, Omit<VatDecision, 'nature' | 'basAccount'>> = {
  // Mervärdesskattelagen (2023:200) 9 kap. 1 §: 25 % on the taxable amount.
  domestic: {
    case: 'domestic',
    category: 'S',
    percent: 25,
    exemptionCode: null,
    title: null,
    legal: null,
  },
  // Exempt intra-Community supply of goods: Mervärdesskattelagen (2023:200) 10 kap. 42 §, EU VAT
  // directive 2006/112/EC article 138. The invoice must say so (ML 17 kap. 24 §, directive art.
  // 226 point 11: "Unionsintern leverans" / "Intra-Community supply") and carry both VAT numbers.
  intra_community_goods: {
    case: 'intra_community_goods',
    category: 'K',
    percent: 0,
    exemptionCode: 'VATEX-EU-IC',
    title: { sv: 'Unionsintern leverans', en: 'Intra-Community supply' },
    legal: {
      sv: 'Unionsintern leverans av varor, undantagen från moms enligt 10 kap. 42 § mervärdesskattelagen (2023:200) och artikel 138 i rådets direktiv 2006/112/EG. Båda parters momsregistreringsnummer anges.',
      en: "Intra-Community supply of goods, exempt from VAT under Article 138 of Council Directive 2006/112/EC (Swedish VAT Act 2023:200, chapter 10, section 42). Both parties' VAT numbers are shown.",
    },
  },
  // A service to a taxable person in another member state is supplied where the buyer is
  // established (directive art. 44; ML 6 kap., omsättningsland för tjänster) and the buyer pays the
  // VAT (directive art. 196; ML 16 kap.). The invoice says "Omvänd betalningsskyldighet" / "Reverse
  // charge" (ML 17 kap. 24 §, directive art. 226 point 11a).
  reverse_charge_service: {
    case: 'reverse_charge_service',
    category: 'AE',
    percent: 0,
    exemptionCode: 'VATEX-EU-AE',
    title: { sv: 'Omvänd betalningsskyldighet', en: 'Reverse charge' },
    legal: {
      sv: 'Omvänd betalningsskyldighet: tjänsten är omsatt i köparens land och köparen redovisar momsen (artiklarna 44 och 196 i rådets direktiv 2006/112/EG). Båda parters momsregistreringsnummer anges.',
      en: "Reverse charge: the service is supplied in the buyer's country and the buyer accounts for the VAT (Articles 44 and 196 of Council Directive 2006/112/EC). Both parties' VAT numbers are shown.",
    },
  },
  // Goods dispatched to a destination outside the EU: exempt export (directive art. 146(1)(a);
  // ML 10 kap., export). The export is proven by the shipment.
  export_goods: {
    case: 'export_goods',
    category: 'G',
    percent: 0,
    exemptionCode: 'VATEX-EU-G',
    title: { sv: 'Export', en: 'Export' },
    legal: {
      sv: 'Export av varor till land utanför EU, undantagen från moms (artikel 146 i rådets direktiv 2006/112/EG); svensk moms tas inte ut.',
      en: 'Export of goods outside the EU, exempt from VAT (Article 146 of Council Directive 2006/112/EC); no Swedish VAT charged.',
    },
  },
  // A service to a business outside the EU is supplied where the buyer is established (directive
  // art. 44; ML 6 kap.): outside the scope of Swedish VAT.
  service_outside_eu: {
    case: 'service_outside_eu',
    category: 'O',
    percent: 0,
    exemptionCode: 'VATEX-EU-O',
    title: { sv: 'Utanför EU', en: 'Outside the EU' },
    legal: {
      sv: 'Tjänsten är omsatt utanför EU (artikel 44 i rådets direktiv 2006/112/EG); svensk moms tas inte ut.',
      en: 'The service is supplied outside the EU (Article 44 of Council Directive 2006/112/EC); no Swedish VAT charged.',
    },
  },
  // An intra-Community distance sale of goods is supplied where the transport to the buyer ends
  // (Mervärdesskattelagen 2023:200 6 kap. 8 §, directive art. 33 a) once the seller's distance
  // sales pass 99 680 kr in the year or the year before (6 kap. 62–63 §§, directive art. 59 c), or
  // by the seller's choice (6 kap. 64 §). The buyer country's standard rate is charged (S, at the
  // document's rate) and declared through the union scheme (ML 22 kap., directive art. 369 a–369 k).
  // The percent here is a placeholder: every reader takes the document's own rate.
  oss_distance_sale: {
    case: 'oss_distance_sale',
    category: 'S',
    percent: 0,
    exemptionCode: null,
    title: { sv: 'Distansförsäljning inom EU', en: 'EU distance sale' },
    legal: {
      sv: 'Moms enligt normalskattesatsen i köparens land: varan är omsatt där transporten slutar (6 kap. 8 § mervärdesskattelagen (2023:200), artikel 33 a i rådets direktiv 2006/112/EG). Momsen redovisas i unionsordningen (One Stop Shop).',
      en: "VAT at the standard rate of the buyer's country: the goods are supplied where their transport ends (Article 33(a) of Council Directive 2006/112/EC; Swedish VAT Act 2023:200, chapter 6, section 8). The VAT is declared under the union scheme (One Stop Shop).",
    },
  },
};

/**
 * The decision for a line: the order's treatment (who the buyer is) and what the line sells.
 * A service sold at Swedish VAT is booked as a service (3041); its VAT is the same 25 %.
 */
export function vatDecision(treatment: VatTreatment, nature: SupplyNature): VatDecision {
  const vatCase: VatCase =
    treatment === 'domestic'
      ? 'domestic'
      : treatment === 'oss'
        ? 'oss_distance_sale'
        : treatment === 'reverse_charge'
          ? nature === 'goods'
            ? 'intra_community_goods'
            : 'reverse_charge_service'
          : nature === 'goods'
            ? 'export_goods'
            : 'service_outside_eu';
  const decision = decisions[vatCase];
  return { ...decision, nature, basAccount: salesAccount(treatment, nature) };
}

/** The distinct decisions of an invoice's lines, in the order they first appear. */
export function distinctDecisions(decisionsOfLines: readonly VatDecision[]): VatDecision[] {
  const seen = new Map<VatCase, VatDecision>();
  for (const decision of decisionsOfLines) if (!seen.has(decision.case)) seen.set(decision.case, decision);
  return [...seen.values()];
}

/**
 * Each line's decision on one invoice. A fee is ancillary to goods only on an invoice that sells
 * the goods; an invoice of fees alone (a supplementary invoice) sells a service. A credit note says
 * what the invoice it corrects sold (`invoicedWithGoods`): crediting only the fee of a goods
 * invoice credits part of that supply of goods, not a service (ML 2023:200 17 kap. 22 §: the credit
 * note corrects that invoice), so its lines keep the invoice's VAT case.
 */
export function lineVatDecisions(
  treatment: VatTreatment,
  lines: readonly { kind: 'product' | 'fee' }[],
  invoicedWithGoods?: boolean,
): VatDecision[] {
  const withGoods = invoicedWithGoods ?? lines.some((line) => line.kind === 'product');
  return lines.map((line) => vatDecision(treatment, supplyNature(line.kind, withGoods)));
}
