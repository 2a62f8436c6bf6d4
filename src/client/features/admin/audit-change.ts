import type { AuditEvent } from '@/shared/staff';

/** A recorded value as text: strings as they are, anything else (numbers, objects) as JSON. */
const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Plain "key: value" pairs of a recorded value (what the record keeps is small and flat). */
function pairs(value: unknown, label: (key: string, value: unknown) => string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return text(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([key, v]) => `${key}: ${label(key, v)}`)
    .join(', ');
}

/**
 * What an event changed, as a person reads it: a status step as "Paid → In production", anything
 * else as its before and after values.
 */
export function describeChange(event: AuditEvent, statusLabels: Readonly<Record<string, string>>): string {
  const label = (key: string, value: unknown) =>
    key === 'status' ? (statusLabels[text(value)] ?? text(value)) : text(value);
  const before = pairs(event.before, label);
  const after = pairs(event.after, label);
  if (event.action === 'order_status' || event.action === 'payment') {
    const from = (event.before as { status?: string } | null)?.status;
    const to = (event.after as { status?: string } | null)?.status;
    if (from && to) {
      const rest = pairs({ ...(event.after as object), status: undefined }, label);
      return `${statusLabels[from] ?? from} → ${statusLabels[to] ?? to}${rest ? ` (${rest})` : ''}`;
    }
  }
  if (before && after) return `${before} → ${after}`;
  return after || before;
}
