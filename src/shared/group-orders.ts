/**
 * Group orders (issue 44): a team enters its own sizes and names, the organiser places one order.
 * The rules both sides apply: limits, the personalisation's price, what a name or number to print
 * may be, and the order line's list of garments that the job ticket prints.
 */
import type { PersonalisationPrices } from './catalogue';
import type { Customisation } from './customisation';
import type { LineOptions } from './product-options';
import type { Milli } from './money';
import {
  allSizeCodes,
  isGarmentSizeCode,
  normaliseSplit,
  type GarmentSizeCode,
  type SizeSplit,
} from './sizes';
import { strangerTextProblem } from './stranger-text';
import { hasForbiddenCharacter } from './text-characters';

/** Entries one group holds at most (a club's squad, a school's year; never a flood). */
export const MAX_GROUP_ENTRIES = 300;
/** Garments one member may ask for in one entry. */
export const MAX_ENTRY_QUANTITY = 20;
/** Garments a group's line may hold (every entry at its largest stays well under the line limit). */
export const MAX_GROUP_GARMENTS = MAX_GROUP_ENTRIES * MAX_ENTRY_QUANTITY;
/** A member's own name (who gets the garment), as typed. */
export const MAX_MEMBER_NAME = 60;
/** A name printed on the back fits across the shoulders in the press's letter height. */
export const MAX_PRINT_NAME = 14;
/** A shirt number: one to three digits. */
export const MAX_PRINT_NUMBER = 3;
/** The group's name as the organiser writes it. */
export const MAX_GROUP_TITLE = 80;
/** The last day may be at most this far ahead (a group that never closes holds uploads forever). */
export const MAX_GROUP_DAYS_AHEAD = 180;

export interface Personalisation {
  name: boolean;
  number: boolean;
}

/** Which prints a product offers a group: those it has a price for. */
export function personalisationOffered(prices: PersonalisationPrices | undefined): Personalisation {
  return { name: prices?.name !== undefined, number: prices?.number !== undefined };
}

/**
 * What each garment of a group's line costs more for its name and number: the product's prices,
 * added to the tier's unit price of every garment (decision 0051). A name and a number are two
 * prints. A print the product does not offer adds nothing here: such a line is refused by
 * `groupLineProblem` before it is priced into an order.
 */
export function personalisationExtraPerUnit(
  personalisation: Personalisation | undefined,
  prices: PersonalisationPrices | undefined,
): Milli {
  if (!personalisation) return 0 as Milli;
  return ((personalisation.name ? (prices?.name ?? 0) : 0) +
    (personalisation.number ? (prices?.number ?? 0) : 0)) as Milli;
}

/**
 * Letters of any alphabet, spaces, hyphen, apostrophe and full stop, starting with a letter: what a
 * press prints in letters on a shirt. One character class repeated, so matching is linear.
 */
const printNamePattern = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const printNumberPattern = /^[0-9]{1,3}$/;

export type PrintTextProblem = 'characters' | 'length' | 'link';

/** What is wrong with a name to print on a garment; undefined when it may be printed. */
export function printNameProblem(text: string): PrintTextProblem | undefined {
  if ([...text].length > MAX_PRINT_NAME) return 'length';
  if (hasForbiddenCharacter(text, false) || !printNamePattern.test(text)) return 'characters';
  if (strangerTextProblem(text) === 'link') return 'link';
  return undefined;
}

/** What is wrong with a number to print; undefined when it may be printed. */
export function printNumberProblem(text: string): PrintTextProblem | undefined {
  if (text.length > MAX_PRINT_NUMBER) return 'length';
  return printNumberPattern.test(text) ? undefined : 'characters';
}

/** A member's own name: one line, no link (it reaches the job ticket and the packing list). */
export function memberNameProblem(text: string): PrintTextProblem | undefined {
  if ([...text].length > MAX_MEMBER_NAME) return 'length';
  if (hasForbiddenCharacter(text, false)) return 'characters';
  if (strangerTextProblem(text) === 'link') return 'link';
  return undefined;
}

