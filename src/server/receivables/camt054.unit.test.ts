import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { describeBankFileProblem } from '@/shared/i18n/messages/bank-files';
import { ocrForInvoiceNumber } from '@/shared/invoicing/ocr-reference';
import { camt054Xml, testShopAccounts, type CamtFile } from '@tests/helpers/bank-files';
import type { BankFileSummary, BankPayment, ByteSource } from './bank-file';
import { readCamt054 } from './camt054';
import { readBankFile } from './read-bank-file';
import { refusalOf } from '@tests/helpers/bank-file-refusal';

const ocrA = ocrForInvoiceNumber('INV-1764000000001');
const ocrB = ocrForInvoiceNumber('INV-1764000000002');

async function read(source: ByteSource): Promise<{ payments: BankPayment[]; summary: BankFileSummary }> {
  const payments: BankPayment[] = [];
  const summary = await readCamt054(source, { payment: (payment) => void payments.push(payment) });
  return { payments, summary };
}

const bytes = (xml: string): Buffer[] => [Buffer.from(xml, 'utf8')];

const refusal = (source: ByteSource) => refusalOf(read, source);

const notification: CamtFile = {
  notifications: [
    {
      id: 'NTF-1',
      summary: 'computed',
      entries: [
        {
          amount: '1000.00',
          bookedOn: '2026-11-20',
          servicerRef: 'E-1',
          transactions: [
            { ocr: ocrA, payerName: 'Kalles Plåt AB', servicerRef: 'T-1', unstructured: ['Tack för senast'] },
          ],
        },
        {
          amount: '3000.50',
          // Booked late in the evening of the 19th UTC: the 20th in Stockholm.
          bookedOn: '2026-11-19T23:30:00Z',
          servicerRef: 'E-2',
          batch: { count: 2, amount: '3000.50' },
          transactions: [
            { amount: '1000.00', ocr: ocrB, servicerRef: 'T-2' },
            {
              amount: '2000.50',
              unstructured: ['Faktura INV-1764000000003'],
              documentNumber: 'INV-1764000000003',
            },
          ],
        },
        { amount: '250.00', bookedOn: '2026-11-20', additionalInfo: 'Insättning kontant' },
        { amount: '99.00', indicator: 'DBIT', bookedOn: '2026-11-20', transactions: [{ ocr: ocrA }] },
        { amount: '10.00', reversal: true, bookedOn: '2026-11-20' },
        { amount: '5.00', status: 'PDNG', bookedOn: '2026-11-20' },
      ],
    },
  ],
};

