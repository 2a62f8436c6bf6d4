import { z } from 'zod';
import { textField } from './text';

/**
 * The order lookup's one field, for the page and the server. Apart from order-lookup.ts, so the
 * order page (which only links to the lookup) does not load zod.
 */
export const orderLookupSchema = z.object({
  email: textField({ required: 'Email is required', max: [255, 'Email cannot exceed 255 characters'] }).pipe(
    z.email('Invalid email address'),
  ),
});
export type OrderLookupRequest = z.infer<typeof orderLookupSchema>;