/** One garment of a group's line: who gets it, its size, and what is printed on it. */
export interface GroupGarment {
  member: string;
  /**
   * The member's entry it comes from, numbered 1… in the order the group's entries were made: one
   * bag on the packing list per entry, so two members of the same name are packed apart. Absent on
   * lines ordered before it was kept (packed by name).
   */
  entry?: number;
  size: GarmentSizeCode;
  printName?: string;
  printNumber?: string;
}

/** The group's part of an order line: the personalisation and each garment, sorted by member. */
export interface GroupLine {
  personalisation: Personalisation;
  garments: GroupGarment[];
}

/** One entry's garments: `quantity` alike, as the member asked; `n` numbers the entry in its group. */
export function entryGarments(
  entry: {
    name: string;
    size: GarmentSizeCode;
    quantity: number;
    printName?: string | null | undefined;
    printNumber?: string | null | undefined;
  },
  n?: number,
): GroupGarment[] {
  const garment: GroupGarment = { member: entry.name, size: entry.size };
  if (n !== undefined) garment.entry = n;
  if (entry.printName) garment.printName = entry.printName;
  if (entry.printNumber) garment.printNumber = entry.printNumber;
  return Array.from({ length: entry.quantity }, () => ({ ...garment }));
}

/** The garments' sizes summed: the line's split. */
export function garmentSplit(garments: readonly { size: GarmentSizeCode }[]): SizeSplit {
  const split: SizeSplit = {};
  for (const garment of garments) split[garment.size] = (split[garment.size] ?? 0) + 1;
  return normaliseSplit(split);
}

/** Packing order: by member, then entry (two of one name apart), size (smallest first), number. */
export function sortGarments(garments: readonly GroupGarment[]): GroupGarment[] {
  const order = (size: GarmentSizeCode) => allSizeCodes.indexOf(size);
  return [...garments].sort(
    (a, b) =>
      a.member.localeCompare(b.member, 'sv') ||
      (a.entry ?? 0) - (b.entry ?? 0) ||
      order(a.size) - order(b.size) ||
      (a.printNumber ?? '').localeCompare(b.printNumber ?? '', 'sv', { numeric: true }),
  );
}

export type GroupLineProblem =
  | { kind: 'count'; quantity: number; garments: number }
  | { kind: 'sizes' }
  | { kind: 'missingName'; n: number }
  | { kind: 'missingNumber'; n: number }
  | { kind: 'printText'; n: number; problem: PrintTextProblem }
  | { kind: 'notAllowed'; n: number }
  | { kind: 'notOffered'; print: 'name' | 'number' };

/**
 * The one rule for a group's line, on the server before an order is priced: names and numbers
 * only where the product offers them (a price in the catalogue), one garment per piece, their sizes
 * the line's split, a name and a number on every garment exactly when the group prints them, each
 * one printable.
 */
export function groupLineProblem(
  line: { quantity: number; sizes?: SizeSplit | undefined },
  group: GroupLine,
  offered: Personalisation,
): GroupLineProblem | undefined {
  if (group.personalisation.name && !offered.name) return { kind: 'notOffered', print: 'name' };
  if (group.personalisation.number && !offered.number) return { kind: 'notOffered', print: 'number' };
  if (group.garments.length !== line.quantity)
    return { kind: 'count', quantity: line.quantity, garments: group.garments.length };
  const split = garmentSplit(group.garments);
  const sizes = line.sizes ?? {};
  if (allSizeCodes.some((code) => (split[code] ?? 0) !== (sizes[code] ?? 0))) return { kind: 'sizes' };
  for (const [index, garment] of group.garments.entries()) {
    const n = index + 1;
    const memberProblem = memberNameProblem(garment.member);
    if (memberProblem) return { kind: 'printText', n, problem: memberProblem };
    if (group.personalisation.name) {
      if (!garment.printName) return { kind: 'missingName', n };
      const problem = printNameProblem(garment.printName);
      if (problem) return { kind: 'printText', n, problem };
    } else if (garment.printName !== undefined) return { kind: 'notAllowed', n };
    if (group.personalisation.number) {
      if (!garment.printNumber) return { kind: 'missingNumber', n };
      const problem = printNumberProblem(garment.printNumber);
      if (problem) return { kind: 'printText', n, problem };
    } else if (garment.printNumber !== undefined) return { kind: 'notAllowed', n };
  }
  return undefined;
}

