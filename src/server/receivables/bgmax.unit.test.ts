import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '@/shared/dates';
import { describeBankFileProblem } from '@/shared/i18n/messages/bank-files';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import { milliFromDecimal } from '@/shared/money';
import { formatKr } from '@/shared/money-format';
import {
  bgmaxClosingRecord,
  bgmaxDepositRecords,
  bgmaxRecord,
  bgmaxStartRecord,
  bgmaxText,
  testShopAccounts,
  type BgMaxFile,
} from '@tests/helpers/bank-files';
import type { BankFileSummary, BankPayment, ByteSource } from './bank-file';
import { readBgMax } from './bgmax';
import { readBankFile } from './read-bank-file';
import { refusalOf } from '@tests/helpers/bank-file-refusal';

const ocrA = ocrForInvoiceNumber('INV-1764000000001');
const ocrB = ocrForInvoiceNumber('INV-1764000000002');
const ocrC = ocrForInvoiceNumber('INV-1764000000003');

interface Read {
  payments: BankPayment[];
  booked: Map<number, CalendarDate>;
  summary: BankFileSummary;
}

async function read(source: ByteSource): Promise<Read> {
  const payments: BankPayment[] = [];
  const booked = new Map<number, CalendarDate>();
  const summary = await readBgMax(source, {
    payment: (payment) => void payments.push(payment),
    depositBooked: (group, day) => void booked.set(group, day),
  });
  return { payments, booked, summary };
}

const refusal = (source: ByteSource) => refusalOf(read, source);

const latin1 = (text: string): Buffer[] => [Buffer.from(text, 'latin1')];

/** Two deposits with every kind of record the manual defines. */
const everything: BgMaxFile = {
  deposits: [
    {
      paymentDay: '2026-11-20',
      payments: [
        {
          amount: '1000.00',
          reference: ocrA,
          name: 'Kalles Plåt AB',
          address: { street: 'Storgatan 2', postcode: '12345', city: 'Storåker' },
          organisationNumber: '5560000001',
        },
        { amount: '500.00', reference: '89853', referenceCode: 4, deduction: 1 },
        {
          amount: '1400.00',
          reference: '657866 658765 657767',
          referenceCode: 3,
          extraReferences: [{ reference: ocrB }, { reference: ocrC, amount: '100.00', negative: true }],
          information: ['Betalning med extra refnr 657965'],
        },
      ],
    },
    {
      paymentDay: '2026-11-23',
      payments: [
        { amount: '1100.00', reference: ocrB },
        { amount: '1200.00', information: ['Faktura INV-1764000000003'], referenceCode: 1 },
        {
          amount: '5000.00',
          reference: ocrA,
          extraReferences: [
            { reference: ocrB, amount: '2000.00' },
            { reference: ocrC, amount: '3000.00' },
          ],
        },
      ],
    },
  ],
};

