import { sql, type SQL } from 'drizzle-orm';
import type { AdminPartnerPage } from '@/shared/admin';
import type { PartnerApplication } from '@/shared/partner-schema';
import { encodeCursor, type Cursor } from '@/server/admin';
import { queryRows } from '@/server/db/query-rows';
import type { Db } from '@/server/db/client';
import { partnerApplications } from '@/server/db/schema';

export async function storeApplication(db: Db, application: PartnerApplication): Promise<number> {
  const { terms: _terms, ...fields } = application;
  const [row] = await db
    .insert(partnerApplications)
    .values({ ...fields, termsAcceptedAt: sql`now()` })
    .returning({ id: partnerApplications.id });
  if (!row) throw new Error('Partner application was not stored');
  return row.id;
}

/** One page and one row more, newest first, on the (created_at, id) index. */
export function listApplicationsQuery(cursor: Cursor | undefined, limit: number): SQL {
  return sql`SELECT id::text AS id, company_name, org_number, contact_person, email, phone, address, city, postal_code, country,
      business_description, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
    FROM partner_applications
    WHERE ${cursor ? sql`(partner_applications.created_at, partner_applications.id) < (${cursor.date}::timestamptz, ${cursor.id}::bigint)` : sql`TRUE`}
    ORDER BY partner_applications.created_at DESC, partner_applications.id DESC LIMIT ${limit + 1}`;
}

/** Newest first, keyset-paginated like the orders. */
export async function listApplications(
  db: Db,
  cursor: Cursor | undefined,
  limit: number,
): Promise<AdminPartnerPage> {
  const rows = await queryRows<{
    id: string;
    company_name: string;
    org_number: string;
    contact_person: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postal_code: string;
    country: string;
    business_description: string;
    created_at: string;
  }>(db, listApplicationsQuery(cursor, limit));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    applications: page.map((r) => ({
      id: r.id,
      companyName: r.company_name,
      orgNumber: r.org_number,
      contactPerson: r.contact_person,
      email: r.email,
      phone: r.phone,
      address: r.address,
      city: r.city,
      postalCode: r.postal_code,
      country: r.country,
      businessDescription: r.business_description,
      createdAt: r.created_at,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ date: last.created_at, id: last.id }) : null,
  };
}
