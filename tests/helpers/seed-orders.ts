/**
 * Realistic orders at scale, generated inside the database with generate_series (millions per
 * minute, nothing through the client): Swedish first and last names (å, ä, ö included), emails built
 * from them, companies, addresses, 1–2 priced lines, statuses, three years of order dates. Used by
 * the admin plan test (tests a seeded table) and the admin bench (10 000 000 on PostgreSQL).
 *
 * Deterministic: row g always gets the same values (hashes of g, never random()), so a bench or a
 * test can name terms that match many rows, a few, or exactly one.
 */
import { csvFormats } from '@/server/admin/csv';
import { moneyPartFunction, storedLineColumn } from '@/server/admin/order-export-lines';

/** SQL text in, rows of the last statement out (Database.withConnection's exec). */
export type Exec = (sql: string) => Promise<Record<string, unknown>[]>;

const firstNames = [
  'Anna',
  'Eva',
  'Maria',
  'Karin',
  'Sara',
  'Lena',
  'Kerstin',
  'Emma',
  'Ingrid',
  'Malin',
  'Åsa',
  'Märta',
  'Linnéa',
  'Ebba',
  'Elsa',
  'Maja',
  'Agnes',
  'Ida',
  'Johanna',
  'Sofia',
  'Lars',
  'Mikael',
  'Anders',
  'Johan',
  'Per',
  'Erik',
  'Karl',
  'Peter',
  'Jan',
  'Thomas',
  'Göran',
  'Björn',
  'Örjan',
  'Håkan',
  'Jöns',
  'Måns',
  'Oskar',
  'Nils',
  'Axel',
  'Hugo',
];
const lastNames = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Jönsson',
  'Lindberg',
  'Jakobsson',
  'Magnusson',
  'Olofsson',
  'Lindström',
  'Lindqvist',
  'Lindgren',
  'Berg',
  'Axelsson',
  'Bergström',
  'Lundberg',
  'Lundgren',
  'Lundqvist',
  'Mattsson',
  'Berglund',
  'Fredriksson',
  'Sandberg',
  'Henriksson',
  'Forsberg',
  'Sjöberg',
  'Wallin',
  'Engström',
  'Danielsson',
  'Håkansson',
  'Eklund',
  'Åberg',
  'Öberg',
  'Söderberg',
  'Nyström',
  'Holmberg',
  'Näslund',
  'Ström',
  'Åkesson',
  'Hägg',
];
const companyFirst = [
  'Nordisk',
  'Svensk',
  'Göta',
  'Malmö',
  'Norrlands',
  'Västkust',
  'Skåne',
  'Mälardalens',
  'Österlen',
  'Uppsala',
  'Dala',
  'Gotlands',
  'Värmlands',
  'Blekinge',
  'Småland',
  'Lapplands',
  'Stockholms',
  'Örebro',
  'Jämtlands',
  'Kust',
];
const companySecond = [
  'Tryck',
  'Bygg',
  'Event',
  'Sport',
  'Café',
  'Konsult',
  'Media',
  'Design',
  'Fastigheter',
  'Bageri',
  'Reklam',
  'Transport',
  'Hälsa',
  'Teknik',
  'Måleri',
  'Frisör',
  'Catering',
  'Idrottsförening',
  'Scouter',
  'Bryggeri',
];
const companySuffix = ['AB', 'AB', 'AB', 'HB', 'Handelsbolag', 'Ekonomisk förening'];
const mailDomains = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'telia.com',
  'icloud.com',
  'live.se',
  'yahoo.se',
];
const streets = [
  'Storgatan',
  'Drottninggatan',
  'Kungsgatan',
  'Vasagatan',
  'Skolgatan',
  'Kyrkogatan',
  'Järnvägsgatan',
  'Södra vägen',
  'Östra Långgatan',
  'Åsgatan',
  'Björkvägen',
  'Ängsvägen',
];
const cities = [
  '111 22 Stockholm',
  '411 05 Göteborg',
  '211 20 Malmö',
  '753 20 Uppsala',
  '582 24 Linköping',
  '702 10 Örebro',
  '901 84 Umeå',
  '721 30 Västerås',
  '352 30 Växjö',
  '831 30 Östersund',
  '972 31 Luleå',
];
const countries: [code: string, name: string][] = [
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['FI', 'Finland'],
  ['DK', 'Denmark'],
];
/**
 * A few products of the catalogue as checkout stores their lines: [id, English name, Swedish name,
 * unit price, sold in sizes, mockup, print areas (cm)].
 */
