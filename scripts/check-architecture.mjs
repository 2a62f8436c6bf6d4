#!/usr/bin/env node
/**
 * The code's boundaries as allowlists, table ownership, and no import cycles, checked over every
 * module in src/, tests/ and bench/. Part of `npm run check`; exits 1 and names each problem.
 *
 * - src/shared imports only itself and the packages in sharedPackages (pure code: no I/O, no UI).
 * - src/client never imports src/server and vice versa (both may import src/shared).
 * - A client feature (src/client/features/<name>) does not import another feature: what two
 *   features share moves to components, lib or shared. The app (routes) composes features.
 * - src/client/components (UI building blocks), src/client/lib (helpers) and src/client/state (the
 *   app-wide cart and currency) do not import features or the app. The app (routes, layout)
 *   composes features.
 * - A server domain (a folder of src/server: admin, orders, invoicing, print-files, proofs, uploads,
 *   email, partners, catalogue, currency, shop, spa, quotes) is imported from outside only through its
 *   public index.ts ('@/server/orders' or '../orders/index'), never its inner files. A domain's
 *   routes.ts is its HTTP face, which only the app (the top-level modules of src/server: app.ts,
 *   main.ts, housekeeping.ts) mounts, as it starts a domain's worker.ts (a background worker); other
 *   domains' admin routes reach the admin area through
 *   the app (adminRoutes' domainRoutes), so routes never import each other across domains. Keeping
 *   routes out of index.ts is what keeps the domains acyclic: orders' services use print files,
 *   while print files' routes look orders up.
 * - Infrastructure any server module may import inside: src/server/db (the Drizzle tables, one
 *   file per domain, the client, migrations, queryRows) and src/server/http (error replies,
 *   locale, throttles, request limits, security headers), plus the top-level config.ts (settings)
 *   and context.ts (AppContext, what every route is given). Infrastructure imports no domain.
 * - Domains do not import the app (app.ts, main.ts, housekeeping.ts): AppContext lives in its own
 *   module so the app and its routes never import each other. Tests may import the app.
 * - Test code stays out of the product: no module of src/ other than a *.test.ts(x) imports tests/
 *   or bench/, and no module at all imports a *.test.ts(x) (its tests would run twice, in two files).
 *   tests/helpers serve both tests/api and tests/e2e, so they import neither.
 * - Domains own their tables: each src/server/db/<domain>-schema.ts declares its domain's tables
 *   (schemaFileOwners names the few files named otherwise). A domain's SQL (sql`` templates,
 *   sql.raw(), query()) and its Drizzle table imports never write another domain's table (it calls
 *   that domain's operation, e.g. enqueueEmail, attachUploads, transition) and read one only where
 *   crossDomainReads allows a deliberate read model (exports, the production board, ledgers).
 * - No import cycle across src/, tests/ and bench/: not of runtime imports, and not through a
 *   type-only one either (erased at run time, but the same knot in the design). `import { type X }`
 *   counts as a runtime import: the module is still loaded for its side effects.
 *
 * Written with the TypeScript compiler API (already a dependency) rather than an ESLint plugin:
 * one pass over ~300 files takes about a second, where import-cycle lint rules re-resolve the
 * graph per file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** Packages shared code may use: validation and VAT-number rules, both pure. Test-only imports aside. */
const sharedPackages = new Set(['zod', 'jsvat']);
const testPackages = new Set(['vitest', 'fast-check']);
/** Server folders whose inner files every server module may import: see the header. */
const serverInfrastructure = new Set(['db', 'http']);
/**
 * A domain's faces only the app uses: its HTTP routes, and a background worker it starts (the email
 * worker renders from domains that queue email, so it cannot sit behind the index they import).
 */
const appFaces = new Set(['routes', 'worker']);
/** Top-level server modules every server module may import: settings and the routes' context. */
const serverSharedModules = new Set(['config.ts', 'context.ts']);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** A path relative to `from`, with / between its parts on every platform. */
const posixRelative = (from, to) => relative(from, to).split('\\').join('/');

