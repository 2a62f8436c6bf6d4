import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH } from '@/shared/terms';
import { sellerSettingsProblems, type SellerSettings } from '@/shared/invoicing/seller-settings';
import { trimTrailing } from '@/shared/trim-trailing';
import { productionProblems, SELLER_SETTINGS, withSecretFiles } from './production-settings';
import { parseReferenceRates, type ReferenceRate } from '@/shared/receivables/late-payment';
import {
  parseReminderFeeTerms,
  parseReminderSchedule,
  type ReminderFeeTerm,
} from '@/shared/receivables/reminders';

/** The EU's VIES REST service: POST { countryCode, vatNumber } answers { valid, name, ... }. */
export const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('http://localhost:3000')
    .transform((url) => trimTrailing(url, '/')),
  // warn: two info lines per request cost throughput under load (see the README's decisions).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  // Put into DATABASE_URL (which then carries no password), so the URL may sit in a plain env file.
  DATABASE_PASSWORD: optionalString,
  ADMIN_PIN: optionalString.pipe(z.string().min(ADMIN_PIN_MIN_LENGTH).max(ADMIN_PIN_MAX_LENGTH).optional()),
  RATES_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // VIES, the EU's VAT number register (its REST check by default); empty turns the check off.
  VIES_URL: z
    .string()
    .trim()
    .default(DEFAULT_VIES_URL)
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  VIES_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(60).default(4),
  COUNTRY_HEADER: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
      .toLowerCase()
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  // smtp: SMTP_URL required; files: .eml files in DATA_DIR/outbox; empty: smtp when SMTP_URL is set.
  MAIL_TRANSPORT: optionalString.pipe(
    z.enum(['smtp', 'files'], { error: 'must be smtp or files' }).optional(),
  ),
  EMAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  EMAIL_YIELD_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  // Worker threads that render PDFs and send email; empty: one per core, 0: on the request thread.
  DOCUMENT_WORKERS: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(64).optional(),
  ),
  // How long an instance trusts its copy of the catalogue before asking the database for its version.
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAIL_FROM: z.string().trim().min(3).default('Bulk Print Shop <order@bulkprint.se>'),
  SHOP_EMAIL: z.email().default('order@bulkprint.se'),
  // Uploads (every upload endpoint: customiser images, print files, proofs). See .env.example.
  UPLOAD_CLIENT_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  UPLOAD_CLIENT_FILES_PER_HOUR: z.coerce.number().int().min(1).default(60),
  UPLOAD_UNATTACHED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 * 1024 * 1024),
  UPLOAD_UNATTACHED_HOURS: z.coerce
    .number()
    .min(0.001)
    .max(24 * 365)
    .default(24),
  UPLOAD_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 * 1024 * 1024),
  // Orders and partner applications (see .env.example).
  ORDERS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  ORDERS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(10),
  PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  ORDER_LOOKUPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  ORDER_LOOKUPS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
  ORDER_MAX_TOTAL_SEK: z.coerce.number().int().min(1).max(1_000_000_000).default(5_000_000),
  // Admin sessions.
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(8 * 60),
  ADMIN_SESSION_MAX_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(30 * 24)
    .default(12),
  // Where upload bytes live (see .env.example).
  UPLOAD_STORE: z.enum(['disk', 'postgres', 's3']).default('disk'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_PREFIX: z.string().trim().default(''),
  // Operations (see .env.example): metrics behind a token, draining before shutdown.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  // How long a connection may keep the server waiting (see .env.example).
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0.05)
    .max(24 * 3600)
    .default(900),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(72),
  HTTP_MIN_BODY_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  // Receivables: reminders (see .env.example).
  REFERENCE_RATES: z
    .string()
    .trim()
    .default('4.00@2024-01-01,4.00@2024-07-01,3.00@2025-01-01,2.00@2025-07-01,2.00@2026-01-01')
    .transform((value, ctx) => {
      const rates = parseReferenceRates(value);
      if (!rates) {
        ctx.addIssue({ code: 'custom', message: 'must be percent@YYYY-MM-DD entries, e.g. 2.00@2026-01-01' });
        return z.NEVER;
      }
      return rates;
    }),
  REMINDER_FEE_INDIVIDUAL: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      const terms = parseReminderFeeTerms(value);
      if (!terms) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be kronor@YYYY-MM-DD entries of at most 60 kr (lag 1981:739), e.g. 60@2026-01-01',
        });
        return z.NEVER;
      }
      return terms;
    }),
  // EU distance sales taxed in the buyer's country (OSS) from the first sale, below the threshold
  // too: the shop's choice, which Skatteverket must have decided on (Mervärdesskattelagen 2023:200
  // 6 kap. 64–65 §§; binding until the end of the second calendar year after). false: the buyer
  // country's VAT applies only past 99 680 kr a year (6 kap. 62–63 §§).
  OSS_OPT_IN: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  // The most an individual's payment may leave unpaid and still settle the invoice by öresavrundning
  // (BAS 3740, src/server/ledger/small-differences.ts), in kronor; 0 turns it off.
  SMALL_DIFFERENCE_MAX: z
    .string()
    .trim()
    .default('1.00')
    .transform((value, ctx) => {
      const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(value);
      if (!match) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be kronor with at most two decimals, at most 999, e.g. 1.00',
        });
        return z.NEVER;
      }
      return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    }),
  REMINDER_SCHEDULE_DAYS: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      const days = parseReminderSchedule(value);
      if (!days) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be rising whole days separated by commas, e.g. 10,30',
        });
        return z.NEVER;
      }
      return days;
    }),
  SELLER_NAME: z.string().trim().min(1).default('Bulk Print Sverige AB'),
  SELLER_ORG_NUMBER: z.string().trim().min(1).default('559123-4561'),
  SELLER_VAT_NUMBER: z.string().trim().toUpperCase().min(1).default('SE559123456101'),
  SELLER_ADDRESS: z.string().trim().min(1).default('Storgatan 1, 111 22 Stockholm, Sweden'),
  SELLER_REGISTERED_OFFICE: z.string().trim().min(1).default('Stockholm'),
  SELLER_F_SKATT: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  SELLER_EMAIL: z.email().default('order@bulkprint.se'),
  SELLER_PHONE: z.string().trim().min(1).default('+46 8 123 456 78'),
  SELLER_BANK_ACCOUNT: z.string().trim().min(1).default('5050-1234567'),
  SELLER_BANKGIRO: z.string().trim().min(1).default('123-4566'),
  SELLER_IBAN: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .default('SE0350000000050501234567'),
  SELLER_IBAN_EUR: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .default('SE4550000000058398257466'),
  SELLER_BIC: z.string().trim().toUpperCase().default('ESSESESS'),

  // Quotes (src/server/quotes): how long a quote holds, in calendar days after its issue date.
  QUOTE_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Housekeeping emails the buyer of a sent quote this many days before its last valid day; 0 or
  // "off": no reminder.
  QUOTE_REMINDER_DAYS: z
    .string()
    .trim()
    .default('3')
    .transform((value, ctx) => {
      if (value.toLowerCase() === 'off') return 0;
      const days = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
      if (!(days >= 0 && days <= 60)) {
        ctx.addIssue({ code: 'custom', message: 'must be whole days from 0 to 60, or off' });
        return z.NEVER;
      }
      return days;
    }),
});

