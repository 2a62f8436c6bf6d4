import { colors, type PrintSide } from './catalogue';

export type PrintMethod = 'dtg' | 'screen';

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
    .sort((a, b) => a.method.localeCompare(b.method))
    .map((p) => [p.method, p.uploadId, p.side, p.x, p.y, p.scale].join(':'));
  return [customisation.color, ...prints, customisation.additionalInfo].join('|');
}

const colorIds: ReadonlySet<string> = new Set(colors.map((c) => c.id));
const uploadIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

function isPrint(value: unknown): value is PrintPlacement {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  const within = (n: unknown, min: number, max: number) => typeof n === 'number' && n >= min && n <= max;
  return (
    (p.method === 'dtg' || p.method === 'screen') &&
    typeof p.uploadId === 'string' &&
    uploadIdPattern.test(p.uploadId) &&
    (p.side === 'front' || p.side === 'back' || p.side === 'side') &&
    within(p.x, 10, 90) &&
    within(p.y, 10, 90) &&
    within(p.scale, 0.1, 2)
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
  if (typeof c.color !== 'string' || !colorIds.has(c.color)) return undefined;
  if (!Array.isArray(c.prints) || c.prints.length > 2 || !c.prints.every(isPrint)) return undefined;
  if (typeof info !== 'string' || info.length > 2000) return undefined;
  return {
    color: c.color,
    prints: c.prints.map(({ method, uploadId, side, x, y, scale }) => ({ method, uploadId, side, x, y, scale })),
    additionalInfo: info,
  };
}
