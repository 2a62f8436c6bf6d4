/**
 * Notes and messages on an order (issue 41): the shapes both sides read, their limits, and which
 * note production may not read.
 */

/** Who wrote a message in the thread with the buyer. */
export const messageAuthors = ['buyer', 'shop'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/** A note's or a message's most characters (the tables' CHECKs say the same). */
export const MAX_NOTE_LENGTH = 2000;
export const MAX_MESSAGE_LENGTH = 2000;

/** How many messages a buyer may write on one order per hour, and the shop's staff per order. */
export const BUYER_MESSAGES_PER_HOUR = 10;
export const SHOP_MESSAGES_PER_HOUR = 30;

/** Staff's internal note on an order: never in any answer to the buyer. */
export interface OrderNote {
  id: string;
  text: string;
  /** Printed on the job ticket. */
  forProduction: boolean;
  /** The staff member's name. */
  writtenBy: string;
  /** ISO time. */
  writtenAt: string;
}

/** One entry of the thread with the buyer, oldest first. */
export interface OrderMessage {
  id: string;
  author: MessageAuthor;
  /** 'message': written in the thread; 'print_file': the buyer's note with a file added after ordering. */
  kind: 'message' | 'print_file';
  text: string;
  /** ISO time. */
  writtenAt: string;
  /** The print file's number on the order (1-based), for a 'print_file' entry. */
  printFile?: number;
  /** The staff member who answered (admin only; the buyer reads "the shop"). */
  writtenBy?: string;
  /** The file the buyer sent with the message (uploaded as a print file is), opened by its own link. */
  file?: MessageFile;
}

/** A file with a buyer's message: what the thread shows of it (the bytes are behind their route). */
export interface MessageFile {
  /** The sender's file name, cleaned (display only). */
  name: string;
  bytes: number;
  /** What the server's sniffing decided. */
  contentType: string;
}

/** What POST …/messages and …/notes answer: the thread or the notes as they now are. */
export interface MessagesAnswer {
  messages: OrderMessage[];
}
export interface NotesAnswer {
  notes: OrderNote[];
}

/**
 * Words that speak of money, in Swedish and English (whole words, or the start of one: "fakturan",
 * "betalat", "prices"). A note holding one is for the money roles only: production reads no amount
 * (issue 38), and a note is free text a person may put a price in.
 */
const moneyWordStarts = [
  'pris',
  'price',
  'belopp',
  'amount',
  'faktur',
  'invoice',
  'moms',
  'betal',
  'paid',
  'pay',
  'kredit',
  'credit',
  'rabatt',
  'discount',
  'kostn',
  'cost',
  'summa',
  'total',
  'kronor',
  'refund',
  'återbetal',
  'kontant',
  'cash',
  'saldo',
  'balance',
  'öre',
  'euro',
  'dollar',
];
const moneyWords = new Set(['kr', 'sek', 'eur', 'usd', 'gbp', 'vat', 'ocr', 'bg', 'bankgiro', 'iban']);
const currencySigns = new Set(['€', '$', '£']);

/** True when the text names money: a money word, a currency or sign, or an amount ("450:-"). */
export function mentionsMoney(text: string): boolean {
  let word = '';
  let digitsBefore = false;
  const check = (): boolean => {
    if (word === '') return false;
    if (moneyWords.has(word)) return true;
    // Digits glued to a unit ("450kr", "12sek").
    const unit = word.replace(/^[0-9]+/, '');
    if (unit !== word && moneyWords.has(unit)) return true;
    return moneyWordStarts.some((start) => word.startsWith(start));
  };
  const characters = Array.from(text.toLowerCase());
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index] ?? '';
    if (currencySigns.has(character)) return true;
    // "450:-", the Swedish price mark.
    if (character === ':' && characters[index + 1] === '-' && digitsBefore) return true;
    if (/[\p{L}\p{N}]/u.test(character)) {
      word += character;
      digitsBefore = /[0-9]/.test(character);
    } else {
      if (check()) return true;
      word = '';
      if (character !== ' ') digitsBefore = false;
    }
  }
  return check();
}
