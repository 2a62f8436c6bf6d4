import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '@tests/helpers/server';
import type { Database } from './client';
import * as schema from './schema';

/**
 * The SQL migrations and the Drizzle tables are written by hand side by side. This test reads the
 * migrated database back and fails on any difference the typed code would trip over: a table or
 * column missing on either side, another type, nullability or default, a missing index, or an
 * enum whose values differ from the column's CHECK constraint.
 */

/** Tables the migration runner keeps for itself, with no Drizzle table. */
const runnerTables = new Set(['schema_migrations']);

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

let database: Database;
beforeAll(async () => {
  database = await openTestPglite();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

interface DbColumn {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  has_default: boolean;
}

/** `numeric(14, 2)` and `numeric(14,2)` are one type. */
// eslint-disable-next-line regexp/no-super-linear-move -- column types from our own schema files
const normaliseType = (type: string) => type.replace(/\s*,\s*/g, ',').toLowerCase();

function drizzleColumn(column: PgColumn) {
  return {
    type: normaliseType(column.getSQLType()),
    notNull: column.notNull,
    hasDefault: column.hasDefault || column.generated !== undefined || column.generatedIdentity !== undefined,
  };
}

describe('the migrated database and the Drizzle schema agree', () => {
  it('on the tables', async () => {
    const found = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(
      found
        .map((r) => r.table_name)
        .filter((name) => !runnerTables.has(name))
        .sort(),
    ).toEqual(tables.map((t) => t.name).sort());
  });

  it('on every column: type, nullability and whether it has a default', async () => {
    const found = await rows<DbColumn>(sql`
      SELECT c.relname AS table_name, a.attname AS column_name,
             format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
             (a.atthasdef OR a.attidentity <> '') AS has_default
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`);
    const inDatabase = Object.fromEntries(
      found
        .filter((c) => !runnerTables.has(c.table_name))
        .map((c) => [
          `${c.table_name}.${c.column_name}`,
          { type: normaliseType(c.type), notNull: c.not_null, hasDefault: c.has_default },
        ]),
    );
    const inDrizzle = Object.fromEntries(
      tables.flatMap((t) => t.columns.map((column) => [`${t.name}.${column.name}`, drizzleColumn(column)])),
    );
    expect(inDrizzle).toEqual(inDatabase);
  });

  it('on the named indexes', async () => {
    const found = await rows<{ indexname: string }>(
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const names = new Set(found.map((r) => r.indexname));
    const declared = tables.flatMap((t) => t.indexes.map((index) => index.config.name));
    expect(declared.filter((name) => name === undefined || !names.has(name))).toEqual([]);
  });

  it("on an enum column's values and its CHECK constraint", async () => {
    const checks = await rows<{ table_name: string; definition: string }>(sql`
      SELECT c.relname AS table_name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND k.contype = 'c'`);
    const mismatches: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        const values = column.enumValues;
        if (!values?.length) continue;
        // The CHECK that lists this column's allowed values: `col = ANY (ARRAY['a'::text, ...])`.
        const check = checks.find(
          (k) => k.table_name === table.name && new RegExp(`\\(${column.name} = ANY`).test(k.definition),
        );
        const listed = [...(check?.definition.matchAll(/'([^']*)'::text/g) ?? [])].map((m) => m[1]);
        if (listed.sort().join() !== [...values].sort().join())
          mismatches.push(
            `${table.name}.${column.name}: Drizzle [${values.join()}], CHECK [${listed.join()}]`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