/** Runtime and type-only import specifiers of one module. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // Only `import type { X }` is erased: `import { type X }` stays at run time as an import of
      // the module for its side effects (esbuild and TypeScript's verbatimModuleSyntax keep it).
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(clause?.isTypeOnly) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      // A dynamic import loads later: it is a boundary crossing but never part of a load-time cycle.
      found.push({ specifier: node.arguments[0].text, typeOnly: false, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file an import names, or undefined for a package. */
function resolveImport({ root, srcDir }, from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('@tests/')) base = join(root, 'tests', specifier.slice(7));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** Which part of the code a file belongs to: 'shared', 'server', 'client/features/search', ... */
function area(srcDir, file) {
  const path = posixRelative(srcDir, file);
  if (path.startsWith('..')) return 'outside';
  const [top, second, third] = path.split('/');
  if (top === 'client' && second === 'features') return `client/features/${third}`;
  if (top === 'client' && ['components', 'lib', 'state', 'app'].includes(second)) return `client/${second}`;
  return top ?? '';
}

/**
 * Where a server file sits: its domain (undefined for the top-level modules) and whether it is the
 * domain's index.ts or routes.ts.
 */
function serverPlace(srcDir, file) {
  const parts = posixRelative(join(srcDir, 'server'), file).split('/');
  if (parts[0] === '..') return undefined;
  if (parts.length === 1) return { domain: undefined, name: parts[0] };
  const entry = parts.length === 2 ? parts[1].replace(/\.tsx?$/, '') : undefined;
  return { domain: parts[0], name: parts.slice(1).join('/'), entry };
}

/** The server rules of the header: domains meet through index.ts, the app mounts routes.ts. */
function serverViolation(srcDir, fromFile, specifier, target) {
  const from = serverPlace(srcDir, fromFile);
  const to = target && serverPlace(srcDir, target);
  if (!from || !to || from.domain === to.domain) return undefined;
  if (to.domain === undefined) {
    if (serverSharedModules.has(to.name) || from.domain === undefined || isTest(fromFile)) return undefined;
    return `the ${from.domain} domain must not import the app ('${specifier}'): what routes need comes in AppContext (src/server/context.ts)`;
  }
  if (serverInfrastructure.has(from.domain) && !serverInfrastructure.has(to.domain))
    return `infrastructure (${from.domain}) must not import the ${to.domain} domain ('${specifier}')`;
  if (serverInfrastructure.has(to.domain) || to.entry === 'index') return undefined;
  if (appFaces.has(to.entry)) {
    if (from.domain === undefined) return undefined;
    return `the ${from.domain} domain must not import the ${to.entry} of ${to.domain} ('${specifier}'): the app mounts routes and starts workers; use '@/server/${to.domain}' for its services`;
  }
  const who = from.domain === undefined ? 'the app' : `the ${from.domain} domain`;
  return `${who} imports '${specifier}', an inner module of ${to.domain}: go through its public index.ts ('@/server/${to.domain}')`;
}