/** A stored group line read back without trusting it (the cart's storage); undefined when malformed. */
export function readGroupLine(value: unknown): GroupLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { personalisation, garments } = value as Record<string, unknown>;
  if (typeof personalisation !== 'object' || personalisation === null || !Array.isArray(garments))
    return undefined;
  const { name, number } = personalisation as Record<string, unknown>;
  if (typeof name !== 'boolean' || typeof number !== 'boolean') return undefined;
  if (garments.length === 0 || garments.length > MAX_GROUP_GARMENTS) return undefined;
  const read: GroupGarment[] = [];
  for (const item of garments as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { member, entry, size, printName, printNumber } = item as Record<string, unknown>;
    if (typeof member !== 'string' || member === '' || member.length > MAX_MEMBER_NAME) return undefined;
    if (typeof size !== 'string' || !isGarmentSizeCode(size)) return undefined;
    const garment: GroupGarment = { member, size };
    if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 1 && entry <= MAX_GROUP_ENTRIES)
      garment.entry = entry;
    if (typeof printName === 'string' && printName.length <= MAX_PRINT_NAME) garment.printName = printName;
    if (typeof printNumber === 'string' && printNumber.length <= MAX_PRINT_NUMBER)
      garment.printNumber = printNumber;
    read.push(garment);
  }
  return { personalisation: { name, number }, garments: read };
}

/** Group pages: `/group/<id>` (member) and `/group/<id>/organise` (organiser); the token in the query. */
export const groupPagePattern = /^\/group\/[0-9a-f-]{36}(\/organise)?$/;

export const groupIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A group's tokens and an entry's edit token: 32 random bytes, base64url. */
export const groupTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The design a group orders: POST /api/orders' line without quantity, sizes and group. */
export interface StoredGroupDesign {
  productId: string;
  customisation?: Customisation;
  options?: LineOptions;
  notes?: string;
}

/** POST /api/group-orders' answer: the group and its two links' tokens (shown once). */
export interface CreatedGroupOrder {
  id: string;
  shareToken: string;
  organiserToken: string;
}

/** One member's entry as the organiser (or the member, by their edit token) sees it. */
export interface GroupEntryView {
  entryId: string;
  name: string;
  size: GarmentSizeCode;
  quantity: number;
  printName?: string;
  printNumber?: string;
}

/**
 * GET /api/group-orders/:id: the organiser's token answers every entry and the tally; the share
 * token answers the group and its design, no one's entries, and a price only when the organiser
 * shows it.
 */
export interface GroupOrderView {
  id: string;
  role: 'organiser' | 'member';
  title: string;
  /** The last day to fill in, Stockholm, included. */
  closesOn: string;
  open: boolean;
  closed: boolean;
  line: StoredGroupDesign;
  personalisation: Personalisation;
  showPrice: boolean;
  /** Per garment with VAT, personalisation included, at the tier of the tally (or the minimum). */
  unitPrice?: string;
  entries: GroupEntryView[];
  sizes?: SizeSplit;
  quantity?: number;
  nextTier?: { quantity: number; more: number; unitPrice: string };
  minQuantity: number;
}

/** GET/PUT /api/group-orders/:id/entries/:entryId with the edit token: the member's own entry. */
export interface OwnEntryView {
  group: GroupOrderView;
  entry: GroupEntryView;
}
