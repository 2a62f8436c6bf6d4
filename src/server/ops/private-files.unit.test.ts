import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tightenDataDir } from './private-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('tightenDataDir', () => {
  it('takes group and other permissions off every folder and file, keeps the owner’s, follows no link', () => {
    const root = mkdtempSync(join(tmpdir(), 'private-files-'));
    const outside = mkdtempSync(join(tmpdir(), 'private-files-outside-'));
    dirs.push(root, outside);
    mkdirSync(join(root, 'uploads', 'ab'), { recursive: true });
    writeFileSync(join(root, 'uploads', 'ab', 'abc'), 'logo');
    writeFileSync(join(root, 'run.sh'), '#!/bin/sh');
    writeFileSync(join(outside, 'not-ours'), 'x');
    chmodSync(join(root, 'uploads'), 0o777);
    chmodSync(join(root, 'uploads', 'ab'), 0o755);
    chmodSync(join(root, 'uploads', 'ab', 'abc'), 0o666);
    chmodSync(join(root, 'run.sh'), 0o755);
    chmodSync(join(outside, 'not-ours'), 0o644);
    symlinkSync(join(outside, 'not-ours'), join(root, 'link'));
    chmodSync(root, 0o755);

    return tightenDataDir(root).then((result) => {
      expect(result).toEqual({ changed: 5, refused: [] });
      expect([root, join(root, 'uploads'), join(root, 'uploads', 'ab')].map(mode)).toEqual([
        '700',
        '700',
        '700',
      ]);
      expect(mode(join(root, 'uploads', 'ab', 'abc'))).toBe('600');
      expect(mode(join(root, 'run.sh'))).toBe('700');
      expect(mode(join(outside, 'not-ours'))).toBe('644');
    });
  });

  it('a DATA_DIR not made yet is nothing to do', async () => {
    expect(await tightenDataDir(join(tmpdir(), `private-files-none-${Date.now()}`))).toEqual({
      changed: 0,
      refused: [],
    });
  });
});
