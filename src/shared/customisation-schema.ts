import { z } from 'zod';
import {
  ADDITIONAL_INFO_MAX,
  MAX_PRINTS,
  POSITION_MAX,
  POSITION_MIN,
  SCALE_MAX,
  SCALE_MIN,
  isDesignColour,
  type Customisation,
  type PrintPlacement,
} from './customisation';
import { printMethodIds, printSideIds } from './print-options';
import { textField } from './text';
import { uploadIdPattern } from './uploads';

/** A print placed on a customised garment. Positions are % of the preview, scale as the slider's. */
export const printSchema: z.ZodType<PrintPlacement> = z.object({
  method: z.enum(printMethodIds),
  uploadId: z.string().regex(uploadIdPattern, 'Invalid upload'),
  side: z.enum(printSideIds),
  x: z.number().min(POSITION_MIN).max(POSITION_MAX),
  y: z.number().min(POSITION_MIN).max(POSITION_MAX),
  scale: z.number().min(SCALE_MIN).max(SCALE_MAX),
});

export const customisationSchema: z.ZodType<Customisation, unknown> = z.object({
  color: z.string().refine(isDesignColour),
  prints: z.array(printSchema).max(MAX_PRINTS),
  additionalInfo: textField({
    multiline: true,
    required: 'Additional information must be text',
    max: [ADDITIONAL_INFO_MAX, `Additional information cannot exceed ${ADDITIONAL_INFO_MAX} characters`],
  }).default(''),
});