describe('camt.054 reader', () => {
  it.each(['08', '04', '02'] as const)(
    'reads booked credits of version 001.%s, one per transaction',
    async (version) => {
      const { payments, summary } = await read(bytes(camt054Xml({ ...notification, version })));
      expect(summary).toEqual({
        format: 'camt054',
        payments: 4,
        totalMilli: 4_250_500n,
        groups: 1,
        testFile: false,
      });
      expect(payments.map((p) => [p.amount, p.currency, p.bookedOn, p.group])).toEqual([
        [1_000_000, 'SEK', '2026-11-20', 1],
        [1_000_000, 'SEK', '2026-11-20', 1],
        [2_000_500, 'SEK', '2026-11-20', 1],
        [250_000, 'SEK', '2026-11-20', 1],
      ]);
      expect(payments[0]).toMatchObject({
        key: 'camt:T-1',
        ocrReferences: [{ reference: ocrA }],
        references: [],
        messages: ['Tack för senast'],
        payerName: 'Kalles Plåt AB',
      });
      expect(payments[1]).toMatchObject({ key: 'camt:T-2', ocrReferences: [{ reference: ocrB }] });
      expect(payments[2]).toMatchObject({
        key: 'camt:E-2/2',
        ocrReferences: [],
        references: ['INV-1764000000003'],
        messages: ['Faktura INV-1764000000003'],
      });
      expect(payments[3]).toMatchObject({ messages: ['Insättning kontant'] });
    },
  );

  it('reads the same in chunks of a few bytes, a letter split between them', async () => {
    const whole = Buffer.from(camt054Xml(notification), 'utf8');
    const chunks = Array.from({ length: Math.ceil(whole.length / 5) }, (_, i) =>
      whole.subarray(i * 5, i * 5 + 5),
    );
    const expected = await read([whole]);
    expect(await read(chunks)).toEqual(expected);
    expect(expected.payments[0]?.payerName).toBe('Kalles Plåt AB');
  });

  it('reads through readBankFile, with or without a byte order mark', async () => {
    for (const prefix of ['', '\ufeff']) {
      const payments: BankPayment[] = [];
      const summary = await readBankFile(
        [Buffer.from(`${prefix}${camt054Xml(notification)}`, 'utf8')],
        {
          payment: (p) => void payments.push(p),
        },
        testShopAccounts,
      );
      expect(summary.format).toBe('camt054');
      expect(payments).toHaveLength(4);
    }
  });

  it('gives each payment its bank reference as key, the same on a second reading', async () => {
    const once = await read(bytes(camt054Xml(notification)));
    const again = await read(bytes(camt054Xml(notification)));
    const keys = once.payments.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(again.payments.map((p) => p.key)).toEqual(keys);
  });

  describe('refuses a file whose control sums or counts do not add up', () => {
    const entries = notification.notifications[0]!.entries;
    it.each([
      [
        'entries',
        { count: 5, sum: '4364.50' },
        { code: 'count_mismatch', count: 'entries', stated: 5, found: 6 },
      ],
      ['sum of entries', { count: 6, sum: '4364.00' }, { code: 'sum_mismatch', sum: 'entries' }],
      [
        'credit entries',
        { credit: { count: 4, sum: '4265.50' } },
        { code: 'count_mismatch', count: 'creditEntries', stated: 4, found: 5 },
      ],
      [
        'sum of credit entries',
        { credit: { count: 5, sum: '4265.00' } },
        { code: 'sum_mismatch', sum: 'creditEntries' },
      ],
      [
        'debit entries',
        { debit: { count: 2, sum: '99.00' } },
        { code: 'count_mismatch', count: 'debitEntries' },
      ],
      [
        'net sum',
        { net: { amount: '4166.50', indicator: 'DBIT' } },
        { code: 'sum_mismatch', sum: 'netEntries' },
      ],
    ] as const)('%s', async (_, summary, problem) => {
      const xml = camt054Xml({ notifications: [{ entries, summary }] });
      expect(await refusal(bytes(xml))).toMatchObject(problem);
    });

    it('accepts the same totals when they are right', async () => {
      const summary = {
        count: 6,
        sum: '4364.50',
        net: { amount: '4166.50', indicator: 'CRDT' },
        credit: { count: 5, sum: '4265.50' },
        debit: { count: 1, sum: '99.00' },
      } as const;
      const { payments } = await read(bytes(camt054Xml({ notifications: [{ entries, summary }] })));
      expect(payments).toHaveLength(4);
    });

    it('transactions that do not add up to their entry', async () => {
      const xml = camt054Xml({
        notifications: [
          {
            entries: [
              {
                amount: '3000.00',
                bookedOn: '2026-11-20',
                transactions: [{ amount: '1000.00', ocr: ocrA }, { amount: '1999.00' }],
              },
            ],
          },
        ],
      });
      const problem = await refusal(bytes(xml));
      expect(problem).toMatchObject({ code: 'sum_mismatch', sum: 'entryDetails' });
      expect(describeBankFileProblem(problem, 'en')).toMatch(
        /the entry amount is stated as 3\u00a0000,00 kr/,
      );
    });

    it('a batch whose count or amount is not its transactions', async () => {
      const entry = (batch: { count?: number; amount?: string }) =>
        camt054Xml({
          notifications: [
            {
              entries: [
                {
                  amount: '300.00',
                  bookedOn: '2026-11-20',
                  batch,
                  transactions: [{ amount: '100.00' }, { amount: '200.00' }],
                },
              ],
            },
          ],
        });
      expect(await refusal(bytes(entry({ count: 3 })))).toMatchObject({
        code: 'count_mismatch',
        count: 'batchTransactions',
        stated: 3,
        found: 2,
      });
      expect(await refusal(bytes(entry({ amount: '301.00' })))).toMatchObject({
        code: 'sum_mismatch',
        sum: 'batch',
      });
    });

    it('several transactions of which one has no amount', async () => {
      const xml = camt054Xml({
        notifications: [
          {
            entries: [{ amount: '300.00', bookedOn: '2026-11-20', transactions: [{ amount: '100.00' }, {}] }],
          },
        ],
      });
      expect(await refusal(bytes(xml))).toMatchObject({ code: 'xml_missing', element: 'TxDtls/Amt' });
    });
  });

  describe('refuses a malformed file whole', () => {
    const valid = camt054Xml(notification);

    it('XML that is not well-formed, or cut short', async () => {
      expect(await refusal(bytes(valid.replace('</Ntry>', '</Ntryy>')))).toMatchObject({
        code: 'xml_malformed',
      });
      expect(await refusal(bytes(valid.slice(0, valid.length / 2)))).toMatchObject({ code: 'xml_malformed' });
      expect(await refusal([Buffer.from([0x3c, 0x44, 0xff, 0xfe])])).toMatchObject({ code: 'xml_malformed' });
    });

    it('a DOCTYPE, which could define entities that expand without end', async () => {
      const bomb = valid.replace(
        '<Document',
        '<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<Document',
      );
      expect(await refusal(bytes(bomb))).toMatchObject({ code: 'xml_doctype', line: 2 });
    });

    it('another ISO 20022 message, or no ISO 20022 at all', async () => {
      const statement = valid
        .replace('camt.054.001.08', 'camt.053.001.08')
        .replaceAll('BkToCstmrDbtCdtNtfctn', 'BkToCstmrStmt');
      expect(await refusal(bytes(statement))).toMatchObject({ code: 'not_camt054', line: 2 });
      expect(await refusal(bytes(valid.replaceAll('BkToCstmrDbtCdtNtfctn', 'BkToCstmrStmt')))).toMatchObject({
        code: 'not_camt054',
        line: 3,
      });
      expect(await refusal(bytes('<html><body>Hej</body></html>'))).toMatchObject({
        code: 'not_camt054',
        line: 1,
      });
    });

    it('a group header without its message id', async () => {
      expect(await refusal(bytes(camt054Xml({ ...notification, messageId: null })))).toMatchObject({
        code: 'xml_missing',
        element: 'GrpHdr/MsgId',
      });
    });

    it('an amount that is not an exact decimal amount', async () => {
      for (const amount of ['12,50', '-5.00', '1.0001', '1e3', '']) {
        const xml = camt054Xml({ notifications: [{ entries: [{ amount, bookedOn: '2026-11-20' }] }] });
        expect(await refusal(bytes(xml))).toMatchObject({ code: 'xml_bad_value', element: 'Ntry/Amt' });
      }
    });

    it('a booked credit without a booking date, or with an impossible one', async () => {
      const without = camt054Xml({ notifications: [{ entries: [{ amount: '10.00' }] }] });
      expect(await refusal(bytes(without))).toMatchObject({ code: 'xml_missing', element: 'Ntry/BookgDt' });
      const impossible = camt054Xml({
        notifications: [{ entries: [{ amount: '10.00', bookedOn: '2026-02-30' }] }],
      });
      expect(await refusal(bytes(impossible))).toMatchObject({
        code: 'xml_bad_value',
        element: 'Ntry/BookgDt/Dt',
      });
    });

    it('a value longer than any the schema allows, or nesting without end', async () => {
      const long = camt054Xml({
        notifications: [
          {
            entries: [
              {
                amount: '10.00',
                bookedOn: '2026-11-20',
                transactions: [{ unstructured: ['x'.repeat(5000)] }],
              },
            ],
          },
        ],
      });
      expect(await refusal(bytes(long))).toMatchObject({ code: 'xml_value_too_long', element: 'Ustrd' });
      const deep = valid.replace('<GrpHdr>', `<GrpHdr>${'<X>'.repeat(50)}${'</X>'.repeat(50)}`);
      expect(await refusal(bytes(deep))).toMatchObject({ code: 'xml_too_deep' });
    });
  });

  it('streams 20 000 entries in bounded memory', async () => {
    const count = 20_000;
    const ocr = ocrA;
    const entry = (n: number): string =>
      `<Ntry><Amt Ccy="SEK">${100 + (n % 900)}.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>E-${n}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${ocr}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
    const [head, tail] = camt054Xml({ notifications: [{ id: 'BIG', entries: [] }] }).split('</Ntfctn>');
    function* chunks(): Generator<Buffer> {
      yield Buffer.from(head!, 'utf8');
      for (let n = 0; n < count; n += 1000) {
        let block = '';
        for (let i = n; i < n + 1000; i++) block += entry(i);
        yield Buffer.from(block, 'utf8');
      }
      yield Buffer.from(`</Ntfctn>${tail!}`, 'utf8');
    }
    // What stays on the heap after a full garbage collection is what the reader holds.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    let payments = 0;
    let peakHeap = 0;
    const startHeap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const summary = await readCamt054(chunks(), {
      payment: () => {
        payments += 1;
        if (payments % 5_000 === 0) {
          gc();
          peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - startHeap);
        }
      },
    });
    expect(payments).toBe(count);
    expect(summary.payments).toBe(count);
    // The file is about 9 MB; what the reader holds does not grow with it.
    expect(peakHeap).toBeLessThan(4 * 1024 * 1024);
    console.info(
      `camt.054: ${count} entries in ${((performance.now() - started) / 1000).toFixed(1)} s, heap +${(peakHeap / 1048576).toFixed(1)} MB`,
    );
  }, 120_000);
});

describe('camt.054 payments in EUR (issue 42)', () => {
  const fixture = readFileSync(join(process.cwd(), 'tests/fixtures/camt054/euro-credits.v02.xml'), 'utf8');
  const values: Record<string, string> = {
    BOOKED_ON: '2026-11-20',
    EUR_SUM: '2220.90',
    EUROS_A: '1110.45',
    SEK_A: '12700.00',
    RATE_A: '11.4368',
    RF_A: 'RF18 5390 0754 7034',
    EUROS_C: '1110.45',
    OCR_C: ocrA,
    SEK_B: '12500.00',
    EUROS_B: '1110.45',
    RATE_B: '11.2567',
    OCR_B: ocrB,
  };
  const filled = fixture.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => values[name] ?? '');

  it('gives the euros and the SEK the bank booked: a EUR account’s counter value, a SEK account’s instructed euros', async () => {
    const { payments, summary } = await read(bytes(filled));
    expect(summary).toMatchObject({ payments: 3, groups: 2 });
    expect(
      payments.map(({ key, amount, currency, euro, ocrReferences }) => ({
        key,
        amount,
        currency,
        euro,
        ocrReferences,
      })),
    ).toEqual([
      {
        key: 'camt:ESSE2611270001234-1',
        amount: 1110450,
        currency: 'EUR',
        euro: { amount: 1110450, bookedSek: 12700000 },
        ocrReferences: [{ reference: 'RF18 5390 0754 7034' }],
      },
      // No SEK stated: no `euro`, the payment stays in EUR.
      {
        key: 'camt:ESSE2611270001235-1',
        amount: 1110450,
        currency: 'EUR',
        euro: undefined,
        ocrReferences: [{ reference: ocrA }],
      },
      {
        key: 'camt:ESSE2611270009876-1',
        amount: 12500000,
        currency: 'SEK',
        euro: { amount: 1110450, bookedSek: 12500000 },
        ocrReferences: [{ reference: ocrB }],
      },
    ]);
  });

  it('a SEK credit with no amount in another currency stays a plain SEK payment', async () => {
    const { payments } = await read(bytes(camt054Xml(notification)));
    expect(payments.every((payment) => payment.euro === undefined)).toBe(true);
  });
});
