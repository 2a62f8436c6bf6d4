import { defaultCountry, type CountryCode } from './countries';

/**
 * The customer's fields as the checkout form holds them, without zod: the checks are
 * checkout-schema.ts's, and a page that only needs a blank customer does not load them.
 */

export const customerTypes = ['personal', 'company'] as const;
export type CustomerType = (typeof customerTypes)[number];

/**
 * What the checkout form holds before validation: every field a string ('' where empty). The
 * schema's own input type is `unknown` per field (it trims anything), so the fields are named here.
 */
export interface CustomerFormValues {
  customerType: CustomerType;
  name: string;
  companyName: string;
  orgNumber: string;
  personalNumber: string;
  email: string;
  phone: string;
  country: CountryCode;
  address: string;
  vatNumber: string;
  buyerReference: string;
  purchaseOrderNumber: string;
  peppolId: string;
  separateBilling: boolean;
  billingAddress: string;
}

/** A customer with nothing filled in: the checkout form's start, and the base of any made-up buyer. */
export const blankCustomer: Readonly<CustomerFormValues> = {
  customerType: 'personal',
  name: '',
  companyName: '',
  orgNumber: '',
  personalNumber: '',
  email: '',
  phone: '',
  country: defaultCountry,
  address: '',
  vatNumber: '',
  buyerReference: '',
  purchaseOrderNumber: '',
  peppolId: '',
  separateBilling: false,
  billingAddress: '',
};
