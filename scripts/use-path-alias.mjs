// Rewrites relative imports that climb out of their folder into the path aliases (`@/…` for src,
// `@tests/…` for test helpers). Safe to run any time, e.g. after resolving a rebase conflict in
// imports by taking your side: `node scripts/use-path-alias.mjs && npx prettier --write .`
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';

const root = process.cwd();
const targets = { '@/': join(root, 'src'), '@tests/': join(root, 'tests') };
const importPattern = /((?:from|import)\s*(?:\(\s*)?)(['"])(\.\.\/[^'"]+)\2/g;

async function* sourceFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

let changed = 0;
for (const base of ['src', 'tests', 'bench', 'scripts']) {
  for await (const file of sourceFiles(join(root, base))) {
    const text = await readFile(file, 'utf8');
    const next = text.replace(importPattern, (whole, head, quote, specifier) => {
      const target = normalize(join(dirname(file), specifier));
      // Inside tests/, helpers one folder up stay relative; only src/ and bench/ use @tests/.
      for (const [alias, folder] of Object.entries(targets)) {
        if (alias === '@tests/' && file.startsWith(targets['@tests/'] + sep)) continue;
        if (target.startsWith(folder + sep))
          return `${head}${quote}${alias}${relative(folder, target).split(sep).join('/')}${quote}`;
      }
      return whole;
    });
    if (next !== text) {
      await writeFile(file, next);
      changed += 1;
    }
  }
}
console.log(`${changed} file(s) now import through the path aliases`);
