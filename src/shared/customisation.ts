import { colors } from './catalogue';
import { printMethodIds, printSideIds, type PrintMethod, type PrintSide } from './print-options';
import { uploadIdPattern } from './uploads';

/** Customisation limits (SPEC §4–5), checked by the zod schema, the cart reader and the customiser. */
export type { PrintMethod };

/** One print per method and side: screen print front and back is two prints of one method. */
export const MAX_PRINTS = printMethodIds.length * printSideIds.length;
/** Print position, % of the preview on both axes. */
export const POSITION_MIN = 10;
export const POSITION_MAX = 90;
/** Print size slider: 0.1–2, step 0.1, default 0.3. */
export const SCALE_MIN = 0.1;
export const SCALE_MAX = 2;
export const SCALE_STEP = 0.1;
export const DEFAULT_SCALE = 0.3;
export const ADDITIONAL_INFO_MAX = 2000;

/** A print placed on a customised garment. Positions are % of the preview (10–90), scale 0.1–2. */
export interface PrintPlacement {
  method: PrintMethod;
  /** Id the server gave the uploaded image. */
  uploadId: string;
  side: PrintSide;
  x: number;
  y: number;
  scale: number;
}

export interface Customisation {
  color: string;
  prints: PrintPlacement[];
  additionalInfo: string;
}

/** Stable text of a customisation: identical designs give identical keys and merge in the cart. */
export function customisationKey(customisation: Customisation | undefined): string {
  if (!customisation) return '';
  const prints = [...customisation.prints]
    .sort((a, b) => a.method.localeCompare(b.method) || a.side.localeCompare(b.side))
    .map((p) => [p.method, p.uploadId, p.side, p.x, p.y, p.scale].join(':'));
  return [customisation.color, ...prints, customisation.additionalInfo].join('|');
}

const colorIds: ReadonlySet<string> = new Set(colors.map((c) => c.id));

/**
 * A design's colour: one of the shop's twelve or the id of a colour the owner added (lower-case
 * letters, digits, single hyphens; catalogue-schema.ts). Whether the product offers it is the
 * server's check of the order (its customiser's colours).
 */
export function isDesignColour(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return colorIds.has(value) || (value.length <= 40 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value));
}

function isPrint(value: unknown): value is PrintPlacement {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const within = (n: unknown, min: number, max: number) => typeof n === 'number' && n >= min && n <= max;
  return (
    (printMethodIds as readonly unknown[]).includes(p.method) &&
    typeof p.uploadId === 'string' &&
    uploadIdPattern.test(p.uploadId) &&
    (printSideIds as readonly unknown[]).includes(p.side) &&
    within(p.x, POSITION_MIN, POSITION_MAX) &&
    within(p.y, POSITION_MIN, POSITION_MAX) &&
    within(p.scale, SCALE_MIN, SCALE_MAX)
  );
}

/**
 * The same rules as `customisationSchema`, without zod, for the browser's first-load bundle
 * (reading the stored cart). A unit test keeps the two in agreement.
 */
export function readCustomisation(value: unknown): Customisation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const c = value as Record<string, unknown>;
  const info = c.additionalInfo ?? '';
  if (!isDesignColour(c.color)) return undefined;
  if (!Array.isArray(c.prints) || c.prints.length > MAX_PRINTS || !c.prints.every(isPrint)) return undefined;
  if (typeof info !== 'string' || info.length > ADDITIONAL_INFO_MAX) return undefined;
  return {
    color: c.color,
    prints: c.prints.map(({ method, uploadId, side, x, y, scale }) => ({
      method,
      uploadId,
      side,
      x,
      y,
      scale,
    })),
    additionalInfo: info,
  };
}