/** The seller printed on every invoice (see src/shared/invoicing/seller-settings.ts). */
export type SellerDetails = SellerSettings;

export interface Config {
  port: number;
  host: string;
  /**
   * Behind a load balancer: how many proxy hops (a number) or which proxy addresses/CIDRs to trust
   * for the client IP and protocol in X-Forwarded-*; false: the socket's address.
   */
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The shop's public address, no trailing slash: canonical URLs, link previews, sitemap. */
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPin: string | undefined;
  ratesUrl: string | undefined;
  /** VIES's check-vat-number endpoint; undefined: VAT numbers are checked by their format only. */
  vies: { url: string; timeoutMs: number } | undefined;
  countryHeader: string | undefined;
  smtpUrl: string | undefined;
  /** A claimed email whose sender died (crash, SIGKILL) is sent by anyone after this long. */
  emailLeaseSeconds: number;
  /**
   * Longest the outbox waits, before each email, for a gap in the requests (http/foreground.ts);
   * 0 sends without waiting.
   */
  emailYieldMs: number;
  /** Worker threads for PDFs and email (src/server/invoicing/document-workers.ts); 0 = none. */
  documentWorkers: number;
  /** Milliseconds an instance serves its catalogue copy before checking the database's version. */
  catalogueCheckMs: number;
  mailFrom: string;
  shopEmail: string;
  seller: SellerDetails;
  uploads: UploadLimits;
  /** How often each instance deletes expired uploads and throttle rows. */
  housekeepingIntervalSeconds: number;
  limits: ShopLimits;
  adminSessions: AdminSessionLimits;
  http: HttpTimeouts;
  /** Where upload bytes live: DATA_DIR/uploads, the database (PostgreSQL only) or an S3 bucket. */
  uploadStore: { kind: 'disk' } | { kind: 'postgres' } | { kind: 's3'; s3: S3Settings };
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset: no metrics at all. */
  metricsToken: string | undefined;
  /** After SIGTERM, /readyz answers 503 and the server keeps serving this long before it closes. */
  shutdownDrainSeconds: number;
  receivables: ReceivablesSettings;
  /** EU distance sales taxed in the buyer's country from the first sale (OSS_OPT_IN). */
  ossOptIn: boolean;
  /** Quotes: valid this many days after the issue date (Stockholm), the last day included. */
  quotes: {
    validDays: number;
    /** Days before the last valid day a sent quote's buyer is reminded; 0: never. */
    reminderDaysBefore: number;
  };
}

