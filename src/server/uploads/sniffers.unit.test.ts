import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectPrintFile } from '@/server/print-files';
import { detectProof } from '@/server/proofs';
import { detectImage, looksLikePdf, looksLikeSvgDocument } from './detect';
import { SNIFF_BYTES } from './receive';
import { createSvgSanitiser, sanitiseCss, SvgRefused } from './svg-sanitiser';
import type { WorkMeter } from './text-scan';

/**
 * Every sniffer and sanitiser a stranger's bytes reach is fed hostile input, and its work is
 * counted (characters looked at, `WorkMeter`), never timed: the counts hold on a loaded machine.
 * A scan is linear when its steps stay within a small multiple of the input's length, and when
 * doubling the input at most about doubles them (backtracking grows by squares or powers of two).
 */

const bytes = (text: string) => new TextEncoder().encode(text);

function steps(run: (meter: WorkMeter) => unknown): number {
  const meter: WorkMeter = { steps: 0 };
  run(meter);
  return meter.steps;
}

/** Steps for the attack at size n and 2n, with their ratio. */
function scaling(attack: (n: number) => string, run: (text: string, meter: WorkMeter) => unknown, n: number) {
  const small = steps((meter) => run(attack(n), meter));
  const large = steps((meter) => run(attack(2 * n), meter));
  return { small, large, ratio: large / small, perChar: large / attack(2 * n).length };
}

const svgCheck = (text: string, meter: WorkMeter) => looksLikeSvgDocument(bytes(text), meter);
const pdfCheck = (text: string, meter: WorkMeter) => looksLikePdf(bytes(text), meter);

