// `node scripts/run-parallel.mjs <npm script>…`: runs npm scripts side by side, as many at a time as
// the machine has cores, in the order given (the longest first, so the others fill the other core).
// The checks are single-threaded (tsc, ESLint, Prettier), so one after another leaves a core idle:
// on 2 cores this takes about as long as the longest (docs/testing.md, "CI time"). Each script's
// output is printed whole when it ends, with its time; the exit code is 1 if any script failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>…');
  process.exit(2);
}

/** Runs one npm script, its stdout and stderr kept in the order they came; resolves to its exit code. */
function run(script) {
  const started = Date.now();
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit code ${String(code)}`})`;
      process.stdout.write(`\n> ${script}: ${outcome} in ${seconds} s\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...scripts];
const lanes = Array.from({ length: Math.min(availableParallelism(), scripts.length) }, async () => {
  const codes = [];
  for (let script = queue.shift(); script !== undefined; script = queue.shift())
    codes.push(await run(script));
  return codes;
});
const failed = (await Promise.all(lanes)).flat().some((code) => code !== 0);
process.exitCode = failed ? 1 : 0;
