import { z } from 'zod';
import { colors } from './catalogue';
import type { Customisation, PrintPlacement } from './customisation';

/** A print placed on a customised garment. Positions are % of the preview (10–90), scale 0.1–2. */
export const printSchema: z.ZodType<PrintPlacement> = z.object({
  method: z.enum(['dtg', 'screen']),
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid upload'),
  side: z.enum(['front', 'back', 'side']),
  x: z.number().min(10).max(90),
  y: z.number().min(10).max(90),
  scale: z.number().min(0.1).max(2),
});

export const customisationSchema: z.ZodType<Customisation, unknown> = z.object({
  color: z.enum(colors.map((c) => c.id) as [string, ...string[]]),
  prints: z.array(printSchema).max(2),
  additionalInfo: z.string().max(2000).default(''),
});


