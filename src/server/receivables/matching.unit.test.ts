import { describe, expect, it } from 'vitest';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import { milliFromDecimal, type Milli } from '@/shared/money';
import type { BankPayment } from './bank-file';
import { rfReference } from '@/shared/invoicing/rf-reference';
import { digitRuns, lookupKeys, matchPayment, ocrOfRfReference, type InvoiceCandidate } from './matching';

const kr = (value: string): Milli => milliFromDecimal(value);

function invoice(number: string, balance: string): InvoiceCandidate {
  return { number, ocr: ocrForInvoiceNumber(number), balance: kr(balance) };
}

const a = invoice('INV-1764000000001', '1000.00');
const b = invoice('INV-1764000000002', '2500.00');
const c = invoice('INV-1764000000003', '1200.00');
const paid = invoice('INV-1764000000004', '0');
const all = [a, b, c, paid];

function payment(amount: string, parts: Partial<BankPayment> = {}): BankPayment {
  return {
    key: 'k',
    amount: kr(amount),
    currency: 'SEK',
    bookedOn: '2026-11-20' as BankPayment['bookedOn'],
    group: 1,
    ocrReferences: [],
    references: [],
    messages: [],
    ...parts,
  };
}

describe('matching a bank payment to an invoice', () => {
  it('by OCR reference: the whole amount, be it exact, part or more', () => {
    for (const amount of ['1000.00', '400.00', '1500.00']) {
      expect(matchPayment(payment(amount, { ocrReferences: [{ reference: a.ocr }] }), all)).toEqual({
        matched: true,
        by: 'ocr',
        allocations: [{ invoice: a.number, amount: kr(amount) }],
      });
    }
  });

  it('by an OCR reference the payer typed, when its check digits hold', () => {
    expect(matchPayment(payment('1000.00', { references: [a.ocr] }), all)).toMatchObject({
      matched: true,
      by: 'ocr',
    });
    const typo = `${a.ocr.slice(0, -1)}${(Number(a.ocr.at(-1)) + 1) % 10}`;
    expect(matchPayment(payment('1000.00', { references: [typo] }), all)).toEqual({
      matched: false,
      reason: 'unknown_reference',
    });
  });

  it('queues an OCR reference of no invoice, or of an invoice with nothing left to pay', () => {
    const unknown = ocrForInvoiceNumber('INV-1764000000999');
    expect(matchPayment(payment('1000.00', { ocrReferences: [{ reference: unknown }] }), all)).toEqual({
      matched: false,
      reason: 'unknown_reference',
    });
    expect(matchPayment(payment('1000.00', { ocrReferences: [{ reference: paid.ocr }] }), all)).toEqual({
      matched: false,
      reason: 'invoice_not_open',
    });
  });

  it('splits one payment over several OCR references by the amounts the bank stated', () => {
    const split = payment('3500.00', {
      ocrReferences: [
        { reference: a.ocr, amount: kr('1000.00') },
        { reference: b.ocr, amount: kr('2500.00') },
      ],
    });
    expect(matchPayment(split, all)).toEqual({
      matched: true,
      by: 'ocr',
      allocations: [
        { invoice: a.number, amount: kr('1000.00') },
        { invoice: b.number, amount: kr('2500.00') },
      ],
    });
  });

  it('without stated amounts, fills each invoice in turn and gives the last what is left', () => {
    const refs = { ocrReferences: [{ reference: a.ocr }, { reference: b.ocr }, { reference: c.ocr }] };
    expect(matchPayment(payment('5000.00', refs), all)).toMatchObject({
      allocations: [
        { invoice: a.number, amount: kr('1000.00') },
        { invoice: b.number, amount: kr('2500.00') },
        { invoice: c.number, amount: kr('1500.00') },
      ],
    });
    expect(matchPayment(payment('1500.00', refs), all)).toMatchObject({
      allocations: [
        { invoice: a.number, amount: kr('1000.00') },
        { invoice: b.number, amount: kr('500.00') },
      ],
    });
  });

  it('queues a payment naming an invoice and one unknown OCR reference', () => {
    const refs = {
      ocrReferences: [{ reference: a.ocr }, { reference: ocrForInvoiceNumber('INV-1764000000999') }],
    };
    expect(matchPayment(payment('1000.00', refs), all)).toEqual({
      matched: false,
      reason: 'unknown_reference',
    });
  });

  describe('falls back to an invoice number in the free text with the amount still to pay', () => {
    it('matches when the number and the amount agree', () => {
      for (const messages of [['Faktura INV-1764000000003'], ['fakt 1764000000003 tack'], [`OCR ${c.ocr}`]]) {
        expect(matchPayment(payment('1200.00', { messages }), all)).toEqual({
          matched: true,
          by: 'text',
          allocations: [{ invoice: c.number, amount: kr('1200.00') }],
        });
      }
      expect(matchPayment(payment('1200.00', { references: ['INV-1764000000003'] }), all)).toMatchObject({
        matched: true,
        by: 'text',
      });
    });

    it('queues it when the amount differs, the invoice is paid or two invoices fit', () => {
      const messages = ['Faktura INV-1764000000003'];
      expect(matchPayment(payment('1100.00', { messages }), all)).toEqual({
        matched: false,
        reason: 'amount_differs',
      });
      expect(matchPayment(payment('10.00', { messages: ['INV-1764000000004'] }), all)).toEqual({
        matched: false,
        reason: 'invoice_not_open',
      });
      const twin = invoice('INV-1764000000005', '1200.00');
      expect(
        matchPayment(payment('1200.00', { messages: ['INV-1764000000003 och INV-1764000000005'] }), [
          ...all,
          twin,
        ]),
      ).toEqual({ matched: false, reason: 'ambiguous' });
    });

    it('never matches on the amount alone', () => {
      expect(matchPayment(payment('1200.00', { messages: ['Tack!'] }), all)).toEqual({
        matched: false,
        reason: 'no_reference',
      });
      expect(matchPayment(payment('1200.00', { messages: ['Order 555555'] }), all)).toEqual({
        matched: false,
        reason: 'unknown_reference',
      });
    });
  });

  it('queues other currencies and the payer’s deductions', () => {
    expect(
      matchPayment(payment('1000.00', { currency: 'EUR', ocrReferences: [{ reference: a.ocr }] }), all),
    ).toEqual({
      matched: false,
      reason: 'not_sek',
    });
    expect(
      matchPayment(
        { ...payment('0'), amount: (0 - kr('500.00')) as Milli, ocrReferences: [{ reference: a.ocr }] },
        all,
      ),
    ).toEqual({ matched: false, reason: 'deduction' });
  });

  it('names what to look up: OCR references and the digit runs of the free text, at most 50 of each', () => {
    expect(
      lookupKeys(
        payment('1.00', {
          ocrReferences: [{ reference: a.ocr }],
          references: [b.ocr, '12 34'],
          messages: ['Faktura INV-1764000000003, order 42'],
        }),
      ),
    ).toEqual({ ocrs: [a.ocr, b.ocr], digitRuns: [b.ocr, '1764000000003'] });
    const many = payment('1.00', {
      messages: [Array.from({ length: 500 }, (_, i) => `${100000 + i}`).join(' ')],
    });
    expect(lookupKeys(many).digitRuns).toHaveLength(50);
  });

  it('reads digit runs in linear time, whatever the text', () => {
    const hostile = '1-'.repeat(500_000) + '9'.repeat(30);
    const started = performance.now();
    expect(digitRuns(hostile)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(digitRuns(`a123456b${'1'.repeat(26)}c654321 12345`)).toEqual(['123456', '654321']);
  });

  it('finds an invoice by the RF creditor reference (ISO 11649) of its OCR, as the bank or the payer wrote it', () => {
    const rf = rfReference(b.ocr);
    const spaced = rf.replace(/(.{4})/g, '$1 ').trim();
    expect(ocrOfRfReference(spaced.toLowerCase())).toBe(b.ocr);
    expect(matchPayment(payment('2500.00', { ocrReferences: [{ reference: spaced }] }), all)).toEqual({
      matched: true,
      by: 'ocr',
      allocations: [{ invoice: b.number, amount: kr('2500.00') }],
    });
    expect(lookupKeys(payment('1.00', { references: [rf] })).ocrs).toEqual([b.ocr]);
    // A check digit off is no RF reference: nothing is found by it.
    const wrong = `RF${rf.slice(2, 4) === '99' ? '98' : '99'}${rf.slice(4)}`;
    expect(ocrOfRfReference(wrong)).toBeUndefined();
    expect(matchPayment(payment('2500.00', { ocrReferences: [{ reference: wrong }] }), all)).toEqual({
      matched: false,
      reason: 'unknown_reference',
    });
  });
});
