import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutSchemas } from './checkout-schema';
import { containsLink, lineCount, MAX_ADDRESS_LINES, strangerTextProblem } from './stranger-text';

/** Words people write in addresses, names and company names: none of them is a link. */
const realTexts = [
  'c/o Anna Berg\nBox 123\n111 22 Stockholm',
  'Storgatan 1 B, lgh 1102',
  'Storgatan 1 B, lgh.1102, 2 tr',
  'St. Eriksgatan 12',
  'St.Eriksgatan 12',
  'S:t Eriksgatan 12',
  'Åsögatan 3, 116 24 Stockholm',
  'Östra Hamngatan 5\n411 10 Göteborg',
  'Müllerstraße 5, 80331 München',
  'Hauptstr. 12, z.Hd. Herrn Müller',
  'Königsallee 1a, 40212 Düsseldorf',
  'Tryck & Co. AB',
  'Müller GmbH',
  'Müller GmbH & Co. KG',
  'Müller GmbH & Co.KG',
  'Schmidt e.K.',
  'J. Andersson',
  'J.Andersson',
  'A.B. Svensson',
  'A.B.Svensson',
  "O'Brien",
  'Anna-Karin Öberg',
  'Jürgen Weiß',
  'Tel: +46 (0)70-123 45 67',
  'PO 4500012345',
  'Ref. Anna 27.11.2026',
  'Order 2026-11-27 / Anna',
  'Vån. 3, Lgh.1203',
  'Sveavägen 44, 8 tr.',
  'NO123456789MVA',
];

/** Each of these is something a mail reader or PDF viewer would offer as a link. */
const links = [
  'evil.se',
  'EVIL.SE',
  'Evil.Se',
  'bit.ly/x',
  't.co/abc',
  'http://x',
  'https://pay.example/now',
  'hxxp://x',
  'anna@example.com',
  'anna@localhost',
  'www.evil',
  '(evil.se)',
  'evil.se.',
  'a..evil.se',
  'mailto:anna',
  'javascript:alert(1)',
  '192.0.2.1',
  'evil\u3002se',
  'evil\uff0ese',
  'X.Com',
  'St.evil.se',
  'evil.se:8080',
  'xn--e1afmkfd.xn--p1ai',
  'refunds-bulkprint.example',
  // An abbreviation's letters in lower case before a top-level domain are a host, not "v. Frölunda".
  'v.se',
  'st.example',
  'Co.Uk',
];

