import '@/client/lib/zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import type { AmountToPay } from '@/shared/invoicing/vat-treatment';
import type { Milli } from '@/shared/money';
import { checkoutSchemas, type Customer } from '@/shared/checkout-schema';
import { blankCustomer, type CustomerFormValues } from '@/shared/customer-fields';
import type { ReorderCustomer } from '@/shared/account';
import { countryCodes, defaultCountry, type CountryCode } from '@/shared/countries';
import type { SavedAddress } from '@/shared/saved-address';
import type { Locale } from '@/shared/i18n/locale';

export { blankCustomer, type CustomerFormValues } from '@/shared/customer-fields';

// The schema's input type is `unknown` per field (it trims anything); the form always holds strings.
const resolverFor = (locale: Locale) =>
  zodResolver(checkoutSchemas(locale).customerSchema) as unknown as Resolver<
    CustomerFormValues,
    unknown,
    Customer
  >;

export const resolvers: Record<Locale, Resolver<CustomerFormValues, unknown, Customer>> = {
  sv: resolverFor('sv'),
  en: resolverFor('en'),
};

export type FieldName = keyof CustomerFormValues;

export const optionalFields = new Set<FieldName>([
  'vatNumber',
  'buyerReference',
  'purchaseOrderNumber',
  'peppolId',
]);

export interface CheckoutFormProps {
  /** The cart total as shown (VAT-inclusive prices, conversion fees included). */
  total: Milli;
  /** What this buyer pays (`amountToPay`), as it changes: the page's summary shows the same. */
  onPaymentChange: (payment: AmountToPay) => void;
  /** Formats an amount in the chosen display currency. */
  formatPrice: (amount: Milli) => string;
  /**
   * Resolves with per-field server messages to show (empty when placed). `saveAddress`: the
   * signed-in buyer ticked "save the delivery address" (saved once the order is placed).
   */
  onSubmit: (
    customer: Customer,
    options: { saveAddress: boolean },
  ) => Promise<Partial<Record<FieldName, string>>>;
  /**
   * "Ask for a quote": the same form, checked the same way, without the terms (they are accepted
   * with the quote later). Resolves with per-field server messages, like onSubmit.
   */
  onAskQuote?: (customer: Customer) => Promise<Partial<Record<FieldName, string>>>;
  note?: ReactNode;
  /** Shown after the address: depends on the delivery country the buyer picks (the delivery estimate). */
  delivery?: (country: CountryCode) => ReactNode;
  /** A signed-in buyer's details and saved addresses (decision 0076); absent signed out. */
  account?: CheckoutAccount | undefined;
}

/** What a signed-in buyer's checkout starts from (GET /api/account/checkout). */
export interface CheckoutAccount {
  email: string;
  /** Their own last order's buyer; absent before their first order. */
  customer?: ReorderCustomer;
  addresses: SavedAddress[];
}

/**
 * The form's values from a signed-in buyer's last order (or only their verified email before the
 * first): the purchase order number is each order's own, so it starts empty.
 */
export function prefilledValues(account: CheckoutAccount): CustomerFormValues {
  const customer = account.customer;
  if (!customer) return { ...blankCustomer, email: account.email };
  const { customerType, country, ...rest } = customer;
  return {
    ...blankCustomer,
    ...rest,
    customerType: customerType === 'company' ? 'company' : 'personal',
    country: countryCodes.find((code) => code === country) ?? defaultCountry,
    purchaseOrderNumber: '',
  };
}
