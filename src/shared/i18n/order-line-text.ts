import type { Customisation } from '@/shared/customisation';
import type { LineOptions } from '@/shared/product-options';
import { printMethodLabels, printSideLabels } from '@/shared/print-options';
import { formatSplit, type SizeSplit } from '@/shared/sizes';
import type { Locale } from './locale';
import { colourName } from './messages/colours';
import { orderLineMessages } from './messages/order-lines';
import { describeOptions } from './messages/product-options';
import { orderLineName } from './order-line-name';

/** A stored order line as far as its words go (orders.items, OrderView lines, invoice input). */
export interface StoredLineFacts {
  productId: string;
  /** The catalogue's English name when ordered: the fallback for an id the catalogue lacks. */
  name: string;
  /** The names in both languages the line was sold with (orders since the catalogue is kept in admin). */
  names?: Readonly<Record<Locale, string>> | undefined;
  fee?: 'conversion' | undefined;
  sizes?: SizeSplit | undefined;
  options?: LineOptions | undefined;
  customisation?: Customisation | undefined;
  notes?: string | undefined;
}

/**
 * An order line in one reader's language, in parts: what the buyer's pages, the emails, the
 * invoice, credit note, reminder and job ticket all say about it, so no reader sees another name
 * or colour. `details` are the labelled parts in their one order ("Färg: Svart", "Storlekar: 10 S,
 * 20 M", other choices, "Tryck: Screentryck (Framsida)", notes: what pages, emails and invoices list); the others are the bare values for
 * a layout of its own (the job ticket).
 */
export interface OrderLineText {
  /** "T-shirt i bomull"; a fee line's fee ("Konvertering av tryckfil"). */
  name: string;
  /** "Svart": the blank's colour (a choice or the design's), null when the line has none. */
  colour: string | null;
  /** "10 S, 20 M", null for a line without sizes. */
  sizes: string | null;
  /** The choices other than colour: "Dekor: Brodyr · Storlek: A6 (105 × 148 mm)". */
  options: string | null;
  /** Each print: "Screentryck (Framsida)". */
  prints: string[];
  notes: string | null;
  additionalInfo: string | null;
  details: OrderLineDetail[];
}

export type OrderLineDetailPart = 'colour' | 'sizes' | 'options' | 'prints' | 'notes' | 'additionalInfo';

/** One labelled part of a line ("Färg: Svart"); `part` says which, for a page's test id or style. */
export interface OrderLineDetail {
  part: OrderLineDetailPart;
  text: string;
}

/** The one way an order line becomes words (the server builds every reader's view with it). */
export function orderLineText(locale: Locale, line: StoredLineFacts): OrderLineText {
  const t = orderLineMessages[locale];
  const colourId = line.options?.colour ?? line.customisation?.color;
  const colour = colourId ? colourName(locale, colourId) : null;
  const sizes = line.sizes ? formatSplit(line.sizes) || null : null;
  const options =
    describeOptions(locale, line.options ? { ...line.options, colour: undefined } : undefined) || null;
  const prints = (line.customisation?.prints ?? []).map(
    (print) => `${printMethodLabels[locale][print.method]} (${printSideLabels[locale][print.side]})`,
  );
  const notes = line.notes?.trim() ? line.notes : null;
  const additionalInfo = line.customisation?.additionalInfo.trim() ? line.customisation.additionalInfo : null;
  const detail = (part: OrderLineDetailPart, text: string | false | null): OrderLineDetail[] =>
    text ? [{ part, text }] : [];
  const details = [
    ...detail('colour', colour && `${t.colour}: ${colour}`),
    ...detail('sizes', sizes && `${t.sizes}: ${sizes}`),
    ...detail('options', options),
    ...detail('prints', prints.length > 0 && `${t.prints}: ${prints.join(', ')}`),
    ...detail('notes', notes && `${t.notes}: ${notes}`),
    ...detail('additionalInfo', additionalInfo && `${t.additionalInfo}: ${additionalInfo}`),
  ];
  return {
    name: orderLineName(locale, line),
    colour,
    sizes,
    options,
    prints,
    notes,
    additionalInfo,
    details,
  };
}

/**
 * The parts an email or an invoice lists: all but the buyer's words to the printer (the line's note
 * and the design's additional information). Anyone can order to any address, so that free text
 * stays on the buyer's pages and the job ticket and never goes out under the shop's name; the
 * fields an email or invoice does repeat refuse links instead (stranger-text.ts).
 */
export function sentDetails(text: OrderLineText): OrderLineDetail[] {
  return text.details.filter((detail) => detail.part !== 'notes' && detail.part !== 'additionalInfo');
}
