import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The e-invoice validators a Peppol access point runs (UBL 2.1 schema, CEN EN 16931 rules, Peppol
 * BIS Billing 3.0 rules), kept beside the project in ../shared/validators. Exit 0 means no fatal rule.
 */
const validator = fileURLToPath(new URL('../../../shared/validators/einvoice/validate-ubl', import.meta.url));
const validatorDir = dirname(validator);
/** validate-ubl's rule sets, in its order, and the Saxon it runs them with. */
const ruleFiles = ['cen-en16931-ubl', 'peppol-bis3-ubl'].map((name) => join(validatorDir, `${name}.xslt`));
const saxonJar = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const ruleRunnerSource = fileURLToPath(new URL('./UblRuleRunner.java', import.meta.url));
/** The JVM's quick compiler only, and one GC thread: two test workers share two cores. */
const javaOptions = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface UblValidation {
  ok: boolean;
  /** The validator's lines: one per rule that fired, and the "N fatal, M warning" summary. */
  output: string;
}

/**
 * Validates one UBL document with validate-ubl's three steps and prints what it prints. The two rule
 * sets run in one JVM per test file that compiles them once (UblRuleRunner.java): validate-ubl
 * compiles both for every document, most of its time. Without a JDK to run that file, each document
 * goes through validate-ubl itself. `validate-ubl.test.ts` holds the two to the same output.
 */
export async function validateUbl(xml: string): Promise<UblValidation> {
  return withDocument(xml, async (file) => {
    const runner = await ruleRunner();
    return runner ? validateInRunner(runner, file) : validateWithScript(file);
  });
}

/** validate-ubl itself: a JVM per rule set per document. */
export async function validateUblWithScript(xml: string): Promise<UblValidation> {
  return withDocument(xml, validateWithScript);
}

async function withDocument(xml: string, validate: (file: string) => Promise<UblValidation>) {
  const dir = await mkdtemp(join(tmpdir(), 'ubl-'));
  const file = join(dir, 'invoice.xml');
  try {
    await writeFile(file, xml);
    return await validate(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function validateWithScript(file: string): Promise<UblValidation> {
  return new Promise((resolve) => {
    const env = { ...process.env, JAVA_TOOL_OPTIONS: javaOptions.join(' ') };
    execFile(validator, [file], { timeout: 280_000, env }, (error, stdout, stderr) => {
      resolve({ ok: error === null, output: `${stdout}${stderr}`.trim() });
    });
  });
}

async function validateInRunner(runner: RuleRunner, file: string): Promise<UblValidation> {
  const [first = '', ...ruleLines] = await runner.check(file);
  const verdict = (lines: string[]) => {
    const fatal = lines.filter((line) => line.startsWith('[fatal] ')).length;
    const output = [...lines, `${fatal} fatal, ${lines.length - fatal} warning`].join('\n');
    return { ok: fatal === 0, output };
  };
  if (first === 'malformed') return verdict(['[fatal] XML not well-formed']);
  const root = first.replace(/^root /, '');
  if (root !== 'Invoice' && root !== 'CreditNote') {
    return verdict([`[fatal] root element is ${root}, not Invoice or CreditNote`]);
  }
  return verdict([...(await schemaErrors(root, file)), ...ruleLines]);
}

/** Step 1 of validate-ubl: xmllint against the UBL 2.1 schema, its errors as validate-ubl prints them. */
function schemaErrors(root: string, file: string): Promise<string[]> {
  const schema = join(validatorDir, `ubl21/xsd/maindoc/UBL-${root}-2.1.xsd`);
  return new Promise((resolve) => {
    execFile(
      'xmllint',
      ['--noout', '--schema', schema, file],
      { timeout: 280_000 },
      (error, stdout, stderr) => {
        if (error === null) return resolve([]);
        const lines = `${stdout}${stderr}`.split('\n').filter((line) => line !== '');
        resolve(
          lines
            .filter((line) => !line.endsWith('validates') && !line.endsWith('fails to validate'))
            .map((line) => `[fatal] UBL-XSD ${line}`),
        );
      },
    );
  });
}

interface RuleRunner {
  /** The runner's answer for one document, without its closing "end". */
  check: (file: string) => Promise<string[]>;
}

let runnerStart: Promise<RuleRunner | undefined> | undefined;

function ruleRunner(): Promise<RuleRunner | undefined> {
  runnerStart ??= startRuleRunner();
  return runnerStart;
}

/** Starts the JVM (Java runs the .java file as it is) and waits until both rule sets are compiled. */
function startRuleRunner(): Promise<RuleRunner | undefined> {
  const child = spawn('java', [...javaOptions, '-cp', saxonJar, ruleRunnerSource, ...ruleFiles], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Closing our end of stdin ends it; it must not keep a test process alive.
  process.once('exit', () => child.kill());
  // Lines wait in `arrived` until read; once the runner has gone, every read is undefined.
  const arrived: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let gone = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    const reader = waiting.shift();
    if (reader) reader(line);
    else arrived.push(line);
  });
  const nextLine = () =>
    arrived.length > 0 || gone
      ? Promise.resolve(arrived.shift())
      : new Promise<string | undefined>((resolve) => waiting.push(resolve));
  const end = () => {
    gone = true;
    waiting.splice(0).forEach((reader) => reader(undefined));
  };
  child.on('close', end);
  child.on('error', end);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));

  let queue: Promise<unknown> = Promise.resolve();
  const check = async (file: string): Promise<string[]> => {
    setIdle(child, false);
    try {
      child.stdin.write(`${file}\n`);
      const answer: string[] = [];
      for (let line = await nextLine(); line !== 'end'; line = await nextLine()) {
        if (line === undefined) throw new Error(`The e-invoice rule runner stopped:\n${stderr}`);
        answer.push(line);
      }
      return answer;
    } finally {
      setIdle(child, true);
    }
  };
  return nextLine().then((line) => {
    if (line !== 'ready') return undefined;
    setIdle(child, true);
    return {
      // One document at a time: the answers come back in the order of the paths.
      check: (file) => {
        const answer = queue.then(() => check(file));
        queue = answer.catch(() => undefined);
        return answer;
      },
    };
  });
}

/** An idle runner does not keep the test process alive; one with a document in hand does. */
function setIdle(child: ChildProcessWithoutNullStreams, idle: boolean) {
  // The pipes are sockets, though typed as plain streams.
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref(): void; unref(): void }[]) {
    if (idle) handle.unref();
    else handle.ref();
  }
}