const products: [string, string, string, string, boolean, string | null, string][] = [
  [
    'hoodie',
    'Hoodie',
    'Hoodie',
    '114.375',
    true,
    'hoodie',
    '{"back": {"widthCm": 32, "heightCm": 29.3}, "front": {"widthCm": 28, "heightCm": 24.4}}',
  ],
  [
    'tshirt-bomull',
    'Cotton T-shirt',
    'T-shirt i bomull',
    '64',
    true,
    'tshirt',
    '{"back": {"widthCm": 30, "heightCm": 40}, "front": {"widthCm": 28, "heightCm": 35}}',
  ],
  ['mossa', 'Beanie', 'Mössa', '45', false, 'beanie', '{"front": {"widthCm": 9, "heightCm": 4.5}}'],
  ['keps-baseball', 'Baseball Cap', 'Keps', '48', false, 'cap', '{"front": {"widthCm": 10, "heightCm": 5}}'],
  ['klistermärken', 'Stickers', 'Klistermärken', '0.74', false, null, '{}'],
  ['kuponghäfte', 'Coupon Booklet', 'Kuponghäfte', '15', false, null, '{}'],
  ['tejp', 'Printed Tape', 'Tryckt tejp', '9.2', false, null, '{}'],
];
const colours = ['navy', 'black', 'white', 'grey', 'red'];
/** Weighted like a running shop: most orders are shipped. */
const statuses = [
  ...Array<string>(14).fill('shipped'),
  'pending',
  'pending',
  'pending',
  'in_production',
  'in_production',
  'cancelled',
];