/** Reminders: interest, the individual reminder fee of the terms, the automatic schedule. */
export interface ReceivablesSettings {
  /** Riksbanken's reference rate from each day on (räntelagen 9 §), oldest first. */
  referenceRates: ReferenceRate[];
  /** The reminder fee the terms set for individuals, from each day on; empty: none. */
  individualReminderFees: ReminderFeeTerm[];
  /** Days after the last day to pay at which reminders go out by themselves; empty: off. */
  reminderSchedule: number[];
  /** An individual's residual up to this (öre) is settled by öresavrundning when a payment leaves it; 0: off. */
  smallDifferenceMaxOre: number;
}

/** How long one connection may keep the server waiting, in milliseconds (src/server/http/timeouts.ts). */
export interface HttpTimeouts {
  /** A connection that sends nothing (and is sent nothing) this long is closed. */
  idleMs: number;
  /** A request's headers must all arrive within this (408 otherwise). */
  headersMs: number;
  /** A whole request (headers and body) must arrive within this (408 otherwise). */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
  /** A body arriving slower than this on average (after idleMs) is cut off; 0: no floor. */
  minBodyBytesPerSecond: number;
}

/** Throttles and caps of orders and partner applications, shared by every instance (database). */
export interface ShopLimits {
  ordersPerClientPerHour: number;
  /** Orders whose confirmation goes to one email address, from anywhere. */
  ordersPerEmailPerHour: number;
  partnerApplicationsPerClientPerHour: number;
  /** "Email me links to my orders" requests per client, and per address from anywhere. */
  orderLookupsPerClientPerHour: number;
  orderLookupsPerEmailPerHour: number;
  /** Largest order total in whole kronor (what the buyer pays); larger orders are made by contact. */
  orderMaxTotalSek: number;
}

export interface AdminSessionLimits {
  /** A session ends after this long without a request. */
  idleSeconds: number;
  /** A session ends this long after its login, however busy. */
  maxAgeSeconds: number;
}

export type TrustProxy = false | number | string[];

const trustProxyHelp =
  'set the number of proxies in front of the shop (e.g. 1 behind one load balancer) or their addresses/CIDRs separated by commas (e.g. 10.0.0.0/8,127.0.0.1)';

/** TRUST_PROXY: false, a hop count, or proxy addresses/CIDRs. `true` would let a client choose its own address. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: `true trusts any X-Forwarded-For a client sends (a client could pick its own throttle key); ${trustProxyHelp}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0 || entries.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `not understood (${bad.join(', ').slice(0, 100)}); ${trustProxyHelp}`,
    });
    return z.NEVER;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/** Limits shared by every upload endpoint (src/server/uploads/receive.ts). */
