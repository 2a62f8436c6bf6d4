import { z } from 'zod';
import { isCalendarDate, stockholmDate } from './dates';

/**
 * A recorded payment's fields, for an order marked paid and for a supplementary invoice: the same
 * rules, each refusal in the caller's language.
 */

/** The calendar day the money arrived: YYYY-MM-DD, today in Stockholm at the latest. */
export const paidOnSchema = (message: string) =>
  z.string().refine((day) => isCalendarDate(day) && day <= stockholmDate(new Date()), message);

/** The amount received: exact decimal kronor, at most two decimals ("100" or "100.00"). */
export const amountReceivedSchema = (message: string) => z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, message);