/** The test-code rules of the header, for any module of the repository. */
function testCodeViolation(root, fromFile, specifier, target) {
  if (!target) return undefined;
  const from = posixRelative(root, fromFile);
  const to = posixRelative(root, target);
  if (isTest(target)) return `imports the test file '${specifier}': move what it shares to tests/helpers`;
  if (from.startsWith('src/') && !isTest(fromFile) && /^(tests|bench)\//.test(to))
    return `product code must not import test or bench code ('${specifier}')`;
  if (from.startsWith('tests/helpers/') && /^tests\/(api|e2e)\//.test(to))
    return `a test helper must not import ${to.split('/').slice(0, 2).join('/')} ('${specifier}'): helpers serve every suite`;
  return undefined;
}

function violation(srcDir, fromFile, specifier, target) {
  const from = area(srcDir, fromFile);
  const to = target ? area(srcDir, target) : undefined;
  if (from === 'shared') {
    if (to === undefined) {
      const name = packageName(specifier);
      if (sharedPackages.has(name) || (isTest(fromFile) && testPackages.has(name))) return undefined;
      return `shared code imports only zod, jsvat and itself, not '${specifier}'`;
    }
    if (to !== 'shared') return `shared code must not import ${to} ('${specifier}')`;
  }
  if (from === 'server' && to?.startsWith('client'))
    return `server code must not import browser code ('${specifier}')`;
  if (from.startsWith('client') && to === 'server')
    return `browser code must not import server code ('${specifier}')`;
  if (from.startsWith('client/features/') && to?.startsWith('client/features/') && to !== from)
    return `a feature must not import another feature: move what ${from} and ${to} share to components, lib or shared ('${specifier}')`;
  if (
    ['client/components', 'client/lib', 'client/state'].includes(from) &&
    (to?.startsWith('client/features/') || to === 'client/app')
  )
    return `${from} must not import ${to} ('${specifier}')`;
  if (from === 'server' && to === 'server') return serverViolation(srcDir, fromFile, specifier, target);
  return undefined;
}

/**
 * Schema files whose name is not their owning domain's folder. Every other
 * src/server/db/<name>-schema.ts belongs to the domain <name>; `db` and `http` (infrastructure)
 * own tables any module may use: shop_settings (each domain its own keys), throttle_counters.
 */
const schemaFileOwners = {
  outbox: 'email',
  'bank-files': 'receivables',
  'lookup-invoices': 'orders',
  'upload-store': 'uploads',
  meta: 'db',
  throttle: 'http',
  // Orders flagged for the owner (src/server/admin/attention.ts).
  'order-attention': 'admin',
};

/**
 * Reads across domains that are deliberate, by the reading domain: read models and exports that
 * show what other domains store. Everything else goes through the owning domain's functions;
 * a write to another domain's table is never allowed.
 */
const crossDomainReads = {
  // The back office's order list, stats and CSV export: pages and batches of orders with their
  // money in one statement each (split, they would be a query per order); the dashboard's net
  // turnover from the ledger's day totals (migration 6900).
  admin: ['orders', 'order_totals', 'documents', 'payments', 'document_net_days'],
  // A customer's ledger (kontoutdrag) and the customers with open balances: their orders, invoices
  // and payments, each document's balance on a day in the statement that lists them.
  // The customer register (issue 43) also lists each customer's quotes and its notes' writers.
  customers: ['orders', 'documents', 'payments', 'quotes', 'staff'],
  // The buyer's copy of their personal data (issue 43, GDPR art. 15): their orders, quotes and the
  // orders' messages, in one download. An erasure (GDPR art. 17) reads the year each order's
  // documents were issued (bokföringslagen keeps them), and the list of requests who carried one out.
  accounts: ['orders', 'quotes', 'order_messages', 'documents', 'staff'],
  // Bookkeeping (journal, SIE) and documents read the orders they account for; orders imports the
  // ledger (the checkout's invoices), so documents cannot go through '@/server/orders'.
  // The SIE books money no invoice was found for on the suspense account (2999) from the bank
  // file's payments; receivables imports the ledger (recordPayment), so it cannot go through it.
  // An invoice's PDF states the day the order first shipped when it is known at rendering
  // (order_status_events, as orders' orderShippedOn reads it; decision 0066).
  ledger: ['orders', 'bank_payments', 'order_status_events'],
  // Operations: a backup archive counts the orders and lists the uploads of the database snapshot
  // it wrote (a PGlite copy, not the shop's database).
  ops: ['orders', 'uploads'],
  // The production board: the open jobs, set-based (one statement lists them with their proof state).
  production: ['orders'],
  // The checkout's print-file check reads which order a retried checkout stored (its idempotency
  // key); orders imports print-files for it, so print-files cannot go through '@/server/orders'.
  'print-files': ['orders'],
  // Receivables, reminders: open and overdue invoices with their orders and payments, set-based
  // (each invoice's balance in the statement that lists them).
  receivables: ['orders', 'documents', 'payments'],
  reminders: ['documents', 'payments'],
};

/** Which domain owns each table, and the Drizzle export of each table, from the schema files. */
function tableOwnership(root) {
  const dbDir = join(root, 'src', 'server', 'db');
  const owners = new Map();
  const drizzleNames = new Map();
  const problems = [];
  if (!existsSync(dbDir)) return { owners, drizzleNames, problems };
  const domains = new Set(readdirSync(join(root, 'src', 'server')));
  for (const name of readdirSync(dbDir).filter((file) => file.endsWith('-schema.ts'))) {
    const base = name.slice(0, -'-schema.ts'.length);
    const owner = schemaFileOwners[base] ?? base;
    if (!domains.has(owner)) {
      problems.push(
        `src/server/db/${name}: a schema file is named after its domain (or listed in schemaFileOwners); no domain '${owner}'`,
      );
      continue;
    }
    const text = readFileSync(join(dbDir, name), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_][a-z0-9_]*)'/g)) {
      owners.set(match[2], owner);
      drizzleNames.set(match[1], match[2]);
    }
  }
  return { owners, drizzleNames, problems };
}