export interface UploadLimits {
  /** Bytes one client may upload per rolling hour, all upload endpoints together. */
  clientBytesPerHour: number;
  /** Files one client may upload per hour. */
  clientFilesPerHour: number;
  /** Total size of uploads not yet attached to an order; above it every anonymous upload gets 429. */
  unattachedMaxBytes: number;
  /** An upload no order (or print file, proof) claimed within this many hours is deleted. */
  unattachedHours: number;
  /** Uploads are refused (503) while the data folder's disk has less free space than this. */
  minFreeBytes: number;
}

/** An S3-compatible bucket for upload bytes (UPLOAD_STORE=s3). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, a cloud's S3 API); unset: AWS. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own chain (environment, instance role, ~/.aws). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key ('shop/'), so one bucket can hold several shops. */
  prefix: string;
}

export class ConfigError extends Error {}

/**
 * Parses settings from the environment (secrets also from `<NAME>_FILE` files); every bad value,
 * and in production (NODE_ENV=production) every demo or missing one, stops start-up with one
 * message naming each setting.
 */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  const { env, problems } = withSecretFiles(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  problems.push(...combinationProblems(env));
  const production = env.NODE_ENV === 'production';
  if (production) problems.push(...productionProblems(env, isDemoValue));
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(
      `Invalid settings${production ? ' for production (NODE_ENV=production)' : ''}; see .env.example and docs/operations.md:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  const seller = sellerOf(e);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    dataDir: e.DATA_DIR,
    databaseUrl: withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD),
    adminPin: e.ADMIN_PIN,
    ratesUrl: e.RATES_URL,
    vies: e.VIES_URL ? { url: e.VIES_URL, timeoutMs: Math.round(e.VIES_TIMEOUT_SECONDS * 1000) } : undefined,
    countryHeader: e.COUNTRY_HEADER,
    smtpUrl: e.MAIL_TRANSPORT === 'files' ? undefined : e.SMTP_URL,
    emailLeaseSeconds: e.EMAIL_LEASE_SECONDS,
    emailYieldMs: e.EMAIL_YIELD_MS,
    documentWorkers: e.DOCUMENT_WORKERS ?? availableParallelism(),
    catalogueCheckMs: e.CATALOGUE_CHECK_MS,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    seller,
    uploads: {
      clientBytesPerHour: e.UPLOAD_CLIENT_BYTES_PER_HOUR,
      clientFilesPerHour: e.UPLOAD_CLIENT_FILES_PER_HOUR,
      unattachedMaxBytes: e.UPLOAD_UNATTACHED_MAX_BYTES,
      unattachedHours: e.UPLOAD_UNATTACHED_HOURS,
      minFreeBytes: e.UPLOAD_MIN_FREE_BYTES,
    },
    housekeepingIntervalSeconds: e.HOUSEKEEPING_INTERVAL_SECONDS,
    uploadStore:
      e.UPLOAD_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: e.S3_BUCKET ?? '',
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              prefix: e.S3_PREFIX,
            },
          }
        : { kind: e.UPLOAD_STORE },
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    quotes: { validDays: e.QUOTE_VALID_DAYS, reminderDaysBefore: e.QUOTE_REMINDER_DAYS },
    ossOptIn: e.OSS_OPT_IN,
    receivables: {
      referenceRates: e.REFERENCE_RATES,
      individualReminderFees: e.REMINDER_FEE_INDIVIDUAL,
      reminderSchedule: e.REMINDER_SCHEDULE_DAYS,
      smallDifferenceMaxOre: e.SMALL_DIFFERENCE_MAX,
    },
    limits: {
      ordersPerClientPerHour: e.ORDERS_PER_CLIENT_PER_HOUR,
      ordersPerEmailPerHour: e.ORDERS_PER_EMAIL_PER_HOUR,
      partnerApplicationsPerClientPerHour: e.PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR,
      orderLookupsPerClientPerHour: e.ORDER_LOOKUPS_PER_CLIENT_PER_HOUR,
      orderLookupsPerEmailPerHour: e.ORDER_LOOKUPS_PER_EMAIL_PER_HOUR,
      orderMaxTotalSek: e.ORDER_MAX_TOTAL_SEK,
    },
    adminSessions: {
      idleSeconds: e.ADMIN_SESSION_IDLE_MINUTES * 60,
      maxAgeSeconds: Math.round(e.ADMIN_SESSION_MAX_HOURS * 3600),
    },
    http: {
      idleMs: Math.round(e.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
      requestMs: Math.round(e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      minBodyBytesPerSecond: e.HTTP_MIN_BODY_BYTES_PER_SECOND,
    },
  };
}

type ParsedEnv = z.infer<typeof envSchema>;

function sellerOf(e: Pick<ParsedEnv, `SELLER_${string}` & keyof ParsedEnv>): SellerDetails {
  return {
    name: e.SELLER_NAME,
    orgNumber: e.SELLER_ORG_NUMBER,
    vatNumber: e.SELLER_VAT_NUMBER,
    address: e.SELLER_ADDRESS,
    registeredOffice: e.SELLER_REGISTERED_OFFICE,
    fTax: e.SELLER_F_SKATT,
    email: e.SELLER_EMAIL,
    phone: e.SELLER_PHONE,
    bankAccount: e.SELLER_BANK_ACCOUNT,
    bankgiro: e.SELLER_BANKGIRO,
    iban: e.SELLER_IBAN,
    ibanEur: e.SELLER_IBAN_EUR,
    bic: e.SELLER_BIC,
  };
}

/** Whether a setting's value is its default once parsed (the demo shop's, for seller details). */
function isDemoValue(name: keyof ParsedEnv, value: string): boolean {
  const schema: z.ZodType = envSchema.shape[name];
  const demo = schema.safeParse(undefined);
  const given = schema.safeParse(value);
  return demo.success && given.success && demo.data === given.data;
}

/**
 * Settings wrong only together. Each check parses just the settings it reads, so a bad value
 * elsewhere does not hide it: the operator sees every problem in one start.
 */
function combinationProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // Each setting parsed alone (the field's own schema, default included); undefined if one is bad.
  const pick = <K extends keyof ParsedEnv>(...names: K[]): Pick<ParsedEnv, K> | undefined => {
    const picked: Record<string, unknown> = {};
    for (const name of names) {
      const schema: z.ZodType = envSchema.shape[name];
      const result = schema.safeParse(env[name]);
      if (!result.success) return undefined;
      picked[name] = result.data;
    }
    return picked as Pick<ParsedEnv, K>;
  };
  const timeouts = pick('HTTP_HEADERS_TIMEOUT_SECONDS', 'HTTP_REQUEST_TIMEOUT_SECONDS');
  if (timeouts && timeouts.HTTP_HEADERS_TIMEOUT_SECONDS > timeouts.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS: must not be above HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  const store = pick('UPLOAD_STORE', 'DATABASE_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  if (store?.UPLOAD_STORE === 'postgres' && !store.DATABASE_URL) {
    problems.push('UPLOAD_STORE: postgres needs DATABASE_URL (the embedded database keeps uploads on disk)');
  } else if (store?.UPLOAD_STORE === 's3' && !store.S3_BUCKET) {
    problems.push('S3_BUCKET: required with UPLOAD_STORE=s3');
  } else if (
    store?.UPLOAD_STORE === 's3' &&
    Boolean(store.S3_ACCESS_KEY_ID) !== Boolean(store.S3_SECRET_ACCESS_KEY)
  ) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const database = pick('DATABASE_URL', 'DATABASE_PASSWORD');
  if (database?.DATABASE_PASSWORD !== undefined) {
    if (!database.DATABASE_URL) problems.push('DATABASE_PASSWORD: needs DATABASE_URL (without a password)');
    else if (new URL(database.DATABASE_URL).password !== '') {
      problems.push('DATABASE_PASSWORD: DATABASE_URL already has a password; set one of them');
    }
  }
  const mail = pick('MAIL_TRANSPORT', 'SMTP_URL');
  if (mail?.MAIL_TRANSPORT === 'smtp' && !mail.SMTP_URL)
    problems.push('SMTP_URL: required with MAIL_TRANSPORT=smtp');
  // An invoice with a wrong org number or VAT number is not a valid invoice: refuse to start.
  const seller = pick(...SELLER_SETTINGS);
  if (seller) problems.push(...sellerSettingsProblems(sellerOf(seller)));
  return problems;
}

function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (url === undefined || password === undefined) return url;
  const withIt = new URL(url);
  withIt.password = encodeURIComponent(password);
  return withIt.toString();
}
