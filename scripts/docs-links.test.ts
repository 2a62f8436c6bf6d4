import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repositoryRoot = resolve(import.meta.dirname, '..');

/**
 * Pages other engineers are writing at the same time as the links to them. A link to one of these
 * passes while the page is still absent; once it exists it is checked like any other. Remove an
 * entry when its page is on main.
 */
const pagesBeingWritten = new Set<string>();

/** README.md and every markdown file under docs/, relative to the root. */
function markdownFiles(root: string): string[] {
  const files = ['README.md'];
  const walk = (folder: string): void => {
    for (const name of readdirSync(join(root, folder))) {
      const path = `${folder}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  return files;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of withoutCode(markdown).split('\n')) {
    const heading = /^#{1,6} (.+)$/.exec(line);
    if (heading?.[1]) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

/** The text with fenced blocks and inline code blanked, so `[a](b)` inside code is no link. */
function withoutCode(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/** Link targets of a page: inline `[text](target)` and reference definitions `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(([^()\s]+)\)/g)].map((match) => match[1] ?? '');
  const references = [...text.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1] ?? '');
  return [...inline, ...references];
}

/** Every relative link in README.md and docs/ that names no existing file (or heading), as "page: target". */
function brokenLinks(root: string): string[] {
  const broken: string[] = [];
  for (const page of markdownFiles(root)) {
    const markdown = readFileSync(join(root, page), 'utf8');
    for (const target of linkTargets(markdown)) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto: and the like
      const [path = '', anchor] = target.split('#');
      const file = path === '' ? join(root, page) : resolve(dirname(join(root, page)), path);
      const fromRoot = relative(root, file);
      let exists = true;
      try {
        statSync(file);
      } catch {
        exists = false;
      }
      if (!exists) {
        if (!pagesBeingWritten.has(fromRoot)) broken.push(`${page}: ${target}`);
        continue;
      }
      if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
        broken.push(`${page}: ${target} (no such heading)`);
      }
    }
  }
  return broken;
}

describe('links in README.md and docs/', () => {
  it('each relative link names an existing file, and each #anchor a heading on that page', () => {
    expect(brokenLinks(repositoryRoot)).toEqual([]);
  });

  it('the README stays a front door of at most 150 lines', () => {
    const lines = readFileSync(join(repositoryRoot, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  describe('the check itself', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    function tree(files: Record<string, string>): string {
      root = mkdtempSync(join(tmpdir(), 'docs-links-'));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      return root;
    }

    it('names a missing page, a missing heading and a broken reference definition', () => {
      const repository = tree({
        'README.md': '[money](docs/money.md) [gone](docs/gone.md)\n\n[r]: docs/also-gone.md\n',
        'docs/money.md':
          "# Money\n\n## The buyer's VAT\n\n[up](../README.md) [vat](#the-buyers-vat) [x](#nowhere)\n",
      });
      expect(brokenLinks(repository)).toEqual([
        'README.md: docs/gone.md',
        'README.md: docs/also-gone.md',
        'docs/money.md: #nowhere (no such heading)',
      ]);
    });

    it('ignores links in code and outside addresses', () => {
      const repository = tree({
        'README.md': '`[a](docs/none.md)`\n\n```\n[b](docs/none.md)\n```\n\n[site](https://example.com)\n',
        'docs/index.md': '[site](https://example.com/docs)\n',
      });
      expect(brokenLinks(repository)).toEqual([]);
    });
  });
});