const ident = (name: unknown) => `"${String(name).replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => `ARRAY[${values.map(literal).join(', ')}]`;
/** A deterministic number in [0, modulo) for row g; each salt gives an independent one. */
const hash = (salt: number, modulo: number) =>
  `((hashint8(g + ${salt}000000000000::bigint)::bigint + 2147483648) % ${modulo})`;
/** A deterministic pick from `values` for row g; `salt` makes picks of different fields independent. */
const pick = (values: readonly string[], salt: number) =>
  `(${array(values)})[1 + ${hash(salt, values.length)}]`;
/** Swedish letters as an email address writes them. */
const mailPart = (sql: string) => `translate(lower(${sql}), 'åäöéü ', 'aaoeu.')`;

/** Three years of orders, newest last: order g is `step` milliseconds after order g − 1. */
const spanMs = 3 * 365 * 24 * 3600 * 1000;

/** How many variants of lines, addresses and phones the orders pick from. */
const variants = 4096;

/**
 * Small tables of ready-made parts (people, companies, lines, places, phones), built once per seed.
 * Each order picks one of each by a hash of its row number: the per-row work is a few hashes and
 * joins, so PostgreSQL inserts millions of orders a minute.
 */
const partTables = [
  `CREATE TEMP TABLE seed_people AS
   SELECT (row_number() OVER () - 1)::integer AS i, f || ' ' || l AS name,
     ${mailPart('f')} || '.' || ${mailPart('l')} AS mail,
     '19' || (50 + (hashint4(length(f) * 97 + length(l)) & 31)) || '0' || (1 + length(f) % 9) || lpad((1 + length(l) % 28)::text, 2, '0') || '-' || lpad(((hashint8(length(f || l)::bigint)::bigint + 2147483648) % 10000)::text, 4, '0') AS personal_number
   FROM unnest(${array(firstNames)}) AS f CROSS JOIN unnest(${array(lastNames)}) AS l`,
  `CREATE TEMP TABLE seed_companies AS
   SELECT (row_number() OVER () - 1)::integer AS i, a || ' ' || b || ' ' || c AS name,
     ${mailPart('a || b')} AS domain,
     '55' || lpad(((hashint4(length(a || b || c)) & 2147483647) % 10000)::text, 4, '0') || '-' || lpad((row_number() OVER () % 10000)::text, 4, '0') AS org_number
   FROM unnest(${array(companyFirst)}) AS a CROSS JOIN unnest(${array(companySecond)}) AS b
     CROSS JOIN unnest(${array(companySuffix)}) AS c`,
  // Lines as checkout stores them: the names sold with in both languages, the colour, the sizes of
  // garments (split S/M/L), the mockup and print areas; every fourth order adds coupon booklets.
  `CREATE TEMP TABLE seed_lines AS
   SELECT k AS i, jsonb_build_array(jsonb_build_object('productId', product.id, 'name', product.name,
         'names', jsonb_build_object('sv', product.sv, 'en', product.name), 'quantity', q1, 'unitPrice', product.price,
         'lineTotal', t1::text, 'options', jsonb_build_object('colour', (${array(colours)})[1 + k % ${colours.length}]))
       || CASE WHEN product.sized THEN jsonb_build_object('sizes', jsonb_build_object('S', q1 / 4, 'M', q1 - 2 * (q1 / 4), 'L', q1 / 4)) ELSE '{}' END
       || CASE WHEN product.mockup IS NOT NULL THEN jsonb_build_object('mockup', product.mockup) ELSE '{}' END
       || CASE WHEN product.areas <> '{}' THEN jsonb_build_object('printAreas', product.areas) ELSE '{}' END)
       || CASE WHEN k % 4 = 0 THEN jsonb_build_array(jsonb_build_object('productId', 'kuponghäfte', 'name', 'Coupon Booklet',
         'names', jsonb_build_object('sv', 'Kuponghäfte', 'en', 'Coupon Booklet'), 'quantity', q2, 'unitPrice', '15', 'lineTotal', t2::text)) ELSE '[]'::jsonb END AS items,
     t1 + CASE WHEN k % 4 = 0 THEN t2 ELSE 0 END AS total
   FROM (SELECT k, 20 + (k * 37) % 480 AS q1, 100 + (k * 13) % 900 AS q2 FROM generate_series(0, ${variants - 1}) AS k) AS n
     JOIN (VALUES ${products
       .map(
         ([id, name, sv, price, sized, mockup, areas], i) =>
           `(${i}, ${literal(id)}, ${literal(name)}, ${literal(sv)}, ${literal(price)}, ${sized}, ${mockup ? literal(mockup) : 'NULL'}, ${literal(areas)}::jsonb)`,
       )
       .join(', ')}) AS product (n, id, name, sv, price, sized, mockup, areas)
       ON product.n = n.k % ${products.length}
     CROSS JOIN LATERAL (SELECT round(q1 * product.price::numeric, 2) AS t1, round(q2 * 15::numeric, 2) AS t2) AS money`,
  `CREATE TEMP TABLE seed_places AS
   SELECT k AS i, street || ' ' || (1 + (k * 7) % 120) || ', ' || city AS address, country.code, country.name AS country
   FROM generate_series(0, ${variants - 1}) AS k
     CROSS JOIN LATERAL (SELECT (${array(streets)})[1 + k % ${streets.length}] AS street,
       (${array(cities)})[1 + (k / ${streets.length}) % ${cities.length}] AS city) AS parts
     JOIN (VALUES ${countries.map(([code, name], i) => `(${i}, ${literal(code)}, ${literal(name)})`).join(', ')}) AS country (n, code, name)
       ON country.n = (k * 31) % ${countries.length}`,
  `CREATE TEMP TABLE seed_phones AS
   SELECT k AS i, '07' || (k % 10) || '-' || lpad(((k * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((k * 31) % 100)::text, 2, '0') || ' ' || lpad(((k * 17) % 100)::text, 2, '0') AS phone
   FROM generate_series(0, ${variants - 1}) AS k`,
];

/**
 * SQL per orders column, over `g` (the row number) and `p` (the row's picks, below). An order's
 * number is INV-<its time in ms>, as checkout makes them.
 */
function columnValues(startMs: number, stepMs: number): Record<string, string> {
  const ms = `(${startMs}::bigint + g * ${stepMs}::bigint)`;
  return {
    order_number: `'INV-' || ${ms}`,
    invoice_seq: ms,
    customer_type: `CASE WHEN p.company THEN 'company' ELSE 'personal' END`,
    customer_name: `p.person_name`,
    customer_email: `CASE WHEN p.company THEN p.mail || '@' || p.company_domain || '.se'
      ELSE p.mail || ${hash(13, 100)} || '@' || ${pick(mailDomains, 14)} END`,
    customer_phone: `p.phone`,
    customer_organization: `CASE WHEN p.company THEN p.company_name END`,
    customer_org_number: `CASE WHEN p.company THEN p.org_number END`,
    customer_personal_number: `CASE WHEN NOT p.company THEN p.personal_number END`,
    customer_address: `p.address || ', ' || p.country`,
    delivery_address: `p.address`,
    country_code: `p.country_code`,
    items: `p.items`,
    total_amount: `p.total`,
    ex_vat_amount: `round(p.total / 1.25, 2)`,
    vat_amount: `p.total - round(p.total / 1.25, 2)`,
    status: pick(statuses, 26),
    status_changed_at: `least(now(), to_timestamp((${ms} + 172800000) / 1000.0))`,
    order_date: `to_timestamp(${ms} / 1000.0)`,
    // Unique, like the sha256 hex the shop stores; no buyer holds a key or token to these orders.
    idempotency_key: `'seed' || lpad(to_hex(g), 60, '0')`,
    request_hash: `'seed'`,
    access_token_hash: `'seed'`,
  };
}

/** Row g with its picks: one person, company, lines, place and phone each. */
function picksFrom(from: number, to: number): string {
  const people = firstNames.length * lastNames.length;
  const companies = companyFirst.length * companySecond.length * companySuffix.length;
  return `SELECT g, ${hash(3, 10)} < 6 AS company,
      person.name AS person_name, person.mail, person.personal_number,
      firm.name AS company_name, firm.domain AS company_domain, firm.org_number,
      line.items, line.total, place.address, place.code AS country_code, place.country, phone.phone
    FROM generate_series(${from}::bigint, ${to}::bigint) AS g
      JOIN seed_people AS person ON person.i = ${hash(1, people)}
      JOIN seed_companies AS firm ON firm.i = ${hash(4, companies)}
      JOIN seed_lines AS line ON line.i = ${hash(9, variants)}
      JOIN seed_places AS place ON place.i = ${hash(6, variants)}
      JOIN seed_phones AS phone ON phone.i = ${hash(15, variants)}`;
}

export interface SeedOptions {
  /** Rows per statement: each is one transaction and one run of the totals trigger. */
  batch?: number;
  /**
   * What checkout writes beside each order (default true): its invoice document with the snapshot,
   * the payments of the paid ones, a credit note for the cancelled ones, and the two emails.
   */
  ledger?: boolean;
  /** Told after each batch (progress of a long seed). */
  onProgress?: (done: number) => void;
}

/**
 * Adds `count` orders to `orders`. Every column the generator knows gets a value; a column it does
 * not know must have a default or accept null (a new required column stops the seed with its name).
 * For speed, the table's secondary indexes and unique constraints are dropped during the load and
 * built again afterwards (with their statistics targets), then the table is vacuumed and analysed.
 */
export async function seedOrders(exec: Exec, count: number, options: SeedOptions = {}): Promise<void> {
  const batch = options.batch ?? 1_000_000;
  const stepMs = Math.max(1, Math.floor(spanMs / Math.max(1, count)));
  const startMs = Date.now() - stepMs * (count + 1);
  const known = columnValues(startMs, stepMs);

  const columns = await exec(
    `SELECT column_name, is_nullable, column_default, is_identity, is_generated FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'orders' ORDER BY ordinal_position`,
  );
  const names: string[] = [];
  for (const column of columns) {
    const name = String(column.column_name);
    if (known[name]) names.push(name);
    else if (
      column.is_nullable === 'NO' &&
      column.column_default === null &&
      column.is_identity !== 'YES' &&
      column.is_generated !== 'ALWAYS'
    )
      throw new Error(`orders.${name} is required: give it a value in tests/helpers/seed-orders.ts`);
  }

  // Secondary indexes and unique constraints (not the primary key, which order_status_events references).
  const constraints = await exec(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'orders'::regclass AND contype = 'u'`,
  );
  const indexes = await exec(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def,
       (SELECT coalesce(json_agg(json_build_object('n', a.attnum, 't', a.attstattarget)), '[]')
          FROM pg_attribute a WHERE a.attrelid = i.oid AND a.attstattarget > 0)::text AS targets
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indrelid = 'orders'::regclass AND NOT x.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  for (const c of constraints) await exec(`ALTER TABLE orders DROP CONSTRAINT ${ident(c.conname)}`);
  for (const index of indexes) await exec(`DROP INDEX ${ident(index.name)}`);

  for (const table of partTables) await exec(table);
  await exec(`ANALYZE seed_people, seed_companies, seed_lines, seed_places, seed_phones`);
  const insert = (from: number, to: number) =>
    `INSERT INTO orders (${names.join(', ')})
     SELECT ${names.map((n) => known[n]).join(', ')} FROM (${picksFrom(from, to)}) AS p`;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await exec(insert(from, to));
    options.onProgress?.(to);
  }
  await exec(
    `UPDATE invoice_counter SET last_value = GREATEST(last_value, (SELECT coalesce(max(invoice_seq), 0) FROM orders))`,
  );

  await exec(`SET maintenance_work_mem = '512MB'`);
  for (const c of constraints)
    await exec(`ALTER TABLE orders ADD CONSTRAINT ${ident(c.conname)} ${String(c.def)}`);
  for (const index of indexes) {
    await exec(String(index.def));
    const targets = JSON.parse(String(index.targets)) as { n: number; t: number }[];
    for (const { n, t } of targets)
      await exec(`ALTER INDEX ${ident(index.name)} ALTER COLUMN ${n} SET STATISTICS ${t}`);
  }
  await exec(`RESET maintenance_work_mem`);
  for (const table of ['seed_people', 'seed_companies', 'seed_lines', 'seed_places', 'seed_phones'])
    await exec(`DROP TABLE ${table}`);
  await exec('VACUUM ANALYZE orders');
  if (options.ledger ?? true) {
    await seedLedger(exec, batch);
    await storedMoneyFromLedger(exec);
    await netDaysFromLedger(exec);
  }
}

