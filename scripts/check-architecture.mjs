#!/usr/bin/env node
/**
 * The code's boundaries as allowlists, and no import cycles, checked over every module in src/.
 * Part of `npm run check`; exits 1 and names each offending import.
 *
 * - src/shared imports only itself and the packages in sharedPackages (pure code: no I/O, no UI).
 * - src/client never imports src/server and vice versa (both may import src/shared).
 * - A client feature (src/client/features/<name>) does not import another feature: what two
 *   features share moves to components, lib or shared. The app (routes) composes features.
 * - src/client/components (UI building blocks), src/client/lib (helpers) and src/client/state (the
 *   app-wide cart and currency) do not import features or the app. The app (routes, layout)
 *   composes features.
 * - No cycle of runtime imports (type-only imports are erased and cannot form one).
 *
 * Written with the TypeScript compiler API (already a dependency) rather than an ESLint plugin:
 * one pass over ~300 files takes about a second, where import-cycle lint rules re-resolve the
 * graph per file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const srcDir = join(root, 'src');

/** Packages shared code may use: validation and VAT-number rules, both pure. Test-only imports aside. */
const sharedPackages = new Set(['zod', 'jsvat']);
const testPackages = new Set(['vitest', 'fast-check']);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Runtime and type-only import specifiers of one module. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: Boolean(typeOnly) });
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
function resolveImport(from, specifier) {
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
function area(file) {
  const path = relative(srcDir, file).split('\\').join('/');
  if (path.startsWith('..')) return 'outside';
  const [top, second, third] = path.split('/');
  if (top === 'client' && second === 'features') return `client/features/${third}`;
  if (top === 'client' && ['components', 'lib', 'state', 'app'].includes(second)) return `client/${second}`;
  return top ?? '';
}

function violation(fromFile, specifier, target) {
  const from = area(fromFile);
  const to = target ? area(target) : undefined;
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
  return undefined;
}

export function checkArchitecture(files = walk(srcDir)) {
  const problems = [];
  /** Runtime, load-time edges for the cycle search. */
  const graph = new Map();
  for (const file of files) {
    const edges = [];
    for (const { specifier, typeOnly, lazy } of importsOf(file)) {
      const target = resolveImport(file, specifier);
      const problem = violation(file, specifier, target);
      if (problem) problems.push(`${relative(root, file)}: ${problem}`);
      if (target && !typeOnly && !lazy && target.startsWith(srcDir)) edges.push(target);
    }
    graph.set(file, edges);
  }

  // Cycles: depth-first search, reporting each cycle once by its path.
  const state = new Map(); // 1 = on the current path, 2 = done
  const stack = [];
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) {
        const cycle = stack.slice(stack.indexOf(next)).concat(next);
        problems.push(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
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
