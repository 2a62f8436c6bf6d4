import { is, SQL } from 'drizzle-orm';
import {
  getTableConfig,
  IndexedColumn,
  PgDialect,
  type PgColumn,
  type PgTable,
  type Check,
  type Index,
  uniqueKeyName,
} from 'drizzle-orm/pg-core';

/**
 * The Drizzle tables rendered as PostgreSQL DDL: CREATE TABLE with every column (type, NOT NULL,
 * default, identity, generated expression), primary key, UNIQUE and CHECK constraint, then every
 * index and foreign key. The schema test builds a database from this text and compares its catalog
 * with the one the migrations built, so PostgreSQL itself normalises both sides.
 *
 * Names: a name Drizzle made up for itself (`<table>_<columns>_unique`, `<table>_<columns>_fk`,
 * a primary key without a name) is left out, so PostgreSQL names it as it names the same unnamed
 * constraint in a migration (`_key`, `_fkey`, `_pkey`). A CHECK and an index always carry the
 * database's name.
 */

const dialect = new PgDialect();
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** SQL text of a Drizzle expression, columns unqualified (as a CHECK, index or generated column needs). */
function render(expression: SQL): string {
  const query = dialect.sqlToQuery(expression, 'indexes');
  if (query.params.length > 0)
    throw new Error(`DDL cannot take parameters: ${query.sql} (write constants with sql.raw)`);
  return query.sql;
}

function renderValue(value: unknown): string {
  if (is(value, SQL)) return render(value);
  if (typeof value === 'string') return quoteLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return quoteLiteral(JSON.stringify(value));
}

function renderColumn(column: PgColumn): string {
  const parts = [quoteIdent(column.name), column.getSQLType()];
  const identity = column.generatedIdentity;
  if (identity) parts.push(`GENERATED ${identity.type === 'always' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
  const generated = column.generated;
  if (generated) {
    const as: unknown = generated.as;
    const expression = typeof as === 'function' ? (as as () => SQL)() : as;
    parts.push(`GENERATED ALWAYS AS (${renderValue(expression)}) STORED`);
  }
  if (column.notNull) parts.push('NOT NULL');
  if (column.default !== undefined) parts.push(`DEFAULT ${renderValue(column.default)}`);
  return parts.join(' ');
}

const columnList = (columns: PgColumn[]) => columns.map((c) => quoteIdent(c.name)).join(', ');

/** `CONSTRAINT name ` when the name is the table's own, '' when it is Drizzle's default. */
const named = (name: string | undefined, drizzleDefault: string) =>
  name === undefined || name === drizzleDefault ? '' : `CONSTRAINT ${quoteIdent(name)} `;

function renderCheck(check: Check): string {
  return `CONSTRAINT ${quoteIdent(check.name)} CHECK (${render(check.value)})`;
}

function renderIndex(tableName: string, index: Index): string {
  const { name, columns, unique, where, method, with: storage } = index.config;
  if (!name) throw new Error(`An index on ${tableName} has no name: name it as the database does`);
  const keys = columns.map((column) => {
    // An expression as written: a function call as it is, anything else in its own parentheses.
    if (is(column, SQL)) return render(column);
    if (!is(column, IndexedColumn)) throw new Error(`Index ${name}: unknown column kind`);
    const config = column.indexConfig;
    return [
      quoteIdent(column.name ?? ''),
      config.opClass,
      config.order,
      config.nulls && `NULLS ${config.nulls}`,
    ]
      .filter(Boolean)
      .join(' ');
  });
  const using = method && method !== 'btree' ? ` USING ${method}` : '';
  const withClause = storage
    ? ` WITH (${Object.entries(storage)
        .map(([key, value]) => `${key} = ${String(value)}`)
        .join(', ')})`
    : '';
  const whereClause = where ? ` WHERE ${render(where)}` : '';
  return `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${quoteIdent(name)} ON ${quoteIdent(tableName)}${using} (${keys.join(', ')})${withClause}${whereClause};`;
}

/** CREATE TABLE, CREATE INDEX and ALTER TABLE … FOREIGN KEY statements for the given tables. */
export function renderSchema(tables: PgTable[]): string {
  const creates: string[] = [];
  const after: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const lines = config.columns.map(renderColumn);
    const primary = config.columns.filter((c) => c.primary);
    if (primary.length > 0) lines.push(`PRIMARY KEY (${columnList(primary)})`);
    for (const key of config.primaryKeys)
      lines.push(
        `${key.name ? `CONSTRAINT ${quoteIdent(key.name)} ` : ''}PRIMARY KEY (${columnList(key.columns)})`,
      );
    for (const column of config.columns.filter((c) => c.isUnique))
      lines.push(
        `${named(column.uniqueName, uniqueKeyName(table, [column.name]))}UNIQUE${column.uniqueType === 'not distinct' ? ' NULLS NOT DISTINCT' : ''} (${quoteIdent(column.name)})`,
      );
    for (const constraint of config.uniqueConstraints)
      lines.push(
        `${named(
          constraint.name,
          uniqueKeyName(
            table,
            constraint.columns.map((c) => c.name),
          ),
        )}UNIQUE${constraint.nullsNotDistinct ? ' NULLS NOT DISTINCT' : ''} (${columnList(constraint.columns)})`,
      );
    lines.push(...config.checks.map(renderCheck));
    creates.push(`CREATE TABLE ${quoteIdent(config.name)} (\n  ${lines.join(',\n  ')}\n);`);
    after.push(...config.indexes.map((index) => renderIndex(config.name, index)));
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      const foreignTable = getTableConfig(reference.foreignTable).name;
      const drizzleDefault = `${config.name}_${reference.columns.map((c) => c.name).join('_')}_${foreignTable}_${reference.foreignColumns.map((c) => c.name).join('_')}_fk`;
      const actions = [
        key.onDelete && key.onDelete !== 'no action' ? ` ON DELETE ${key.onDelete.toUpperCase()}` : '',
        key.onUpdate && key.onUpdate !== 'no action' ? ` ON UPDATE ${key.onUpdate.toUpperCase()}` : '',
      ].join('');
      after.push(
        `ALTER TABLE ${quoteIdent(config.name)} ADD ${named(reference.name ?? key.getName(), drizzleDefault)}FOREIGN KEY (${columnList(reference.columns)}) REFERENCES ${quoteIdent(foreignTable)} (${columnList(reference.foreignColumns)})${actions};`,
      );
    }
  }
  return [...creates, ...after].join('\n');
}
