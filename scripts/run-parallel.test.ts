import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const project = mkdtempSync(join(tmpdir(), 'run-parallel-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({
    name: 'run-parallel-fixture',
    private: true,
    scripts: {
      passes: 'node -e "console.log(\'all good\')"',
      fails: 'node -e "console.error(\'broken rule\'); process.exit(3)"',
    },
  }),
);

/** `node scripts/run-parallel.mjs …` in the throwaway project: its exit code and what it printed. */
function runParallel(...scripts: string[]) {
  const answer = spawnSync(process.execPath, [resolve('scripts/run-parallel.mjs'), ...scripts], {
    cwd: project,
    encoding: 'utf8',
  });
  return { code: answer.status, output: answer.stdout };
}

// Each script is an npm process: seconds on a busy machine, not the unit tests' default 5.
describe('run-parallel (the static checks side by side)', { timeout: 120_000 }, () => {
  it('passes when every script passes, printing its output with its time', () => {
    const { code, output } = runParallel('passes');
    expect(code).toBe(0);
    expect(output).toMatch(/^> passes: passed in \d+\.\d s$/m);
    expect(output).toMatch(/^all good$/m);
  });

  it('fails when one script fails, after the others ran, naming the failing one with its output', () => {
    const { code, output } = runParallel('fails', 'passes');
    expect(code).toBe(1);
    expect(output).toMatch(/^> fails: FAILED \(exit code 3\) in/m);
    expect(output).toMatch(/^broken rule$/m);
    expect(output).toMatch(/^> passes: passed in/m);
  });
});
