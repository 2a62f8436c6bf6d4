import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkArchitecture } from './check-architecture.mjs';

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A throwaway repository: src-relative paths (tests/ and bench/ ones are root-relative) and their source. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'architecture-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    const file = /^(tests|bench)\//.test(path) ? join(root, path) : join(root, 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  return root;
}

/** The problems in a tree, in a stable order (the walk's order depends on the file system). */
const problemsIn = (root: string) => checkArchitecture(root).sort();

/** A minimal server with two domains talking properly, to add one offending module to. */
const server = {
  'server/config.ts': 'export const config = {};\n',
  'server/context.ts': "import type { config } from './config';\nexport type AppContext = typeof config;\n",
  'server/db/client.ts': 'export const db = {};\n',
  'server/http/errors.ts': "import { db } from '@/server/db/client';\nexport const sendError = db;\n",
  'server/orders/index.ts': "export { findOrder } from './service';\n",
  'server/orders/service.ts':
    "import { db } from '@/server/db/client';\nimport { claim } from '@/server/print-files';\nexport const findOrder = [db, claim];\n",
  'server/orders/routes.ts':
    "import { findOrder } from './service';\nexport const orderRoutes = findOrder;\n",
  'server/print-files/index.ts': "export { claim } from './service';\n",
  'server/print-files/service.ts': 'export const claim = 1;\n',
  'server/print-files/routes.ts':
    "import { findOrder } from '../orders/index';\nimport { sendError } from '@/server/http/errors';\nimport type { AppContext } from '@/server/context';\nexport const printFileRoutes = (context: AppContext) => [findOrder, sendError, context];\n",
  'server/app.ts':
    "import { orderRoutes } from './orders/routes';\nimport { printFileRoutes } from './print-files/routes';\nimport { findOrder } from './orders';\nexport const app = [orderRoutes, printFileRoutes, findOrder];\n",
};

