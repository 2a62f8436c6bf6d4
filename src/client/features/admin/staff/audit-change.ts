import { formatDate } from '@/shared/dates';
import type { Translation } from '@/shared/i18n/define';
import type { auditFieldMessages } from '@/shared/i18n/messages/audit-fields';
import { formatEuroDecimal, formatKrDecimal } from '@/shared/money-format';
import type { AuditEvent } from '@/shared/staff';

type FieldNames = Translation<(typeof auditFieldMessages)['sv']>;

/** How the reader's page writes what the record keeps: field names, dates and amounts in their language. */
export interface AuditReading {
  statusLabels: Readonly<Record<string, string>>;
  names: FieldNames;
  /** BCP 47 tag for dates ("sv-SE"). */
  dateTag: string;
}

/** Amounts the record keeps as exact decimals of kronor ("1234.50"). */
const kronorFields = new Set(['amount', 'total', 'fee', 'interest', 'refund', 'bookedSek']);
const decimalAmount = /^-?\d{1,15}\.\d{2}$/;
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** "bank_transfer" → "BankTransfer", "paidOn" → "PaidOn": the key's name in auditFieldMessages. */
function messageKey(prefix: 'field' | 'value', recorded: string): string {
  const camel = recorded
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return prefix + camel;
}

/** A recorded value as text: strings as they are, anything else (numbers, objects) as JSON. */
const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function fieldName(key: string, reading: AuditReading): string {
  return (reading.names as Readonly<Record<string, string>>)[messageKey('field', key)] ?? key;
}

function valueText(
  key: string,
  value: unknown,
  record: Record<string, unknown>,
  reading: AuditReading,
): string {
  if (key === 'status') return reading.statusLabels[text(value)] ?? text(value);
  if (typeof value === 'boolean') return value ? reading.names.valueTrue : reading.names.valueFalse;
  if (typeof value !== 'string') return text(value);
  if (kronorFields.has(key) && decimalAmount.test(value)) return formatKrDecimal(value);
  if (key === 'amountInCurrency' && decimalAmount.test(value))
    return record.currency === 'EUR' ? formatEuroDecimal(value) : value;
  if (calendarDate.test(value)) return formatDate(value, reading.dateTag);
  return (reading.names as Readonly<Record<string, string>>)[messageKey('value', value)] ?? value;
}

/** Plain "name: value" pairs of a recorded value (what the record keeps is small and flat). */
function pairs(value: unknown, reading: AuditReading): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return text(value);
  const record = value as Record<string, unknown>;
  return Object.entries(record)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([key, v]) => `${fieldName(key, reading)}: ${valueText(key, v, record, reading)}`)
    .join(', ');
}

/**
 * What an event changed, as a person reads it: a status step as "Paid → In production", anything
 * else as its before and after values, named and formatted in the reader's language.
 */
export function describeChange(event: AuditEvent, reading: AuditReading): string {
  const { statusLabels } = reading;
  const before = pairs(event.before, reading);
  const after = pairs(event.after, reading);
  if (event.action === 'order_status' || event.action === 'payment') {
    const from = (event.before as { status?: string } | null)?.status;
    const to = (event.after as { status?: string } | null)?.status;
    if (from && to) {
      const rest = pairs({ ...(event.after as object), status: undefined }, reading);
      return `${statusLabels[from] ?? from} → ${statusLabels[to] ?? to}${rest ? ` (${rest})` : ''}`;
    }
  }
  if (before && after) return `${before} → ${after}`;
  return after || before;
}
