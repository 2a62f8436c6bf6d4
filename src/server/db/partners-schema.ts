import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, timestampTz, createdAt } from './schema-columns';

/** See migrations/0400_partner_applications.sql. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: identityId(),
    companyName: text('company_name').notNull(),
    orgNumber: text('org_number').notNull(),
    contactPerson: text('contact_person').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2 (migration 2910). */
    country: text('country').notNull().default('SE'),
    businessDescription: text('business_description').notNull(),
    termsAcceptedAt: timestampTz('terms_accepted_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('partner_applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('partner_applications_company_name_check', sql`char_length(${t.companyName}) BETWEEN 2 AND 100`),
    check(
      'partner_applications_contact_person_check',
      sql`char_length(${t.contactPerson}) BETWEEN 2 AND 100`,
    ),
    check('partner_applications_email_check', sql`char_length(${t.email}) <= 255`),
    check('partner_applications_phone_check', sql`char_length(${t.phone}) BETWEEN 7 AND 20`),
    check('partner_applications_address_check', sql`char_length(${t.address}) BETWEEN 5 AND 200`),
    check('partner_applications_city_check', sql`char_length(${t.city}) BETWEEN 2 AND 100`),
    check(
      'partner_applications_business_description_check',
      sql`char_length(${t.businessDescription}) BETWEEN 20 AND 1000`,
    ),
    check('partner_applications_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
