import { describe, expect, it } from 'vitest';
import {
  checkoutMessages as m,
  checkoutSchemas,
  customerSchema,
  orderRequestSchema,
} from './checkout-schema';
import { invalidCharacterMessage } from './text';

const person = {
  customerType: 'personal',
  name: 'Anna Andersson',
  companyName: '',
  orgNumber: '',
  personalNumber: '19811218-9876',
  email: 'anna@example.se',
  phone: '070-123 45 67',
  country: 'SE',
  address: 'Storgatan 1, 111 22 Stockholm',
};

/** First message per field, as the form and the API show them. */
function errors(value: unknown): Record<string, string> {
  const result = customerSchema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('checkout customer schema', () => {
  it('accepts a valid individual and drops the company fields', () => {
    const parsed = customerSchema.parse({ ...person, companyName: 'Ignored AB', name: '  Anna Andersson  ' });
    expect(parsed.name).toBe('Anna Andersson');
    expect(parsed.companyName).toBe('');
  });

  it('empty name, email, phone or address → "Please fill in all fields" on each', () => {
    expect(errors({ ...person, name: '', email: ' ', phone: '', address: '' })).toEqual({
      name: m.fillAll,
      email: m.fillAll,
      phone: m.fillAll,
      address: m.fillAll,
    });
  });

  it('company without company name or organization number', () => {
    expect(errors({ ...person, customerType: 'company', personalNumber: '' })).toEqual({
      companyName: 'Please fill in company name and organization number',
      orgNumber: 'Please fill in company name and organization number',
    });
  });

  it('individual without personal ID', () => {
    expect(errors({ ...person, personalNumber: '' })).toEqual({
      personalNumber: 'Please fill in personal ID number',
    });
  });

  it("an individual abroad gives no personnummer, and a purchase order number is a company's", () => {
    expect(errors({ ...person, country: 'DE', personalNumber: '' })).toEqual({});
    const parsed = checkoutSchemas('en').customerSchema.parse({
      ...person,
      country: 'DE',
      personalNumber: '19811218-9876',
      buyerReference: 'PO-1',
    });
    expect(parsed).toMatchObject({ personalNumber: '', buyerReference: '' });
  });

  it('checks Swedish IDs for SE only', () => {
    expect(errors({ ...person, personalNumber: '19811218-9877' })).toEqual({
      personalNumber: m.personalChecksum,
    });
    expect(errors({ ...person, personalNumber: '8112-9876' })).toEqual({
      personalNumber: m.personalFormat,
    });
    expect(errors({ ...person, country: 'NO', personalNumber: '12345' })).toEqual({});
    const company = { ...person, customerType: 'company', companyName: 'Acme AB', personalNumber: '' };
    expect(errors({ ...company, orgNumber: '556016-0681' })).toEqual({ orgNumber: m.orgChecksum });
    expect(errors({ ...company, orgNumber: '5560' })).toEqual({ orgNumber: m.orgFormat });
    expect(errors({ ...company, orgNumber: '556016-0680' })).toEqual({});
  });

  it('drops the country a buyer also wrote at the end of the address, which every document adds once', () => {
    const { customerSchema } = checkoutSchemas('en');
    const address = (typed: string, country = 'FI') =>
      customerSchema.parse({ ...person, country, address: typed }).address;
    expect(address('Mannerheimintie 1\n00100 Helsinki\nFinland')).toBe('Mannerheimintie 1\n00100 Helsinki');
    expect(address('Mannerheimintie 1, 00100 Helsinki, finland.')).toBe('Mannerheimintie 1, 00100 Helsinki');
    expect(address('Mannerheimintie 1, 00100 Helsinki, Suomi')).toBe('Mannerheimintie 1, 00100 Helsinki');
    expect(address('Storgatan 1\n111 22 Stockholm\nSverige', 'SE')).toBe('Storgatan 1\n111 22 Stockholm');
    // Another country's name, a town named like one, or nothing but the country: kept as typed.
    expect(address('Storgatan 1, 111 22 Stockholm, Sverige', 'NO')).toBe(
      'Storgatan 1, 111 22 Stockholm, Sverige',
    );
    expect(address('Finlandsgatan 3, 164 74 Kista', 'SE')).toBe('Finlandsgatan 3, 164 74 Kista');
    expect(address('Finland')).toBe('Finland');
  });

  it('takes a personnummer of ten digits and an organisation number with a space, stored in one spelling', () => {
    const { customerSchema } = checkoutSchemas('en');
    const personal = customerSchema.parse({ ...person, personalNumber: '900101-0017' });
    expect(personal.personalNumber).toBe('19900101-0017');
    const company = customerSchema.parse({
      ...person,
      customerType: 'company',
      companyName: 'Acme AB',
      orgNumber: '556016 0680',
    });
    expect(company.orgNumber).toBe('556016-0680');
  });

  it('rejects a bad email, an unknown country, wrong types and overlong text', () => {
    expect(errors({ ...person, email: 'not-an-email' })).toEqual({ email: m.email });
    expect(errors({ ...person, country: 'XX' })).toEqual({ country: m.country });
    expect(errors({ ...person, name: 42 })).toEqual({ name: m.fillAll });
    expect(errors({ ...person, name: 'x'.repeat(101) })).toEqual({
      name: 'Name cannot exceed 100 characters',
    });
    expect(errors('nope')).toEqual({ '': m.fillAll });
  });
});

describe('order request schema', () => {
  const order = {
    idempotencyKey: 'a'.repeat(20),
    customer: person,
    lines: [{ productId: 'hoodie', quantity: 50, options: { colour: 'navy' } }],
  };

  it('strips forged price fields', () => {
    const parsed = orderRequestSchema.parse({
      ...order,
      total: 1,
      lines: [{ productId: 'hoodie', quantity: 50, price: 1, options: { colour: 'navy' } }],
    });
    expect(parsed.lines[0]).toEqual({ productId: 'hoodie', quantity: 50, options: { colour: 'navy' } });
    expect(parsed).not.toHaveProperty('total');
  });

  it('empty cart → "Cart is empty"', () => {
    const result = orderRequestSchema.safeParse({ ...order, lines: [] });
    expect(result.error?.issues[0]?.message).toBe('Cart is empty');
  });

  it.each([[-1], [0], [1.5], [1e12], ['50']])('quantity %s is refused', (quantity) => {
    const result = orderRequestSchema.safeParse({ ...order, lines: [{ productId: 'hoodie', quantity }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['lines', 0, 'quantity']);
  });
});

describe('control characters', () => {
  it('a pasted line break in a name is a space (no header injection); an address keeps its line breaks', () => {
    const parsed = customerSchema.parse({
      ...person,
      name: 'Anna\r\nBcc: Berit',
      address: 'Storgatan 1\r\n111 22 Stockholm',
    });
    expect(parsed.name).toBe('Anna Bcc: Berit');
    expect(parsed.address).toBe('Storgatan 1\n111 22 Stockholm');
  });

  it.each(['\u0000', '\u0007', '\u0085', '\u2029', '\ud83d', '\ude00'])(
    '%j in a name or an address is refused with one clear message',
    (character) => {
      expect(errors({ ...person, name: `Anna${character}A` })).toEqual({ name: invalidCharacterMessage });
      if (character !== '\u2029')
        expect(errors({ ...person, address: `Storgatan 1${character}A` })).toEqual({
          address: invalidCharacterMessage,
        });
    },
  );

  // XML 1.0 forbids U+FFFE and U+FFFF: one in a name made the Peppol invoice not well-formed.
  it.each(['\uffff', '\ufffe', '\ufdd0', '\u{1fffe}', '\u{10ffff}'])(
    'the noncharacter %j in a name, an address or a reference is refused with the same message',
    (character) => {
      expect(errors({ ...person, name: `Anna${character}A` })).toEqual({ name: invalidCharacterMessage });
      expect(errors({ ...person, address: `Storgatan 1${character}` })).toEqual({
        address: invalidCharacterMessage,
      });
      expect(errors({ ...person, buyerReference: `PO-${character}1` })).toEqual({
        buyerReference: invalidCharacterMessage,
      });
    },
  );

  it('a whole emoji (a surrogate pair) is text', () => {
    expect(errors({ ...person, name: 'Anna 🧢' })).toEqual({});
  });
});

describe('invoicing fields', () => {
  const base = {
    customerType: 'company',
    name: 'Erika Mustermann',
    companyName: 'Beispiel GmbH',
    orgNumber: 'HRB 12345',
    email: 'erika@example.de',
    phone: '+49 30 1234567',
    country: 'DE',
    address: 'Hauptstraße 5\n10115 Berlin',
  };

  it('what the form sends parses the same again on the server (billing address kept)', () => {
    const form = customerSchema.parse({
      ...base,
      vatNumber: 'de 136 695 976',
      buyerReference: 'PO-4711',
      separateBilling: true,
      billingAddress: 'Postfach 10\n10115 Berlin',
    });
    expect(form).toMatchObject({ vatNumber: 'DE136695976', billingAddress: 'Postfach 10\n10115 Berlin' });
    expect(customerSchema.parse(form)).toEqual(form);
  });

  it('a VAT number with a wrong check digit is refused on its field', () => {
    const result = customerSchema.safeParse({ ...base, vatNumber: 'DE136695977' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['vatNumber'],
      message: 'VAT number is not valid (check digit)',
    });
  });
});

describe('the schemas in Swedish', () => {
  const sv = checkoutSchemas('sv');
  const swedishErrors = (value: unknown): Record<string, string> => {
    const result = sv.customerSchema.safeParse(value);
    const out: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
    return out;
  };

  it('say the same refusals in Swedish, parameters and country names included', () => {
    expect(swedishErrors({ ...person, name: '', personalNumber: '' })).toEqual({
      name: 'Fyll i alla fält',
      personalNumber: 'Fyll i personnummer',
    });
    expect(swedishErrors({ ...person, customerType: 'company', personalNumber: '' })).toEqual({
      companyName: 'Fyll i företagsnamn och organisationsnummer',
      orgNumber: 'Fyll i företagsnamn och organisationsnummer',
    });
    expect(swedishErrors({ ...person, name: 'x'.repeat(101) })).toEqual({
      name: 'Namnet får vara högst 100 tecken',
    });
    expect(swedishErrors({ ...person, name: 'Anna\u0000' })).toEqual({
      name: 'Fältet innehåller ett osynligt styrtecken eller ett trasigt tecken. Ta bort det.',
    });
    const german = { ...person, customerType: 'company', companyName: 'Beispiel GmbH', country: 'DE' };
    expect(swedishErrors({ ...german, orgNumber: 'HRB 1', vatNumber: 'DE12' })).toEqual({
      vatNumber: 'Momsregistreringsnumret har inte formatet för Tyskland',
    });
    const empty = sv.orderRequestSchema.safeParse({
      idempotencyKey: 'a'.repeat(20),
      customer: person,
      lines: [],
    });
    expect(empty.error?.issues[0]?.message).toBe('Varukorgen är tom');
  });

  it('accept and shape a customer exactly as the English ones do', () => {
    const input = { ...person, name: '  Anna  ', companyName: 'Ignored AB' };
    expect(sv.customerSchema.parse(input)).toEqual(customerSchema.parse(input));
  });
});

describe('display names', () => {
  it('a right-to-left override or zero-width character cannot disguise a file name', async () => {
    const { cleanDisplayName } = await import('./text');
    expect(cleanDisplayName('logo\u202Eath.pdf')).toBe('logoath.pdf');
    expect(cleanDisplayName('in\u200Bvoice\u2066.pdf\u2069\uFEFF')).toBe('invoice.pdf');
    expect(cleanDisplayName('Anna\uFFFF')).toBe('Anna');
  });
});
