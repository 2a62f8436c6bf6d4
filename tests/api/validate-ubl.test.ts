import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateUbl, validateUblWithScript } from '@tests/helpers/validate-ubl';

/**
 * The tests validate e-invoices in one JVM a file (tests/helpers/UblRuleRunner.java), not through
 * validate-ubl itself: both must print the same for a valid document and for each way one breaks.
 */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ubl/${name}`, import.meta.url), 'utf8');
const invoice = fixture('invoice.xml');
const creditNote = fixture('credit-note.xml');

/** xmllint names the file it read at the start of each schema error: a temporary one, other each run. */
const withoutFileNames = (output: string) =>
  output
    .split('\n')
    .map((line) => line.replace(/^(\[fatal\] UBL-XSD )[^:]*/, '$1FILE'))
    .join('\n');

/** The same document through both; what they print, with the file name xmllint gives left out. */
async function bothOutputs(xml: string) {
  const [fast, script] = [await validateUbl(xml), await validateUblWithScript(xml)];
  expect(withoutFileNames(fast.output)).toBe(withoutFileNames(script.output));
  expect(fast.ok).toBe(script.ok);
  return fast;
}

describe('validate-ubl in one JVM prints what validate-ubl prints', () => {
  it('a valid invoice: no rule fires', { timeout: 600_000 }, async () => {
    expect(await bothOutputs(invoice)).toEqual({ ok: true, output: '0 fatal, 0 warning' });
  });

  it(
    'a credit note broken three ways: a schema error, a CEN rule (BR-CO-16) and a Peppol rule (R020)',
    { timeout: 600_000 },
    async () => {
      const broken = creditNote
        .replace('<cbc:IssueDate>', '<cbc:IssueDate>x')
        .replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$11.00')
        .replace(/<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/, '');
      const result = await bothOutputs(broken);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(/^\[fatal\] UBL-XSD .*IssueDate/m);
      expect(result.output).toMatch(/^\[fatal\] BR-CO-16 at \/CreditNote\/LegalMonetaryTotal: /m);
      expect(result.output).toMatch(
        /^\[fatal\] PEPPOL-EN16931-R020 at \/CreditNote\/AccountingSupplierParty\/Party: /m,
      );
    },
  );

  it('not well-formed, and a root that is no invoice', async () => {
    expect(await bothOutputs(invoice.slice(0, invoice.length / 2))).toEqual({
      ok: false,
      output: '[fatal] XML not well-formed\n1 fatal, 0 warning',
    });
    expect(await bothOutputs('<?xml version="1.0"?><Order xmlns="urn:example"/>')).toEqual({
      ok: false,
      output: '[fatal] root element is Order, not Invoice or CreditNote\n1 fatal, 0 warning',
    });
  });
});
