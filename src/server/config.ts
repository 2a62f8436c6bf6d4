import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  ADMIN_PIN: optionalString.pipe(z.string().min(4).max(20).optional()),
  RATES_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COUNTRY_HEADER: optionalString.pipe(
    z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name').toLowerCase().optional(),
  ),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MAIL_FROM: z.string().trim().min(3).default('Bulk Print Shop <order@bulkprint.se>'),
  SHOP_EMAIL: z.email().default('order@bulkprint.se'),
  SELLER_NAME: z.string().trim().min(1).default('Bulk Print Sverige AB'),
  SELLER_ORG_NUMBER: z.string().trim().min(1).default('559123-4567'),
  SELLER_VAT_NUMBER: z.string().trim().min(1).default('SE559123456701'),
  SELLER_ADDRESS: z.string().trim().min(1).default('Storgatan 1, 111 22 Stockholm, Sweden'),
  SELLER_EMAIL: z.email().default('order@bulkprint.se'),
  SELLER_PHONE: z.string().trim().min(1).default('+46 8 123 456 78'),
  SELLER_BANK_ACCOUNT: z.string().trim().min(1).default('5050-1234567'),
  SELLER_BANKGIRO: z.string().trim().min(1).default('123-4567'),
});

export interface SellerDetails {
  name: string;
  orgNumber: string;
  vatNumber: string;
  address: string;
  email: string;
  phone: string;
  bankAccount: string;
  bankgiro: string;
}

export interface Config {
  port: number;
  host: string;
  /** Behind a load balancer: take the client IP and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  adminPin: string | undefined;
  ratesUrl: string | undefined;
  countryHeader: string | undefined;
  smtpUrl: string | undefined;
  /** A claimed email whose sender died (crash, SIGKILL) is sent by anyone after this long. */
  emailLeaseSeconds: number;
  mailFrom: string;
  shopEmail: string;
  seller: SellerDetails;
}

export class ConfigError extends Error {}

/** Parses settings from the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings (see .env.example):\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    adminPin: e.ADMIN_PIN,
    ratesUrl: e.RATES_URL,
    countryHeader: e.COUNTRY_HEADER,
    smtpUrl: e.SMTP_URL,
    emailLeaseSeconds: e.EMAIL_LEASE_SECONDS,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    seller: {
      name: e.SELLER_NAME,
      orgNumber: e.SELLER_ORG_NUMBER,
      vatNumber: e.SELLER_VAT_NUMBER,
      address: e.SELLER_ADDRESS,
      email: e.SELLER_EMAIL,
      phone: e.SELLER_PHONE,
      bankAccount: e.SELLER_BANK_ACCOUNT,
      bankgiro: e.SELLER_BANKGIRO,
    },
  };
}
