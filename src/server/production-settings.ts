import { existsSync, readFileSync } from 'node:fs';

type Env = Record<string, string | undefined>;

/**
 * Secrets that may come from a file instead of the environment: `ADMIN_PIN_FILE=/run/secrets/pin`
 * (Docker and Kubernetes secrets are files), so they stay out of `docker inspect` and process lists.
 */
export const SECRET_SETTINGS = [
  'ADMIN_PIN',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
] as const;

/**
 * The environment with every `<SECRET>_FILE` read into `<SECRET>` (the file's text without its
 * final line break), and a problem for each file that cannot be read or that clashes with the
 * setting itself.
 */
export function withSecretFiles(env: Env): { env: Env; problems: string[] } {
  const resolved: Env = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const path = env[`${name}_FILE`]?.trim();
    if (!path) continue;
    if (env[name]?.trim()) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      problems.push(`${name}_FILE: cannot read ${path} (${typeof code === 'string' ? code : 'unreadable'})`);
    }
  }
  return { env: resolved, problems };
}

/**
 * The seller's details an invoice carries (Mervärdesskattelagen 17 kap. 24 §), checked together at
 * start: a wrong org number or VAT number makes no valid invoice.
 */
export const SELLER_SETTINGS = [
  'SELLER_NAME',
  'SELLER_ORG_NUMBER',
  'SELLER_VAT_NUMBER',
  'SELLER_ADDRESS',
  'SELLER_REGISTERED_OFFICE',
  'SELLER_F_SKATT',
  'SELLER_EMAIL',
  'SELLER_PHONE',
  'SELLER_BANK_ACCOUNT',
  'SELLER_BANKGIRO',
  'SELLER_IBAN',
  'SELLER_IBAN_EUR',
  'SELLER_BIC',
] as const;

/** The seller's settings whose default may well be the real value (the seat, F-skatt, the bank's BIC). */
const sellerSettingsMaybeReal = ['SELLER_REGISTERED_OFFICE', 'SELLER_F_SKATT', 'SELLER_BIC'] as const;
type SellerSettingWithDemoValue = Exclude<
  (typeof SELLER_SETTINGS)[number],
  (typeof sellerSettingsMaybeReal)[number]
>;

/**
 * Settings whose demo default must never reach a real invoice or email: in production each must be
 * set to the seller's own value (Mervärdesskattelagen 17 kap. 24 § names what an invoice carries).
 */
export const SETTINGS_WITH_DEMO_DEFAULTS = [
  ...SELLER_SETTINGS.filter(
    (name): name is SellerSettingWithDemoValue =>
      !(sellerSettingsMaybeReal as readonly string[]).includes(name),
  ),
  'SHOP_EMAIL',
  'MAIL_FROM',
] as const;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * Why this environment must not run a real shop (NODE_ENV=production): a setting left at its demo
 * value, a public address that is this machine, or email with nowhere to go. `isDemoValue` tells
 * whether a setting's value is its default once normalised (so "SE03 5000 …" matches "SE035000…").
 */
export function productionProblems(
  env: Env,
  isDemoValue: (name: (typeof SETTINGS_WITH_DEMO_DEFAULTS)[number], value: string) => boolean,
): string[] {
  const problems: string[] = [];
  for (const name of SETTINGS_WITH_DEMO_DEFAULTS) {
    const value = env[name]?.trim() ?? '';
    if (value === '') problems.push(`${name}: not set (the demo shop's value would be used)`);
    else if (isDemoValue(name, value)) problems.push(`${name}: still the demo value "${value}"`);
  }
  const base = env.PUBLIC_BASE_URL?.trim() ?? '';
  if (base === '') {
    problems.push('PUBLIC_BASE_URL: not set (links in emails would point to http://localhost:3000)');
  } else if (URL.canParse(base) && loopbackHosts.has(new URL(base).hostname)) {
    problems.push(`PUBLIC_BASE_URL: ${base} is this machine; set the address buyers use (https://…)`);
  }
  const transport = env.MAIL_TRANSPORT?.trim() ?? '';
  if (!env.SMTP_URL?.trim() && transport !== 'files') {
    problems.push(
      'SMTP_URL: not set; set it to send email, or MAIL_TRANSPORT=files to write it to DATA_DIR/outbox on purpose',
    );
  }
  return problems;
}

/**
 * Reads `.env` from the working directory into process.env when it exists (Node's own parser,
 * the format of `node --env-file`). A variable already in the environment wins over the file.
 */
export function readDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
