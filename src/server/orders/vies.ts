import { normaliseVatNumber } from '@/shared/invoicing/vat-number';

/**
 * VIES, the EU's VAT number register, asked whether an EU company's VAT number is registered before
 * its goods go out as an intra-Community supply without Swedish VAT. The exemption needs a buyer
 * registered for VAT in another member state (Mervärdesskattelagen 2023:200, 10 kap. 42 §; directive
 * 2006/112/EC art. 138(1)(b)); a number with the right check digits that VIES does not know (the
 * invented DE999999995) is no such buyer, so that order has Swedish VAT.
 *
 * The REST service: POST `{ countryCode, vatNumber }` (the number without its prefix; Greece EL),
 * answered `{ valid, name, requestIdentifier, ... }`; a member state's register that is down answers
 * an error (`MS_UNAVAILABLE`, `MS_MAX_CONCURRENT_REQ`, HTTP 4xx/5xx). Anything but a boolean `valid`
 * within the timeout is `unavailable`: the order then goes through on the number's format, marked
 * unverified (the admin sees it on the order).
 */

export type ViesAnswer =
  | { status: 'valid'; name: string | null; requestIdentifier: string | null }
  | { status: 'invalid'; name: null; requestIdentifier: string | null }
  | { status: 'unavailable'; name: null; requestIdentifier: null };

export interface ViesSettings {
  url: string;
  timeoutMs: number;
}

/** Longest answer read: VIES's are well under 2 KB. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Valid and invalid answers are kept this long (the cart asks, then the checkout asks again). */
const CACHE_MS = 10 * 60 * 1000;
const CACHE_ENTRIES = 1000;
const cache = new Map<string, { answer: ViesAnswer; until: number }>();

const unavailable: ViesAnswer = { status: 'unavailable', name: null, requestIdentifier: null };

/** A name VIES gives, or null for none ("---" is how a register that keeps names private says it). */
function registeredName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().slice(0, 300);
  return name === '' || /^-+$/.test(name) ? null : name;
}

function identifier(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;
}

async function readCapped(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks VIES about a VAT number with its country prefix ("DE136695976", "EL094259216"). Never throws:
 * no answer in time, an error or an answer that is not VIES's is `unavailable`.
 */
export async function checkVies(settings: ViesSettings, vatNumber: string): Promise<ViesAnswer> {
  const normalised = normaliseVatNumber(vatNumber);
  const cached = cache.get(normalised);
  if (cached && cached.until > Date.now()) return cached.answer;
  const countryCode = normalised.slice(0, 2);
  const number = normalised.slice(2);
  let answer: ViesAnswer = unavailable;
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber: number }),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
    const text = await readCapped(response);
    if (response.ok && text !== undefined) {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'valid' in body && typeof body.valid === 'boolean') {
        const fields = body as { valid: boolean; name?: unknown; requestIdentifier?: unknown };
        answer = fields.valid
          ? {
              status: 'valid',
              name: registeredName(fields.name),
              requestIdentifier: identifier(fields.requestIdentifier),
            }
          : { status: 'invalid', name: null, requestIdentifier: identifier(fields.requestIdentifier) };
      }
    }
  } catch {
    // Timeout, refused connection, not JSON: VIES is unavailable (said by the answer, not thrown).
    answer = unavailable;
  }
  if (answer.status !== 'unavailable') {
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
    cache.set(normalised, { answer, until: Date.now() + CACHE_MS });
  }
  return answer;
}