describe('checkArchitecture', () => {
  it('accepts domains that meet through index.ts, infrastructure, and an app that mounts routes.ts', () => {
    const root = tree({ ...server, 'server/orders/routes.test.ts': "import { app } from '@/server/app';\n" });
    expect(problemsIn(root)).toEqual([]);
  });

  it('refuses shared code importing the browser code or a package outside its allowlist', () => {
    const root = tree({
      'client/lib/format.ts': 'export const format = 1;\n',
      'shared/money.ts':
        "import { format } from '@/client/lib/format';\nimport pino from 'pino';\nexport const m = [format, pino];\n",
    });
    expect(problemsIn(root)).toEqual([
      "src/shared/money.ts: shared code imports only zod, jsvat and itself, not 'pino'",
      "src/shared/money.ts: shared code must not import client/lib ('@/client/lib/format')",
    ]);
  });

  it('refuses a feature importing another feature, and components importing a feature', () => {
    const root = tree({
      'client/features/cart/cart.ts': 'export const cart = 1;\n',
      'client/features/checkout/form.ts': "import { cart } from '../cart/cart';\nexport const form = cart;\n",
      'client/components/summary.tsx':
        "import { cart } from '@/client/features/cart/cart';\nexport const summary = cart;\n",
    });
    expect(problemsIn(root)).toEqual([
      "src/client/components/summary.tsx: client/components must not import client/features/cart ('@/client/features/cart/cart')",
      "src/client/features/checkout/form.ts: a feature must not import another feature: move what client/features/checkout and client/features/cart share to components, lib or shared ('../cart/cart')",
    ]);
  });

  it("refuses a server domain importing another domain's inner module or routes", () => {
    const root = tree({
      ...server,
      'server/proofs/service.ts':
        "import { findOrder } from '@/server/orders/service';\nimport { orderRoutes } from '../orders/routes';\nexport const proofs = [findOrder, orderRoutes];\n",
    });
    expect(problemsIn(root)).toEqual([
      "src/server/proofs/service.ts: the proofs domain imports '@/server/orders/service', an inner module of orders: go through its public index.ts ('@/server/orders')",
      "src/server/proofs/service.ts: the proofs domain must not import the routes of orders ('../orders/routes'): the app mounts routes and starts workers; use '@/server/orders' for its services",
    ]);
  });

  it('refuses the app reaching into a domain, a domain importing the app, and infrastructure importing a domain', () => {
    const root = tree({
      ...server,
      'server/housekeeping.ts': "import { claim } from './print-files/service';\nexport const run = claim;\n",
      'server/print-files/cleanup.ts':
        "import type { app } from '@/server/app';\nexport type App = typeof app;\n",
      'server/db/orders-view.ts':
        "import { findOrder } from '@/server/orders';\nexport const view = findOrder;\n",
    });
    expect(problemsIn(root)).toEqual([
      "src/server/db/orders-view.ts: infrastructure (db) must not import the orders domain ('@/server/orders')",
      "src/server/housekeeping.ts: the app imports './print-files/service', an inner module of print-files: go through its public index.ts ('@/server/print-files')",
      "src/server/print-files/cleanup.ts: the print-files domain must not import the app ('@/server/app'): what routes need comes in AppContext (src/server/context.ts)",
    ]);
  });

  it('refuses a cycle of runtime imports, and one closed by a type-only import as such', () => {
    const root = tree({
      'shared/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'shared/b.ts': "import { c } from './c';\nexport const b = c;\n",
      'shared/c.ts':
        "import type { a } from './a';\nimport { d } from './d';\nexport const c: typeof a | number = d;\n",
      'shared/d.ts': "import { c } from './c';\nexport const d = 1;\nexport const e = c;\n",
    });
    expect(problemsIn(root)).toEqual([
      'import cycle (through a type-only import): src/shared/a.ts → src/shared/b.ts → src/shared/c.ts → src/shared/a.ts',
      'import cycle: src/shared/c.ts → src/shared/d.ts → src/shared/c.ts',
    ]);
  });

  it('counts `import { type X }` as a runtime import: the module is still loaded for its effects', () => {
    const root = tree({
      'shared/e.ts': "import { f } from './f';\nexport const e = f;\n",
      'shared/f.ts': "import { type e } from './e';\nexport const f = 1;\nexport type F = typeof e;\n",
    });
    expect(problemsIn(root)).toEqual(['import cycle: src/shared/e.ts → src/shared/f.ts → src/shared/e.ts']);
  });

  it('keeps test code out of the product, test files unimported, and helpers free of suites', () => {
    const root = tree({
      ...server,
      'server/orders/seed.ts':
        "import { seed } from '../../../tests/helpers/seed';\nexport const s = seed;\n",
      'server/orders/service.test.ts':
        "import { seed } from '@tests/helpers/seed';\nexport const s = seed;\n",
      'tests/helpers/seed.ts': "import { story } from '../e2e/story.test';\nexport const seed = story;\n",
      'tests/e2e/story.test.ts':
        "import { findOrder } from '@/server/orders';\nexport const story = findOrder;\n",
      'bench/admin.ts': "import { seed } from '../tests/helpers/seed';\nexport const run = seed;\n",
      'tests/e2e/browser.ts': 'export const launch = 1;\n',
      'tests/helpers/pages.ts': "import { launch } from '../e2e/browser';\nexport const pages = launch;\n",
    });
    expect(problemsIn(root)).toEqual([
      "src/server/orders/seed.ts: product code must not import test or bench code ('../../../tests/helpers/seed')",
      "tests/helpers/pages.ts: a test helper must not import tests/e2e ('../e2e/browser'): helpers serve every suite",
      "tests/helpers/seed.ts: imports the test file '../e2e/story.test': move what it shares to tests/helpers",
    ]);
  });

  it('finds a cycle that runs through a test helper', () => {
    const root = tree({
      'tests/helpers/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'tests/helpers/b.ts': "import { a } from './a';\nexport const b = a;\n",
    });
    expect(problemsIn(root)).toEqual([
      'import cycle: tests/helpers/a.ts → tests/helpers/b.ts → tests/helpers/a.ts',
    ]);
  });

  describe('tables', () => {
    /** Two domains' schema files, as src/server/db declares them (read as text, never run). */
    const schema = {
      'server/db/orders-schema.ts':
        "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const orders = pgTable('orders', { id: text('id') });\n",
      'server/db/print-files-schema.ts':
        "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const orderPrintFiles = pgTable(\n  'order_print_files',\n  { id: text('id') },\n);\n",
    };

    it("accepts a domain writing its own tables and reading another's where crossDomainReads allows", () => {
      const root = tree({
        ...server,
        ...schema,
        'server/print-files/store.ts':
          "import { sql } from 'drizzle-orm';\nimport { orderPrintFiles } from '@/server/db/schema';\nexport const add = (db: Db) => db.insert(orderPrintFiles).values({});\nexport const lock = sql`SELECT id FROM orders WHERE id = 1 FOR UPDATE`;\n",
        'server/orders/service.test.ts':
          "import { sql } from 'drizzle-orm';\nexport const setUp = sql`DELETE FROM order_print_files`;\n",
      });
      expect(problemsIn(root)).toEqual([]);
    });

    it("refuses SQL or Drizzle that writes another domain's table, or reads one outside the allowlist", () => {
      const root = tree({
        ...server,
        ...schema,
        'server/print-files/store.ts':
          "import { sql } from 'drizzle-orm';\nexport const ship = sql`UPDATE orders SET status = 'shipped' WHERE id = ${1}`;\n",
        'server/orders/files.ts':
          "import { sql } from 'drizzle-orm';\nimport { orderPrintFiles as files } from '@/server/db/print-files-schema';\nexport const drop = (db: Db) => db.delete(files);\nexport const list = sql.raw('SELECT f.id FROM orders o, order_print_files f');\n",
      });
      expect(problemsIn(root)).toEqual([
        "src/server/orders/files.ts: reads order_print_files, a table of the print-files domain: use '@/server/print-files' (or, for a deliberate read model, add it to crossDomainReads with why)",
        "src/server/orders/files.ts: writes order_print_files, a table of the print-files domain: call an operation of '@/server/print-files'",
        "src/server/print-files/store.ts: writes orders, a table of the orders domain: call an operation of '@/server/orders'",
      ]);
    });

    it('refuses a schema file named after no domain', () => {
      const root = tree({
        ...server,
        'server/db/billing-schema.ts': "export const bills = pgTable('bills', {});\n",
      });
      expect(problemsIn(root)).toEqual([
        "src/server/db/billing-schema.ts: a schema file is named after its domain (or listed in schemaFileOwners); no domain 'billing'",
      ]);
    });
  });
});
