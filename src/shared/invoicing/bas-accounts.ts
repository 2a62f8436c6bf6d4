import type { DocumentKind } from '@/shared/ledger';
import type { VatTreatment } from './vat-treatment';
import { VAT_RATE_PERCENT } from '@/shared/vat-rate';
import { moneyAccounts } from './money-accounts';

/**
 * The BAS accounts the shop books to, in one table: the SIE export, the invoice journal and the
 * VAT decision (vat-decision.ts) all read a sale's account here, so they cannot disagree.
 *
 * Account numbers and names from the BAS chart of accounts (BAS-kontoplanen, BAS 2024, kontoklass
 * 1, 2 and 3; the SIE file says #KPTYP BAS2014, whose numbers these are too): 1510 Kundfordringar,
 * 1930 Företagskonto, 2611 Utgående moms 25 %, and for sales by what is sold and where VAT falls:
 * 3001 goods (or the order's invoice, whose fee is ancillary to its goods) and 3041 services within
 * Sweden at 25 %; 3108 goods to another EU country (exempt intra-Community supply) and 3308
 * services to another EU country (reverse charge); 3105 goods and 3305 services outside the EU;
 * 3106 goods to an individual in another EU country taxed there (OSS) with its VAT on 2670.
 */

/** Goods, or a service invoiced on its own (see vat-decision.ts for when a fee is which). */
export type SupplyNature = 'goods' | 'service';

export interface BasAccount {
  number: string;
  name: string;
}

export const basAccounts = {
  receivables: { number: '1510', name: 'Kundfordringar' },
  bank: { number: '1930', name: 'Företagskonto/checkkonto/affärskonto' },
  outputVat: { number: '2611', name: `Utgående moms på försäljning inom Sverige, ${VAT_RATE_PERCENT} %` },
  /**
   * A reminder's fee (förseningsersättning, lag 1981:739 4 a §, or a reminder fee, 2 §): 3930
   * Påminnelseavgifter in group 39 Övriga rörelseintäkter, the usual BAS booking of a reminder fee
   * (debit 1510, credit 3930, no VAT: Björn Lundén, "Bokföra påminnelseavgift – konteringsexempel").
   * Compensation for the cost of collecting is no consideration for a supply: no output VAT.
   */
  reminderFees: { number: '3930', name: 'Påminnelseavgifter' },
  /**
   * Dröjsmålsränta charged on a reminder (räntelagen 6 §): a financial income, 8313 Ränteintäkter
   * från kortfristiga fordringar (group 83; a receivable on 1510 is a current receivable). No VAT.
   */
  lateInterest: { number: '8313', name: 'Ränteintäkter från kortfristiga fordringar' },
  /**
   * The buyer country's VAT on an EU distance sale under the One Stop Shop (unionsordningen,
   * Mervärdesskattelagen 2023:200 22 kap.): owed to that country through Skatteverket, declared on
   * the OSS return and never in a box of the Swedish one (Skatteverket, "Deklarera och betala moms
   * i One Stop Shop": "Den försäljning som du redovisar i OSS ska du inte redovisa i den vanliga
   * momsdeklarationen"). BAS 2026: 2670 Utgående moms på försäljning inom EU, OSS.
   */
  ossVat: { number: '2670', name: 'Utgående moms på försäljning inom EU, OSS' },
} as const satisfies Record<string, BasAccount>;

/** The sales account per VAT treatment (who the buyer is) and supply (what is sold). */
export const basSalesAccounts = {
  domestic: {
    goods: { number: '3001', name: `Försäljning inom Sverige, ${VAT_RATE_PERCENT} % moms` },
    service: { number: '3041', name: `Försäljning tjänster inom Sverige, ${VAT_RATE_PERCENT} % moms` },
  },
  reverse_charge: {
    goods: { number: '3108', name: 'Försäljning varor till annat EU-land, momsfri' },
    service: { number: '3308', name: 'Försäljning tjänster till annat EU-land' },
  },
  export: {
    goods: { number: '3105', name: 'Försäljning varor till land utanför EU' },
    service: { number: '3305', name: 'Försäljning tjänster till land utanför EU' },
  },
  // EU distance sales taxed in the buyer's country (OSS): BAS 3106 Försäljning varor till annat
  // EU-land, momspliktig. Every OSS document sells goods (the fee is ancillary, decision 0045).
  oss: {
    goods: { number: '3106', name: 'Försäljning varor till annat EU-land, momspliktig' },
    service: { number: '3106', name: 'Försäljning varor till annat EU-land, momspliktig' },
  },
} as const satisfies Record<VatTreatment, Record<SupplyNature, BasAccount>>;

export type SalesAccountNumber = (typeof basSalesAccounts)[VatTreatment][SupplyNature]['number'];

export function salesAccount(treatment: VatTreatment, nature: SupplyNature): SalesAccountNumber {
  return basSalesAccounts[treatment][nature].number;
}

/** Every account the shop books to, for a SIE file's #KONTO lines (numbers ascending). */
export function allBasAccounts(): BasAccount[] {
  const byTreatment: Record<SupplyNature, BasAccount>[] = Object.values(basSalesAccounts);
  const sales: BasAccount[] = byTreatment.flatMap((byNature) => [byNature.goods, byNature.service]);
  const fixed: BasAccount[] = [...Object.values(basAccounts), ...Object.values(moneyAccounts)];
  const unique = new Map([...fixed, ...sales].map((account) => [account.number, account]));
  return [...unique.values()].sort((a, b) => a.number.localeCompare(b.number));
}

/**
 * What a whole document sells, for its sales account: goods, its fees ancillary to them (decision
 * 0045, vat-decision.ts), which every document issued since stores (`stored`, the snapshot's
 * `supply`, or its corrected invoice's). A supplementary invoice stored before that sold a service
 * invoiced on its own, and a credit note sells what the document it corrects sold.
 */
export function documentSupply(
  kind: DocumentKind,
  correctsKind: DocumentKind | null,
  stored?: SupplyNature | null,
): SupplyNature {
  if (stored) return stored;
  return (correctsKind ?? kind) === 'supplementary_invoice' ? 'service' : 'goods';
}