describe('containsLink', () => {
  it('passes real Swedish and German addresses, names and company names', () => {
    for (const text of realTexts) expect(containsLink(text), text).toBe(false);
  });

  it('finds URLs, host names, IP addresses and email addresses, also inside other words and punctuation', () => {
    for (const link of links) {
      expect(containsLink(link), link).toBe(true);
      expect(containsLink(`Storgatan 1, ${link}, 111 22 Stockholm`), link).toBe(true);
      expect(containsLink(`VIKTIGT: betala till BG 555-5555 ${link}`), link).toBe(true);
    }
  });

  it('reads a long text in one pass', () => {
    // Inputs that make a backtracking pattern slow: long runs of dots, labels and at-signs.
    const hostile = [
      'a.'.repeat(50_000),
      '@'.repeat(100_000),
      'a'.repeat(100_000) + '.',
      '.-'.repeat(50_000),
    ];
    const started = performance.now();
    for (const text of hostile) containsLink(text);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

const streets = [
  'Storgatan',
  'St. Eriksgatan',
  'Åsögatan',
  'Drottninggatan',
  'Müllerstraße',
  'Hauptstr.',
  'Königsallee',
];
const towns = ['Stockholm', 'Göteborg', 'Malmö', 'Västerås', 'Umeå', 'München', 'Düsseldorf', 'Köln'];
const people = [
  'Anna Andersson',
  'J. Andersson',
  'Åsa Öberg',
  "Seán O'Brien",
  'Jürgen Weiß',
  'Anna-Karin Ek',
];

/** A Swedish or German address of up to five lines. */
const realAddress = fc
  .record({
    careOf: fc.option(fc.constantFrom(...people), { nil: undefined }),
    street: fc.constantFrom(...streets),
    number: fc.integer({ min: 1, max: 250 }),
    letter: fc.option(fc.constantFrom('A', 'B', 'a', 'C'), { nil: undefined }),
    flat: fc.option(fc.integer({ min: 1001, max: 1999 }), { nil: undefined }),
    box: fc.option(fc.integer({ min: 1, max: 99_999 }), { nil: undefined }),
    postcode: fc.integer({ min: 10_000, max: 99_999 }),
    town: fc.constantFrom(...towns),
    separator: fc.constantFrom(', ', '\n'),
  })
  .map(({ careOf, street, number, letter, flat, box, postcode, town, separator }) =>
    [
      careOf && `c/o ${careOf}`,
      `${street} ${number}${letter ? ` ${letter}` : ''}${flat ? `, lgh ${flat}` : ''}`,
      box && `Box ${box}`,
      `${String(postcode).slice(0, 3)} ${String(postcode).slice(3)} ${town}`,
    ]
      .filter(Boolean)
      .join(separator),
  );

const label = fc.stringMatching(/^[a-z\d][a-z\d-]{0,5}$/);
const topLevel = fc.constantFrom(
  'se',
  'com',
  'ly',
  'io',
  'de',
  'nu',
  'online',
  'example',
  'shop',
  'Se',
  'COM',
);
const host = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 2 }), topLevel)
  .map(([labels, tld]) => [...labels, tld].join('.'));
/** A URL, a host name with or without a path, or an email address. */
const injectedLink = fc.oneof(
  host,
  fc.tuple(host, label).map(([h, path]) => `${h}/${path}`),
  fc.tuple(fc.constantFrom('http', 'https', 'HTTPS', 'ftp'), host).map(([scheme, h]) => `${scheme}://${h}`),
  fc.tuple(label, host).map(([user, h]) => `${user}@${h}`),
  fc.constantFrom('www.a', 'mailto:x', 'javascript:alert(1)'),
);
const separator = fc.constantFrom(' ', '\n', ', ', ' (', ') ', ': ', ' – ');

describe('the checkout schema on generated addresses', () => {
  const { customerSchema } = checkoutSchemas('sv');
  const company = {
    customerType: 'company',
    name: 'Anna Andersson',
    companyName: 'Tryck & Co. AB',
    orgNumber: '556016-0680',
    email: 'anna@example.se',
    phone: '070-123 45 67',
    country: 'SE',
    address: 'Storgatan 1',
    buyerReference: 'Anna',
    purchaseOrderNumber: 'PO 4711',
  };

  it('accepts every real address with a real name and company', () => {
    fc.assert(
      fc.property(
        realAddress,
        fc.constantFrom(...people),
        fc.constantFrom('Tryck & Co. AB', 'Müller GmbH & Co. KG', 'Öberg Bygg AB'),
        (address, name, companyName) => {
          expect(customerSchema.safeParse({ ...company, address, name, companyName }).success).toBe(true);
        },
      ),
    );
  });

  it('refuses any address, name, company, reference or purchase order with a link put into it, naming the field', () => {
    const fields = [
      ['address', 'Adressen'],
      ['name', 'Namnet'],
      ['companyName', 'Företagsnamnet'],
      ['buyerReference', 'Referensen'],
      ['purchaseOrderNumber', 'Inköpsordernumret'],
    ] as const;
    const word = fc.constantFrom(
      '',
      'Anna',
      'J. Andersson',
      'Storgatan 1',
      'Box 123',
      'Tryck & Co.',
      'lgh 1102',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        realAddress,
        word,
        word,
        injectedLink,
        separator,
        separator,
        ([field, subject], address, first, last, link, before, after) => {
          // Anywhere in a real text: after a whole address, or between two words of a one-line field.
          const text =
            field === 'address'
              ? `${address}${before}${link}${after}${last}`
              : `${first}${before}${link}${after}${last}`;
          const result = customerSchema.safeParse({ ...company, [field]: text });
          expect(result.success, text).toBe(false);
          const issue = result.error?.issues.find((i) => i.path[0] === field);
          expect(issue?.message, text).toBe(
            `${subject} får inte innehålla en webbadress, ett domännamn eller en e-postadress`,
          );
        },
      ),
    );
  });
});

describe('strangerTextProblem', () => {
  it('an address of five lines is an address; six is a letter', () => {
    const five = 'c/o Anna Berg\nStorgatan 1 B\nlgh 1102\n111 22 Stockholm\nSverige';
    expect(lineCount(five)).toBe(5);
    expect(strangerTextProblem(five, { maxLines: MAX_ADDRESS_LINES })).toBeUndefined();
    expect(strangerTextProblem(`${five}\nVIKTIGT`, { maxLines: MAX_ADDRESS_LINES })).toBe('lines');
    expect(strangerTextProblem(`Storgatan 1\n\n\n\n\n\nVIKTIGT`, { maxLines: MAX_ADDRESS_LINES })).toBe(
      'lines',
    );
  });

  it('the English schema answers in English', () => {
    const result = checkoutSchemas('en').customerSchema.safeParse({
      customerType: 'personal',
      name: 'Anna',
      email: 'anna@example.se',
      phone: '070-123 45 67',
      country: 'NO',
      address: 'Storgatan 1\nevil.se',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address', 'Address cannot contain a web address, a domain name or an email address'],
    ]);
  });
});
