import { describe, expect, it } from 'vitest';
import { auditFieldMessages } from '@/shared/i18n/messages/audit-fields';
import { orderStatusMessages } from '@/shared/i18n/messages/order-status';
import type { AuditEvent } from '@/shared/staff';
import { describeChange, type AuditReading } from './audit-change';

const swedish: AuditReading = {
  statusLabels: orderStatusMessages.sv,
  names: auditFieldMessages.sv,
  dateTag: 'sv-SE',
};
const english: AuditReading = {
  statusLabels: orderStatusMessages.en,
  names: auditFieldMessages.en,
  dateTag: 'en-GB',
};

function event(
  action: AuditEvent['action'],
  after: Record<string, unknown>,
  before: unknown = null,
): AuditEvent {
  return {
    id: '1',
    at: '2026-11-28T10:00:00Z',
    staff: 'Anna',
    staffId: 1,
    action,
    target: 'INV-1',
    orderNumber: 'INV-1',
    before,
    after,
  };
}

/** Number and currency spacing as plain spaces (the formats use no-break and narrow spaces). */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('an audit entry as the reader reads it', () => {
  it('names a payment’s fields in Swedish, with the amount and the date as a Swede writes them', () => {
    const change = describeChange(
      event('payment', { amount: '12718.75', paidOn: '2026-11-20', method: 'bank_transfer' }),
      swedish,
    );
    expect(plain(change)).toBe('belopp: 12 718,75 kr, betalningsdag: 2026-11-20, sätt: banköverföring');
    expect(change).not.toMatch(/amount|paidOn|method/);
  });

  it('names them in English for an English reader', () => {
    const change = describeChange(
      event('payment', { amount: '100.00', paidOn: '2026-11-20', method: 'bankgiro' }),
      english,
    );
    expect(plain(change)).toMatch(/^amount: 100[.,]00 kr, paid on: 20\/11\/2026, method: bankgiro$/);
  });

  it('writes a EUR amount in euros and yes/no for flags', () => {
    const change = describeChange(
      event('payment', { currency: 'EUR', amountInCurrency: '65.88', bookedSek: '740.00', negotiated: true }),
      swedish,
    );
    expect(plain(change)).toBe(
      'valuta: EUR, belopp i valuta: 65,88 €, bokfört i kronor: 740,00 kr, förhandlat pris: ja',
    );
  });

  it('keeps a field it has no name for as recorded', () => {
    expect(describeChange(event('payment', { somethingNew: 'x' }), swedish)).toBe('somethingNew: x');
  });
});