describe('BgMax reader', () => {
  it('reads every payment of several deposits, with deductions, extra references and texts', async () => {
    const { payments, booked, summary } = await read(latin1(bgmaxText(everything)));
    expect(summary).toEqual({
      format: 'bgmax',
      payments: 6,
      totalMilli: 9_200_000n,
      groups: 2,
      testFile: false,
    });
    expect(booked).toEqual(
      new Map([
        [1, '2026-11-20'],
        [2, '2026-11-23'],
      ]),
    );
    expect(payments.map((p) => [p.group, p.amount, p.bookedOn, p.currency])).toEqual([
      [1, 1_000_000, null, 'SEK'],
      [1, -500_000, null, 'SEK'],
      [1, 1_400_000, null, 'SEK'],
      [2, 1_100_000, null, 'SEK'],
      [2, 1_200_000, null, 'SEK'],
      [2, 5_000_000, null, 'SEK'],
    ]);
    const [first, deduction, several, , textOnly, split] = payments;
    expect(first).toMatchObject({
      ocrReferences: [{ reference: ocrA }],
      references: [],
      payerName: 'Kalles Plåt AB',
      payerId: '005560000001',
    });
    expect(deduction).toMatchObject({ ocrReferences: [], references: ['89853'] });
    expect(several).toMatchObject({
      ocrReferences: [{ reference: ocrB }, { reference: ocrC, amount: -100_000 }],
      references: ['657866 658765 657767'],
      messages: ['Betalning med extra refnr 657965'],
    });
    expect(textOnly).toMatchObject({
      ocrReferences: [],
      references: [],
      messages: ['Faktura INV-1764000000003'],
    });
    expect(split?.ocrReferences).toEqual([
      { reference: ocrA },
      { reference: ocrB, amount: 2_000_000 },
      { reference: ocrC, amount: 3_000_000 },
    ]);
  });

  it('gives each payment a key of its own that is the same on a second reading', async () => {
    const once = await read(latin1(bgmaxText(everything)));
    const again = await read(latin1(bgmaxText(everything)));
    const keys = once.payments.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(again.payments.map((p) => p.key)).toEqual(keys);
  });

  it('reads the same whatever the chunks, line endings and trailing spaces', async () => {
    const text = bgmaxText(everything);
    const bytes = Buffer.from(text, 'latin1');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    const trimmed = text
      .split('\r\n')
      .map((line) => line.trimEnd())
      .join('\n');
    const expected = await read([bytes]);
    for (const source of [chunks, latin1(trimmed)]) {
      const { payments, summary } = await read(source);
      expect(summary).toEqual(expected.summary);
      expect(payments).toEqual(expected.payments);
    }
  });

  it('keeps the letters of a name whether the file is ISO 8859-1 or re-saved as UTF-8', async () => {
    const utf8 = Buffer.from(bgmaxText(everything), 'utf8');
    const { payments } = await read([utf8]);
    expect(payments[0]?.payerName).toBe('Kalles Plåt AB');
  });

  it('says when Bankgirot marked the file as a test file', async () => {
    const { summary } = await read(latin1(bgmaxText({ ...everything, testMark: 'T' })));
    expect(summary.testFile).toBe(true);
  });

  it('reads through readBankFile too, which tells BgMax from anything else', async () => {
    const payments: BankPayment[] = [];
    const summary = await readBankFile(
      latin1(bgmaxText(everything)),
      {
        payment: (p) => void payments.push(p),
      },
      testShopAccounts,
    );
    expect(summary.format).toBe('bgmax');
    expect(payments).toHaveLength(6);
    await expect(
      readBankFile([Buffer.from('Datum;Belopp\n')], { payment: () => undefined }, testShopAccounts),
    ).rejects.toMatchObject({
      problem: { code: 'unknown_format' },
    });
    await expect(
      readBankFile([Buffer.from('  \n')], { payment: () => undefined }, testShopAccounts),
    ).rejects.toMatchObject({
      problem: { code: 'empty' },
    });
  });

  describe('refuses a file whose counts or sums do not add up', () => {
    const lineOf = (text: string, code: string): number =>
      text.split('\r\n').findIndex((line) => line.startsWith(code)) + 1;

    it.each([
      ['payments', { payments: 4 }, 4, 5],
      ['deductions', { deductions: 0 }, 0, 1],
      ['extraReferences', { extraReferences: 3 }, 3, 4],
      ['deposits', { deposits: 3 }, 3, 2],
    ] as const)('closing record: %s', async (count, closing, stated, found) => {
      const text = bgmaxText({ ...everything, closing });
      expect(await refusal(latin1(text))).toEqual({
        code: 'count_mismatch',
        line: lineOf(text, '70'),
        count,
        stated,
        found,
      });
    });

    it('a deposit amount that is not its payments less its deductions', async () => {
      const file: BgMaxFile = {
        deposits: [{ ...everything.deposits[0]!, statedAmount: '2900.00' }],
      };
      const text = bgmaxText(file);
      const problem = await refusal(latin1(text));
      expect(problem).toEqual({
        code: 'sum_mismatch',
        line: lineOf(text, '15'),
        sum: 'deposit',
        stated: formatKr(milliFromDecimal('2900')),
        found: formatKr(milliFromDecimal('1900')),
      });
      expect(describeBankFileProblem(problem, 'sv')).toBe(
        'Filen lästes inte in (ingenting bokfördes): Rad 13: insättningens belopp anges till 2\u00a0900,00 kr men betalningarna blir 1\u00a0900,00 kr.',
      );
      expect(describeBankFileProblem(problem, 'en')).toBe(
        'The file was not imported (nothing was recorded): Line 13: the deposit amount is stated as 2\u00a0900,00 kr but the payments add up to 1\u00a0900,00 kr.',
      );
    });

    it('a deposit that states another number of payments', async () => {
      const text = bgmaxText({ deposits: [{ ...everything.deposits[1]!, statedPayments: 2 }] });
      expect(await refusal(latin1(text))).toMatchObject({
        code: 'count_mismatch',
        count: 'depositPayments',
        stated: 2,
        found: 3,
      });
    });
  });

  describe('refuses a malformed file whole', () => {
    const deposit = { paymentDay: '2026-11-20', payments: [{ amount: '10.00', reference: ocrA }] };
    const lines = (...records: string[]): Buffer[] => latin1(`${records.join('\r\n')}\r\n`);
    const closing = bgmaxClosingRecord({ payments: 1, deductions: 0, extraReferences: 0, deposits: 1 });

    it('a file that ends before its closing record', async () => {
      expect(await refusal(latin1(bgmaxText({ deposits: [deposit], withoutClosing: true })))).toEqual({
        code: 'missing_end',
      });
      const cut = bgmaxText({ deposits: [deposit] })
        .split('\r\n')
        .slice(0, 3)
        .join('\r\n');
      expect(await refusal(latin1(cut))).toEqual({ code: 'missing_end' });
    });

    it('anything after the closing record', async () => {
      const text = `${bgmaxText({ deposits: [deposit] })}${bgmaxStartRecord()}\r\n`;
      expect(await refusal(latin1(text))).toEqual({ code: 'after_end', line: 6 });
    });

    it('a file that is not BgMax at all', async () => {
      expect(await refusal(latin1('Hello, world\n'))).toEqual({ code: 'unknown_format' });
      expect(await refusal([])).toEqual({ code: 'empty' });
    });

    it('records out of place', async () => {
      const [open, payment, close] = bgmaxDepositRecords(deposit, 1);
      expect(await refusal(lines(bgmaxStartRecord(), payment!, close!, closing))).toEqual({
        code: 'out_of_order',
        line: 2,
        record: '20',
      });
      expect(await refusal(lines(bgmaxStartRecord(), open!, open!))).toEqual({
        code: 'out_of_order',
        line: 3,
        record: '05',
      });
      expect(await refusal(lines(bgmaxStartRecord(), open!, payment!, closing))).toEqual({
        code: 'out_of_order',
        line: 4,
        record: '70',
      });
      expect(await refusal(lines(bgmaxStartRecord(), open!, bgmaxRecord('26', [[3, 'Namn']])))).toEqual({
        code: 'out_of_order',
        line: 3,
        record: '26',
      });
    });

    it('a field that is not what the layout says', async () => {
      const [open, payment, close] = bgmaxDepositRecords(deposit, 1);
      const badAmount = `${payment!.slice(0, 40)}12A4${payment!.slice(44)}`;
      expect(await refusal(lines(bgmaxStartRecord(), open!, badAmount, close!, closing))).toEqual({
        code: 'bad_field',
        line: 3,
        field: 'amount',
      });
      const badDate = `${close!.slice(0, 37)}20261131${close!.slice(45)}`;
      expect(await refusal(lines(bgmaxStartRecord(), open!, payment!, badDate, closing))).toEqual({
        code: 'bad_field',
        line: 4,
        field: 'date',
      });
      const badMark = `${bgmaxStartRecord().slice(0, 44)}X`;
      expect(await refusal(lines(badMark))).toEqual({ code: 'bad_field', line: 1, field: 'testMark' });
      const otherCurrency = `${close!.slice(0, 68)}EUR${close!.slice(71)}`;
      expect(await refusal(lines(bgmaxStartRecord(), open!, payment!, otherCurrency, closing))).toEqual({
        code: 'bad_field',
        line: 4,
        field: 'currency',
      });
    });

    it('a line longer than a record, or no line ends at all', async () => {
      const [open, payment, close] = bgmaxDepositRecords(deposit, 1);
      expect(await refusal(lines(bgmaxStartRecord(), open!, `${payment!}X`, close!, closing))).toEqual({
        code: 'line_too_long',
        line: 3,
      });
      expect(await refusal([Buffer.from(`${bgmaxStartRecord()}\r\n`), Buffer.alloc(5000, 0x32)])).toEqual({
        code: 'line_too_long',
        line: 2,
      });
    });

    it('a line that is no record', async () => {
      const [open, payment, close] = bgmaxDepositRecords(deposit, 1);
      expect(await refusal(lines(bgmaxStartRecord(), open!, payment!, 'Hej!', close!, closing))).toEqual({
        code: 'bad_record',
        line: 4,
        record: 'Hej!',
      });
    });

    it('skips a record type the manual may add later, as it asks of readers', async () => {
      const [open, payment, close] = bgmaxDepositRecords(deposit, 1);
      const { payments } = await read(
        lines(bgmaxStartRecord(), open!, payment!, bgmaxRecord('24', []), close!, closing),
      );
      expect(payments).toHaveLength(1);
    });
  });

  it('streams a file of 100 000 payments in bounded memory', async () => {
    const count = 100_000;
    const perDeposit = 25_000;
    const deposits = count / perDeposit;
    // The file is made as it is read, a thousand payments' records at a time: 24 MB in all.
    const references = Array.from({ length: 100 }, (_, i) => ocrForInvoiceNumber(`INV-${1764000000000 + i}`));
    const texts = ['26', '27', '28', '29']
      .map((code, i) =>
        bgmaxRecord(code, [[3, ['Kalles Plåt AB', 'Storgatan 2', 'Storåker', '005560000001'][i]!]]),
      )
      .join('\r\n');
    // Record 20 by its columns (bgmax.ts): bankgiro, reference, amount, codes, serial number, image mark.
    const paymentRecords = (n: number, amountOre: number): string =>
      `200009912346${references[n % 100]!.padStart(25)}${String(amountOre).padStart(18, '0')}21${String(n + 1).padStart(12, '0')}0${' '.repeat(10)}\r\n` +
      `${`25Order ${n}`.padEnd(80)}\r\n${texts}`;
    function* chunks(): Generator<Buffer> {
      yield Buffer.from(`${bgmaxStartRecord()}\r\n`, 'latin1');
      for (let d = 0; d < deposits; d++) {
        yield Buffer.from(
          `${bgmaxRecord('05', [
            [3, '0009912346'],
            [23, 'SEK'],
          ])}\r\n`,
          'latin1',
        );
        let ore = 0;
        for (let i = 0; i < perDeposit; i += 1000) {
          const block: string[] = [];
          for (let j = i; j < i + 1000; j++) {
            const n = d * perDeposit + j;
            const amountOre = 10_000 + (n % 90_000);
            ore += amountOre;
            block.push(paymentRecords(n, amountOre));
          }
          yield Buffer.from(`${block.join('\r\n')}\r\n`, 'latin1');
        }
        yield Buffer.from(
          `${bgmaxRecord('15', [
            [3, '0'.repeat(35)],
            [38, '20261120'],
            [46, String(d + 1).padStart(5, '0')],
            [51, String(ore).padStart(18, '0')],
            [69, 'SEK'],
            [72, String(perDeposit).padStart(8, '0')],
          ])}\r\n`,
          'latin1',
        );
      }
      yield Buffer.from(
        `${bgmaxClosingRecord({ payments: count, deductions: 0, extraReferences: 0, deposits })}\r\n`,
        'latin1',
      );
    }
    // What stays on the heap after a full garbage collection is what the reader holds.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    let payments = 0;
    let total = 0n;
    let peakHeap = 0;
    const startHeap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const summary = await readBgMax(chunks(), {
      payment: (payment) => {
        payments += 1;
        total += BigInt(payment.amount);
        if (payments % 20_000 === 0) {
          gc();
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - startHeap);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(payments).toBe(count);
    expect(summary).toMatchObject({ payments: count, totalMilli: total, groups: deposits });
    // What the reader holds does not grow with the file: a few MB at most, for a 24 MB file (the test's own blocks included).
    expect(peakHeap).toBeLessThan(8 * 1024 * 1024);
    console.info(
      `BgMax: ${count} payments in ${seconds.toFixed(1)} s, heap +${(peakHeap / 1048576).toFixed(1)} MB`,
    );
  }, 60_000);
});
