import { sql, type SQL } from 'drizzle-orm';
import { DESIGN_LIBRARY_MAX, designLibraryApiPaths, type LibraryDesign } from '@/shared/design-library';
import { printFileKind } from '@/shared/print-files';
import { SVG_TYPE, typedFileName, uploadIdPattern } from '@/shared/uploads';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { orderImageIdsSql, ordersOfAddressSql } from '@/server/orders';
import { printFileFactsSql } from '@/server/print-files';
import { canThumbnail, uploadFactsSql } from '@/server/uploads';

/**
 * Whose files an order placed with `email` may use again (decision 0077), as a subquery of order
 * ids: the address's own orders (decision 0050's reorder rule), and, when the address is a
 * verified member of a company account, the company's orders as the account lists them (placed
 * with its number by its verified people, or claimed for it: company.ts's companyHoldings).
 * Checkout (POST /api/orders, through the app), the reorder and the design library all use it.
 */
export function reusableOrdersSql(email: string): SQL {
  const address = email.trim().toLowerCase();
  return sql`(${ordersOfAddressSql(address)}
    UNION SELECT o.id FROM account_company_members me
      JOIN account_company_members mate ON mate.org_number = me.org_number AND mate.verified_at IS NOT NULL
      JOIN orders o ON o.customer_type = 'company' AND o.customer_org_number = me.org_number
        AND lower(o.customer_email) = mate.email
      WHERE me.email = ${address} AND me.verified_at IS NOT NULL
    UNION SELECT c.order_id FROM account_company_members me
      JOIN account_company_claims c ON c.org_number = me.org_number
      WHERE me.email = ${address} AND me.verified_at IS NOT NULL)`;
}

interface LibraryRow extends Record<string, unknown> {
  id: string;
  purpose: 'image' | 'print-file';
  content_type: string;
  file_name: string | null;
  size_bytes: number | string;
  pixel_width: number | null;
  pixel_height: number | null;
  last_used_at: string;
  orders: { orderNumber: string; placedAt: string }[];
}

/**
 * The files of the reusable orders: each order's print files and the customiser images its lines
 * print, once per upload, newest use first; `only` narrows it to one upload (the thumbnail's check).
 */
function libraryRows(db: Db, email: string, limit: number, only?: string): Promise<LibraryRow[]> {
  const iso = (at: SQL) => sql`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return queryRows<LibraryRow>(
    db,
    sql`WITH mine AS (SELECT o.id, o.order_number, o.order_date, o.items FROM orders o
                      WHERE o.id IN ${reusableOrdersSql(email)}),
        used AS (
          SELECT f.upload_id, m.order_number, m.order_date
            FROM ${printFileFactsSql} f JOIN mine m ON m.id = f.order_id
          UNION
          SELECT x.id, m.order_number, m.order_date
            FROM mine m CROSS JOIN LATERAL jsonb_array_elements_text(${orderImageIdsSql(sql`m.items`)}) AS x(id))
        SELECT u.id, u.purpose, u.content_type, u.file_name, u.size_bytes, u.pixel_width, u.pixel_height,
          ${iso(sql`max(used.order_date)`)} AS last_used_at,
          jsonb_agg(jsonb_build_object('orderNumber', used.order_number, 'placedAt', ${iso(sql`used.order_date`)})
                    ORDER BY used.order_date DESC, used.order_number) AS orders
        FROM used JOIN ${uploadFactsSql} u ON u.id = used.upload_id
        WHERE u.purpose IN ('image', 'print-file') ${only === undefined ? sql`` : sql`AND u.id = ${only}`}
        GROUP BY u.id, u.purpose, u.content_type, u.file_name, u.size_bytes, u.pixel_width, u.pixel_height
        ORDER BY max(used.order_date) DESC, u.id
        LIMIT ${limit}`,
  );
}

function toDesign(row: LibraryRow): LibraryDesign {
  const kind = printFileKind(row.content_type) ?? 'raster';
  const preview = canThumbnail(row.content_type)
    ? designLibraryApiPaths.thumbnail(row.id)
    : // A customiser's SVG was cleaned on the way in and is shown through <img> only (docs/uploads.md).
      row.purpose === 'image' && row.content_type === SVG_TYPE
      ? `/api/uploads/${row.id}`
      : undefined;
  return {
    id: row.id,
    use: row.purpose,
    name: row.file_name === null ? '' : typedFileName(row.file_name, row.content_type, row.purpose),
    contentType: row.content_type,
    kind,
    bytes: Number(row.size_bytes),
    ...(row.pixel_width && row.pixel_height
      ? { width: Number(row.pixel_width), height: Number(row.pixel_height) }
      : {}),
    ...(preview ? { preview } : {}),
    lastUsedAt: row.last_used_at,
    // Once per order: UNION above keeps one row per file and order.
    orders: row.orders,
  };
}

/** The signed-in address's design library, newest use first (at most DESIGN_LIBRARY_MAX files). */
export async function designLibrary(db: Db, email: string): Promise<LibraryDesign[]> {
  return (await libraryRows(db, email, DESIGN_LIBRARY_MAX)).map(toDesign);
}

/** One file of the address's library, or undefined (not theirs, unknown, malformed). */
export async function libraryDesign(
  db: Db,
  email: string,
  uploadId: string,
): Promise<LibraryDesign | undefined> {
  if (!uploadIdPattern.test(uploadId)) return undefined;
  const [row] = await libraryRows(db, email, 1, uploadId);
  return row && toDesign(row);
}