const tableReference =
  /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?|from|join)\s+((?:only\s+)?[a-z_]\w*(?:\s+(?:as\s+)?[a-z_]\w*)?(?:\s*,\s*[a-z_]\w*(?:\s+(?:as\s+)?[a-z_]\w*)?)*)/gi;

/**
 * The tables one module's SQL touches: text of its sql`` templates, sql.raw() and query() (FROM, JOIN: reads; INSERT,
 * UPDATE, DELETE, TRUNCATE: writes) and the Drizzle tables it imports (insert(), update(),
 * delete() on one: a write; any other use: a read). Answers [table, 'read' | 'write'] pairs.
 */
function tablesTouched(file, drizzleNames) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const scanSql = (text) => {
    for (const match of text.matchAll(tableReference)) {
      const keyword = match[1].toLowerCase();
      const write = !['from', 'join'].includes(keyword);
      const items = write ? [match[2]] : match[2].split(',');
      for (const item of items) {
        const table = item
          .trim()
          .replace(/^only\s+/i, '')
          .split(/\s+/)[0]
          .toLowerCase();
        found.push([table, write ? 'write' : 'read']);
      }
    }
  };
  const textOf = (literal) =>
    ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)
      ? literal.text
      : ts.isTemplateExpression(literal)
        ? [literal.head.text, ...literal.templateSpans.map((span) => span.literal.text)].join(' ? ')
        : '';
  const imported = new Map(); // local name → table
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      scanSql(textOf(node.template));
    } else if (
      // SQL as text: sql.raw('…'), and a driver's query('…') or exec('…').
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['raw', 'query', 'exec'].includes(node.expression.name.text) &&
      node.arguments[0]
    ) {
      scanSql(textOf(node.arguments[0]));
    } else if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /(^|\/)db\/(schema|[\w-]+-schema)$/.test(node.moduleSpecifier.text) &&
      !node.importClause?.isTypeOnly &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    ) {
      for (const element of node.importClause.namedBindings.elements) {
        const table = drizzleNames.get((element.propertyName ?? element.name).text);
        if (table && !element.isTypeOnly) imported.set(element.name.text, table);
      }
      return;
    } else if (ts.isIdentifier(node) && imported.has(node.text) && !ts.isTypeQueryNode(node.parent)) {
      const call = node.parent;
      const write =
        ts.isCallExpression(call) &&
        call.arguments[0] === node &&
        ts.isPropertyAccessExpression(call.expression) &&
        ['insert', 'update', 'delete'].includes(call.expression.name.text);
      if (!ts.isPropertyAccessExpression(node.parent) || node.parent.expression === node)
        found.push([imported.get(node.text), write ? 'write' : 'read']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Domains own their tables: no module of a domain writes another domain's table, and it reads
 * one only where crossDomainReads allows. Tests may touch any table (they set up and inspect).
 */
function tableProblems(root, files) {
  const { owners, drizzleNames, problems } = tableOwnership(root);
  const serverDir = join(root, 'src', 'server');
  for (const file of files) {
    if (isTest(file)) continue;
    const parts = posixRelative(serverDir, file).split('/');
    if (parts[0] === '..' || parts.length < 2) continue;
    const domain = parts[0];
    if (serverInfrastructure.has(domain)) continue;
    const seen = new Set();
    for (const [table, access] of tablesTouched(file, drizzleNames)) {
      const owner = owners.get(table);
      if (!owner || owner === domain || serverInfrastructure.has(owner) || seen.has(`${table} ${access}`))
        continue;
      seen.add(`${table} ${access}`);
      if (access === 'write')
        problems.push(
          `${relative(root, file)}: writes ${table}, a table of the ${owner} domain: call an operation of '@/server/${owner}'`,
        );
      else if (!crossDomainReads[domain]?.includes(table))
        problems.push(
          `${relative(root, file)}: reads ${table}, a table of the ${owner} domain: use '@/server/${owner}' (or, for a deliberate read model, add it to crossDomainReads with why)`,
        );
    }
  }
  return problems;
}

/** Every module the rules cover: src/, tests/ and bench/ (those that exist under root). */
const modulesUnder = (root) =>
  ['src', 'tests', 'bench']
    .map((dir) => join(root, dir))
    .filter((dir) => existsSync(dir))
    .flatMap(walk);

/**
 * Every problem in the modules under root's src/, tests/ and bench/ (or the given files), one line
 * each. An empty list means the boundaries hold and there are no cycles.
 */
export function checkArchitecture(root = repoRoot, files = modulesUnder(root)) {
  const srcDir = join(root, 'src');
  const problems = [];
  /** Runtime, load-time edges for the cycle search. */
  const graph = new Map();
  for (const file of files) {
    const edges = [];
    for (const { specifier, typeOnly, lazy } of importsOf(file)) {
      const target = resolveImport({ root, srcDir }, file, specifier);
      const problem =
        testCodeViolation(root, file, specifier, target) ?? violation(srcDir, file, specifier, target);
      if (problem) problems.push(`${relative(root, file)}: ${problem}`);
      // Type-only imports count too: a circle through types is still a knot to untie (issue 39).
      if (target && !lazy && target.startsWith(root)) edges.push({ target, typeOnly });
    }
    graph.set(file, edges);
  }

  // Cycles: depth-first search, reporting each cycle once by its path; one through a type-only
  // import is named as such (no load-time cycle, but the same knot in the design).
  const state = new Map(); // 1 = on the current path, 2 = done
  const stack = [];
  const viaType = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const { target: next, typeOnly } of graph.get(file) ?? []) {
      if (state.get(next) === 1) {
        const at = stack.indexOf(next);
        const cycle = stack.slice(at).concat(next);
        const throughTypes = typeOnly || viaType.slice(at).some(Boolean);
        const line = `import cycle${throughTypes ? ' (through a type-only import)' : ''}: ${cycle.map((f) => relative(root, f)).join(' → ')}`;
        if (!problems.includes(line)) problems.push(line);
      } else if (!state.has(next)) {
        viaType.push(typeOnly);
        visit(next);
        viaType.pop();
      }
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  problems.push(...tableProblems(root, files));
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const problems = checkArchitecture();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} architecture problem(s). See scripts/check-architecture.mjs for the rules.`,
    );
    process.exit(1);
  }
  console.log('Architecture: boundaries kept, no import cycles.');
}