describe('upload sniffers and sanitisers do work in proportion to their input', () => {
  it('the 225-byte upload that froze the server (31 empty comments, then no svg) is read in a few hundred steps', () => {
    const attack = `${'<!---->'.repeat(31)}<x><svg>`;
    expect(attack.length).toBe(225);
    let verdict: boolean | undefined;
    const used = steps((meter) => (verdict = looksLikeSvgDocument(bytes(attack), meter)));
    expect(verdict).toBe(false);
    expect(used).toBeLessThan(attack.length * 10);
  });

  it.each([
    ['empty comments, then no svg', (n: number) => `${'<!---->'.repeat(n)}<x><svg>`],
    ['comments, each followed by spaces', (n: number) => `${'<!-- -->   '.repeat(n)}<p><svg>`],
    ['a doctype subset full of ] without its >', (n: number) => `<!DOCTYPE svg [${'] '.repeat(n)}`],
    ['unclosed comment openers', (n: number) => '<!--'.repeat(n)],
    ['tags that are almost svg', (n: number) => `<${'<svgx'.repeat(n)}`],
  ])('SVG document check: %s', (_name, attack) => {
    const { ratio, perChar } = scaling(attack, svgCheck, 1000);
    expect(ratio).toBeLessThan(2.5);
    expect(perChar).toBeLessThan(12);
  });

  it.each([
    ['url( and spaces (4 KB took 34 s)', (n: number) => `fill: url(${' '.repeat(n)}`],
    ['url( and quotes', (n: number) => `url(${"'".repeat(n)}`],
    ['many url( openers', (n: number) => 'url('.repeat(n)],
    ['names then spaces', (n: number) => 'expression    behavior   url    '.repeat(n)],
    ['@import without its ;', (n: number) => `${'@import '.repeat(n)}x`],
  ])('CSS sanitiser: %s', (_name, attack) => {
    const { ratio, perChar } = scaling(attack, (css, meter) => sanitiseCss(css, meter), 2000);
    expect(ratio).toBeLessThan(2.5);
    expect(perChar).toBeLessThan(40);
  });

  it('the CSS sanitiser still keeps local references and drops the rest', () => {
    expect(sanitiseCss(`fill: url( '#g' ); stroke: url(#h)`)).toBe(`fill: url( '#g' ); stroke: url(#h)`);
    expect(sanitiseCss('fill: url(https://evil.example/x.png)')).toBe('fill: none');
    expect(sanitiseCss('a{b:1}@import "https://evil.example/a.css"; c{fill:red}')).toBe('a{b:1} c{fill:red}');
    // What a dropped @import leaves behind is read again: no url() can be joined together.
    expect(sanitiseCss('x: ur@import ;l(https://evil.example/y)')).toBe('');
    expect(sanitiseCss('x: url(')).toBe('');
    expect(sanitiseCss(`x: url(${' '.repeat(4000)}`)).toBe('');
    expect(sanitiseCss('x: image-set( "a.png" 1x)')).toBe('');
    expect(sanitiseCss('behavior : url(x.htc)')).toBe('');
  });

  it.each([
    [
      'print files: empty comments, then no svg',
      (n: number) => `${'<!---->'.repeat(n)}<x><svg>`,
      detectPrintFile,
    ],
    ['print files: %PD over and over', (n: number) => `${'%PD'.repeat(n)}<scrip`, detectPrintFile],
    ['proofs: %PD over and over', (n: number) => `${'%PD'.repeat(n)}<scrip`, detectProof],
  ] as const)('route sniffer on a whole head: %s', (_name, attack, sniff) => {
    // Up to the sniffed head's size (8 KB): what a route's sniffer ever reads.
    const { ratio, perChar } = scaling(attack, (text, meter) => sniff(bytes(text), meter), 1000);
    expect(ratio).toBeLessThan(2.5);
    expect(perChar).toBeLessThan(12);
  });

  it('PDF check: markup before the header, or markup anywhere, is no PDF', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n1 0 obj'))).toBe(true);
    expect(looksLikePdf(Buffer.concat([Buffer.from([0, 1, 2, 3, 0xff]), bytes('%PDF-1.4\n')]))).toBe(true);
    expect(looksLikePdf(bytes('<!-- %PDF-1.7 -->\n<html><script>alert(1)</script></html>'))).toBe(false);
    expect(looksLikePdf(bytes('%PDF-1.7\n<html><body><script>alert(1)</script>'))).toBe(false);
    expect(looksLikePdf(bytes(`${'x'.repeat(1100)}%PDF-1.7`))).toBe(false);
    const { ratio } = scaling((n) => `${'%PD'.repeat(n)}<scrip`, pdfCheck, 2000);
    expect(ratio).toBeLessThan(2.5);
  });

  /** Text built from the tokens these scanners look for: the inputs most likely to make them loop back. */
  const hostileText = fc
    .array(
      fc.constantFrom(
        '<!--',
        '-->',
        '<!---->',
        '<svg',
        '<svg>',
        '<!DOCTYPE',
        '[',
        ']',
        '>',
        '<',
        ' ',
        '\n',
        '<?xml',
        '<html',
        'url(',
        'url',
        '(',
        ')',
        "'",
        '"',
        '#',
        '@import',
        ';',
        'expression',
        '%PDF-',
        '\\',
        'x',
      ),
      { maxLength: 3000 },
    )
    .map((parts) => parts.join(''));

  it('fuzzed hostile text: every scanner stays within a fixed number of steps per character', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const budget = 50 * text.length + 50;
        expect(steps((meter) => looksLikeSvgDocument(bytes(text), meter))).toBeLessThanOrEqual(budget);
        expect(steps((meter) => sanitiseCss(text, meter))).toBeLessThanOrEqual(budget);
        expect(steps((meter) => looksLikePdf(bytes(text), meter))).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 300 },
    );
  });

  it('fuzzed hostile heads: every upload sniffer answers on the whole sniffed head within a fixed number of steps per byte', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const head = bytes(text).subarray(0, SNIFF_BYTES);
        const budget = 50 * head.length + 50;
        // Each route's sniffer as a whole (signatures, then the scanners counted above).
        expect(steps((meter) => detectImage(head, meter))).toBeLessThanOrEqual(budget);
        expect(steps((meter) => detectPrintFile(head, meter))).toBeLessThanOrEqual(budget);
        expect(steps((meter) => detectProof(head, meter))).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 200 },
    );
  });

  it('fuzzed hostile SVG: the sanitiser either cleans or refuses, and its CSS work stays linear', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const sanitiser = createSvgSanitiser();
        const document = `<svg xmlns="http://www.w3.org/2000/svg"><rect style="${text.replace(/[&"<]/g, '')}"/></svg>`;
        try {
          const out = sanitiser.write(Buffer.from(document)) + sanitiser.end();
          expect(out).not.toMatch(/url\(\s*['"]?[^#'"\s]/);
        } catch (error) {
          expect(error).toBeInstanceOf(SvgRefused);
        }
      }),
      { numRuns: 200 },
    );
  });
});
