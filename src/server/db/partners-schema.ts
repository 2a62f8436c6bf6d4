import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** See migrations/0400_partner_applications.sql. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_applications_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