/** The dashboard's day totals of the ledger (migrations/6900_document_net_days.sql), where the schema has them. */
async function netDaysFromLedger(exec: Exec): Promise<void> {
  const [table] = await exec(`SELECT to_regclass('document_net_days') IS NOT NULL AS present`);
  if (table?.present !== true) return;
  await exec(`DELETE FROM document_net_days`);
  await exec(`INSERT INTO document_net_days (day, slot, net)
    SELECT issued_on, (id % 16)::smallint, sum(net) FROM documents WHERE kind <> 'reminder' GROUP BY 1, 2`);
}

/**
 * The ledger went in with the triggers off (seedLedger): each order's stored money cells
 * (migrations/6850_order_export_lines.sql) are made again from it, by one rewrite of the table (an
 * UPDATE of every order would leave the table twice its size), where the schema has them.
 */
async function storedMoneyFromLedger(exec: Exec): Promise<void> {
  const columns = await exec(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name LIKE 'export_line_%_money'`,
  );
  const present = new Set(columns.map((column) => String(column.column_name)));
  const rewrites = csvFormats
    .filter((format) => present.has(storedLineColumn(format, 'money')))
    .map(
      (format) =>
        `ALTER COLUMN ${ident(storedLineColumn(format, 'money'))} TYPE text USING ${moneyPartFunction(format)}(id)`,
    );
  if (rewrites.length === 0) return;
  // A column named in a trigger's column list cannot have its type altered: the money's trigger
  // (functions/0800_order_export_lines.sql) is put back as it was once the table is rewritten.
  const triggers = await exec(
    `SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger
     WHERE tgrelid = 'orders'::regclass AND tgname = 'orders_export_money'`,
  );
  for (const trigger of triggers) await exec(`DROP TRIGGER ${ident(trigger.tgname)} ON orders`);
  await exec(`ALTER TABLE orders ${rewrites.join(', ')}`);
  for (const trigger of triggers) await exec(String(trigger.def));
  await exec('ANALYZE orders');
}

/** The seller as an invoice's snapshot keeps it (the same for every seeded order). */
const sellerSnapshot = JSON.stringify({
  bic: 'ESSESESS',
  fTax: true,
  iban: 'SE0350000000050501234567',
  name: 'Bulk Print Sverige AB',
  email: 'order@bulkprint.se',
  phone: '+46 8 123 456 78',
  address: 'Storgatan 1, 111 22 Stockholm, Sweden',
  ibanEur: 'SE4550000000058398257466',
  bankgiro: '123-4566',
  orgNumber: '559123-4561',
  vatNumber: 'SE559123456101',
  bankAccount: '5050-1234567',
  registeredOffice: 'Stockholm',
});

/** A deterministic number in [0, modulo) for order `id`. */
const orderHash = (salt: number, modulo: number) =>
  `((hashint8(o.id + ${salt}000000000000::bigint)::bigint + 2147483648) % ${modulo})`;

/**
 * What checkout and the ledger write beside the seeded orders, as they write it: each order's
 * invoice (number and seq the order's, issued the order's day in Stockholm, due 30 days later, its
 * OCR, a snapshot of the buyer, seller and lines of the size a real one has), a payment of the
 * whole total for most shipped orders and of half for some open ones, a credit note for each
 * cancelled order (a third of them paid and refunded), and the buyer's confirmation and the shop's
 * notice as sent emails. `batch` orders per statement.
 */
async function seedLedger(exec: Exec, batch: number): Promise<void> {
  const [range] = await exec(`SELECT coalesce(min(id), 1) AS low, coalesce(max(id), 0) AS high FROM orders`);
  const low = Number(range?.low);
  const high = Number(range?.high);
  const stockholmDay = `(o.order_date AT TIME ZONE 'Europe/Stockholm')::date`;
  const snapshot = `jsonb_build_object('net', o.ex_vat_amount::text, 'vat', o.vat_amount::text, 'total', o.total_amount::text,
      'ocr', ref.ocr, 'currency', 'SEK', 'vatPercent', 25,
      'language', CASE WHEN o.country_code = 'SE' THEN 'sv' ELSE 'en' END, 'vatTreatment', o.vat_treatment,
      'issueDate', to_char(o.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'dueDate', (${stockholmDay} + 30)::text, 'deliveryDate', NULL, 'orderNumber', o.order_number, 'invoiceNumber', o.order_number,
      'seller', ${literal(sellerSnapshot)}::jsonb,
      'buyer', jsonb_build_object('name', o.customer_name, 'email', o.customer_email, 'phone', o.customer_phone,
        'address', o.delivery_address, 'peppolId', NULL, 'orgNumber', o.customer_org_number, 'reference', NULL,
        'vatNumber', NULL, 'contactName', NULL, 'countryCode', o.country_code, 'countryName', o.country_code,
        'customerType', o.customer_type, 'purchaseOrder', NULL, 'personalNumber', o.customer_personal_number),
      'delivery', jsonb_build_object('name', o.customer_name, 'address', o.delivery_address, 'countryCode', o.country_code,
        'countryName', o.country_code),
      'lines', (SELECT jsonb_agg(jsonb_build_object('code', line ->> 'productId', 'kind', 'product',
          'detail', 'Färg: ' || coalesce(line -> 'options' ->> 'colour', '-'), 'quantity', line -> 'quantity',
          'description', line -> 'names' ->> 'sv', 'lineNet', round((line ->> 'lineTotal')::numeric / 1.25, 2)::text,
          'unitPriceExVat', round((line ->> 'unitPrice')::numeric / 1.25, 3)::text,
          'lineTotalInclVat', line ->> 'lineTotal', 'unitPriceInclVat', line ->> 'unitPrice'))
        FROM jsonb_array_elements(o.items) AS line))`;
  const [counter] = await exec(`SELECT coalesce(max(invoice_seq), 0)::text AS seq FROM orders`);
  const creditBase = `${String(counter?.seq)}::bigint`;
  // A bulk load of rows whose references hold by construction: no foreign-key check per row (the
  // checks were most of the load's time). Nothing else fires on these tables.
  await exec(`SET session_replication_role = replica`);
  for (let from = low; from <= high; from += batch) {
    const to = Math.min(high, from + batch - 1);
    const orders = `o.id BETWEEN ${from} AND ${to}`;
    await exec(
      `INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
         net, vat, total, ocr, snapshot)
       SELECT o.id, 'invoice', o.order_number, o.invoice_seq, o.order_date, ${stockholmDay}, ${stockholmDay} + 30,
         CASE WHEN o.country_code = 'SE' THEN 'sv' ELSE 'en' END, o.vat_treatment, o.ex_vat_amount, o.vat_amount,
         o.total_amount, ref.ocr, ${snapshot}
       FROM orders o CROSS JOIN LATERAL (SELECT ocr_reference(substr(o.order_number, 5)) AS ocr) AS ref
       WHERE ${orders} ORDER BY o.id`,
    );
    // Credit notes: numbered after every invoice, in order of the orders' ids.
    await exec(
      `INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
         net, vat, total, ocr, snapshot, corrects_document_id, reason)
       SELECT o.id, 'credit_note', 'KRE-' || (${creditBase} + o.id), ${creditBase} + o.id, o.status_changed_at,
         (o.status_changed_at AT TIME ZONE 'Europe/Stockholm')::date, NULL, inv.language, inv.vat_treatment,
         -inv.net, -inv.vat, -inv.total, NULL, inv.snapshot || jsonb_build_object('kind', 'credit_note'), inv.id,
         'Avbeställd'
       FROM orders o JOIN documents inv ON inv.order_id = o.id AND inv.kind = 'invoice'
       WHERE ${orders} AND o.status = 'cancelled'`,
    );
    await exec(
      `INSERT INTO payments (document_id, amount, paid_on, method, reference, recorded_by)
       SELECT inv.id, CASE WHEN o.status = 'shipped' OR o.status = 'cancelled' THEN inv.total ELSE round(inv.total / 2, 2) END,
         inv.issued_on + ${orderHash(31, 25)}::integer, 'bankgiro', inv.ocr, 'bank file'
       FROM orders o JOIN documents inv ON inv.order_id = o.id AND inv.kind = 'invoice'
       WHERE ${orders} AND CASE o.status WHEN 'shipped' THEN ${orderHash(32, 100)} < 85
         WHEN 'cancelled' THEN ${orderHash(32, 100)} < 33 ELSE ${orderHash(32, 100)} < 20 END`,
    );
    await exec(
      `INSERT INTO payments (document_id, amount, paid_on, method, reference, recorded_by)
       SELECT inv.id, -inv.total, (o.status_changed_at AT TIME ZONE 'Europe/Stockholm')::date, 'bank_transfer', NULL, 'admin'
       FROM orders o JOIN documents inv ON inv.order_id = o.id AND inv.kind = 'invoice'
       WHERE ${orders} AND o.status = 'cancelled' AND ${orderHash(32, 100)} < 33`,
    );
    await exec(
      `INSERT INTO email_outbox (order_id, kind, status, attempts, next_attempt_at, created_at, sent_at)
       SELECT o.id, kind, 'sent', 1, o.order_date, o.order_date, o.order_date
       FROM orders o CROSS JOIN (VALUES ('buyer_confirmation'), ('shop_notice')) AS mail (kind)
       WHERE ${orders}`,
    );
  }
  await exec(`RESET session_replication_role`);
  await exec(
    `UPDATE invoice_counter SET last_value = GREATEST(last_value, (SELECT coalesce(max(seq), 0) FROM documents))`,
  );
  await exec('VACUUM ANALYZE documents, payments, email_outbox');
}
