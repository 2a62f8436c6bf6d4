import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The e-invoice validators a Peppol access point runs (UBL 2.1 schema, CEN EN 16931 rules, Peppol
 * BIS Billing 3.0 rules), kept beside the project in ../shared/validators. Exit 0 means no fatal rule.
 */
const validator = fileURLToPath(new URL('../../../shared/validators/einvoice/validate-ubl', import.meta.url));

export interface UblValidation {
  ok: boolean;
  /** The validator's lines: one per rule that fired, and the "N fatal, M warning" summary. */
  output: string;
}

export async function validateUbl(xml: string): Promise<UblValidation> {
  const dir = await mkdtemp(join(tmpdir(), 'ubl-'));
  const file = join(dir, 'invoice.xml');
  try {
    await writeFile(file, xml);
    return await new Promise((resolve) => {
      // The JVM's quick compiler only: one short run each, where the optimising one costs more than it saves.
      const env = { ...process.env, JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' };
      execFile(validator, [file], { timeout: 280_000, env }, (error, stdout, stderr) => {
        resolve({ ok: error === null, output: `${stdout}${stderr}`.trim() });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
