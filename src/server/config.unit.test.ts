import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { productionSettings } from '@tests/helpers/production-settings';
import { ConfigError, loadConfig } from './config';
import { readDotEnv } from './production-settings';

describe('settings', () => {
  it('defaults match .env.example', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      adminPin: undefined,
    });
    expect(config.seller.bankAccount).toBe('5050-1234567');
    expect(config.emailLeaseSeconds).toBe(300);
    expect(config.emailYieldMs).toBe(100);
  });

  it('empty values mean unset', () => {
    expect(loadConfig({ DATABASE_URL: '', RATES_URL: '', ADMIN_PIN: '' })).toMatchObject({
      databaseUrl: undefined,
      ratesUrl: undefined,
      adminPin: undefined,
    });
  });

  it('a bad value stops start-up with a message naming the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ ADMIN_PIN: '12' })).toThrow(/ADMIN_PIN/);
    expect(() => loadConfig({ COUNTRY_HEADER: 'bad header!' })).toThrow(/COUNTRY_HEADER/);
    expect(() => loadConfig({ EMAIL_LEASE_SECONDS: '0' })).toThrow(/EMAIL_LEASE_SECONDS/);
  });

  it('TRUST_PROXY: a hop count or proxy addresses/CIDRs; true is refused with what to set instead', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true trusts any X-Forwarded-For .*set the number of proxies/,
    );
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1', '10.0.0.0/8,,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('limits: defaults as documented, every one in .env.example with the same value', () => {
    const config = loadConfig({});
    expect(config.limits).toEqual({
      ordersPerClientPerHour: 20,
      ordersPerEmailPerHour: 10,
      partnerApplicationsPerClientPerHour: 5,
      orderLookupsPerClientPerHour: 10,
      orderLookupsPerEmailPerHour: 3,
      orderMaxTotalSek: 5_000_000,
    });
    expect(config.adminSessions).toEqual({ idleSeconds: 8 * 3600, maxAgeSeconds: 12 * 3600 });
    expect(config.logLevel).toBe('warn');
    const example = Object.fromEntries(
      readFileSync('.env.example', 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const name of [
      'ORDERS_PER_CLIENT_PER_HOUR',
      'ORDERS_PER_EMAIL_PER_HOUR',
      'PARTNER_APPLICATIONS_PER_CLIENT_PER_HOUR',
      'ORDER_LOOKUPS_PER_CLIENT_PER_HOUR',
      'ORDER_LOOKUPS_PER_EMAIL_PER_HOUR',
      'ORDER_MAX_TOTAL_SEK',
      'ADMIN_SESSION_IDLE_MINUTES',
      'ADMIN_SESSION_MAX_HOURS',
      'LOG_LEVEL',
      'TRUST_PROXY',
    ]) {
      expect(example[name], name).toBeDefined();
    }
    expect(loadConfig(example)).toMatchObject({
      limits: config.limits,
      adminSessions: config.adminSessions,
      logLevel: config.logLevel,
      trustProxy: false,
    });
  });

  it('lower-cases the country header name (Node lower-cases incoming headers)', () => {
    expect(loadConfig({ COUNTRY_HEADER: 'CF-IPCountry' }).countryHeader).toBe('cf-ipcountry');
  });
});

describe('seller settings', () => {
  it('the defaults pass the invoice checks (org number check digit, VAT number, bankgiro, IBAN)', () => {
    const { seller } = loadConfig({});
    expect(seller).toMatchObject({
      orgNumber: '559123-4561',
      vatNumber: 'SE559123456101',
      registeredOffice: 'Stockholm',
      fTax: true,
      iban: 'SE0350000000050501234567',
      bic: 'ESSESESS',
    });
  });

  it('refuses to start with an org number whose check digit is wrong, naming the setting', () => {
    expect(() =>
      loadConfig({ SELLER_ORG_NUMBER: '559123-4567', SELLER_VAT_NUMBER: 'SE559123456701' }),
    ).toThrow(/SELLER_ORG_NUMBER: the check digit does not match/);
    expect(() => loadConfig({ SELLER_VAT_NUMBER: 'SE559123456102' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => loadConfig({ SELLER_IBAN: 'SE04 5000 0000 0505 0123 4567' })).toThrow(/SELLER_IBAN/);
    expect(() => loadConfig({ SELLER_IBAN_EUR: 'SE46 5000 0000 0583 9825 7466' })).toThrow(
      /SELLER_IBAN_EUR: not a valid IBAN/,
    );
    expect(() => loadConfig({ SELLER_F_SKATT: 'yes' })).toThrow(/SELLER_F_SKATT/);
  });

  it('.env.example lists every seller setting with a default that passes', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^SELLER_[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).sort()).toEqual(
      [
        'SELLER_ADDRESS',
        'SELLER_BANKGIRO',
        'SELLER_BANK_ACCOUNT',
        'SELLER_BIC',
        'SELLER_EMAIL',
        'SELLER_F_SKATT',
        'SELLER_IBAN',
        'SELLER_IBAN_EUR',
        'SELLER_NAME',
        'SELLER_ORG_NUMBER',
        'SELLER_PHONE',
        'SELLER_REGISTERED_OFFICE',
        'SELLER_VAT_NUMBER',
      ].sort(),
    );
    expect(loadConfig(env).seller).toEqual(loadConfig({}).seller);
  });
});

describe('production settings (NODE_ENV=production)', () => {
  const example = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));

  it('refuses the example settings with one message listing every demo or missing setting', () => {
    let message = '';
    try {
      loadConfig({ ...example, NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const setting of [
      'SELLER_NAME: still the demo value "Bulk Print Sverige AB"',
      'SELLER_ORG_NUMBER: still the demo value',
      'SELLER_VAT_NUMBER: still the demo value',
      'SELLER_ADDRESS: still the demo value',
      'SELLER_BANKGIRO: still the demo value "123-4566"',
      'SELLER_IBAN: still the demo value',
      'SELLER_IBAN_EUR: still the demo value',
      'SHOP_EMAIL: still the demo value',
      'PUBLIC_BASE_URL: http://localhost:3000 is this machine',
      'SMTP_URL: not set; set it to send email, or MAIL_TRANSPORT=files',
    ]) {
      expect(message).toContain(setting);
    }
    expect(message.split('\n')[0]).toMatch(/^Invalid settings for production \(NODE_ENV=production\)/);
  });

  it('names an unset setting as unset, and the same example outside production starts the demo shop', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SELLER_NAME: not set/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_BASE_URL: not set/);
    expect(loadConfig({ ...example, NODE_ENV: 'development' }).seller.name).toBe('Bulk Print Sverige AB');
  });

  it("starts with the seller's own settings and an explicit mail choice", () => {
    const config = loadConfig(productionSettings);
    expect(config.seller.name).toBe('Tryckprov Test AB');
    expect(config.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ ...productionSettings, MAIL_TRANSPORT: '' })).toThrow(/SMTP_URL: not set/);
    expect(
      loadConfig({ ...productionSettings, MAIL_TRANSPORT: '', SMTP_URL: 'smtp://mail:25' }).smtpUrl,
    ).toBe('smtp://mail:25');
  });

  it('reports a bad value, a bad combination and a bad seller number in the same message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', UPLOAD_STORE: 's3', SELLER_ORG_NUMBER: '559123-4562' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT:');
    expect(message).toContain('S3_BUCKET: required with UPLOAD_STORE=s3');
    expect(message).toContain('SELLER_ORG_NUMBER: the check digit does not match');
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads ADMIN_PIN_FILE, METRICS_TOKEN_FILE and DATABASE_PASSWORD_FILE without the final line break', () => {
    writeFileSync(join(dir, 'pin'), '480516\n');
    writeFileSync(join(dir, 'token'), 'a-metrics-token-of-some-length\n');
    writeFileSync(join(dir, 'db'), 'p@ss word\n');
    const config = loadConfig({
      ADMIN_PIN_FILE: join(dir, 'pin'),
      METRICS_TOKEN_FILE: join(dir, 'token'),
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      DATABASE_PASSWORD_FILE: join(dir, 'db'),
    });
    expect(config.adminPin).toBe('480516');
    expect(config.metricsToken).toBe('a-metrics-token-of-some-length');
    expect(new URL(config.databaseUrl ?? '').password).toBe(encodeURIComponent('p@ss word'));
  });

  it('names a missing file, and a secret set both ways', () => {
    expect(() => loadConfig({ SMTP_URL_FILE: join(dir, 'absent') })).toThrow(
      /SMTP_URL_FILE: cannot read .*absent \(ENOENT\)/,
    );
    writeFileSync(join(dir, 'pin2'), '1234');
    expect(() => loadConfig({ ADMIN_PIN: '4711', ADMIN_PIN_FILE: join(dir, 'pin2') })).toThrow(
      /ADMIN_PIN_FILE: set ADMIN_PIN or ADMIN_PIN_FILE, not both/,
    );
  });
});

describe('.env', () => {
  it('is read into the environment at start, where a variable already set wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-dotenv-'));
    try {
      writeFileSync(join(dir, '.env'), 'SHOP_DOTENV_FROM_FILE=file\nSHOP_DOTENV_BOTH=file\n');
      process.env.SHOP_DOTENV_BOTH = 'environment';
      readDotEnv(join(dir, '.env'));
      expect(process.env.SHOP_DOTENV_FROM_FILE).toBe('file');
      expect(process.env.SHOP_DOTENV_BOTH).toBe('environment');
      expect(() => readDotEnv(join(dir, 'absent.env'))).not.toThrow();
    } finally {
      delete process.env.SHOP_DOTENV_FROM_FILE;
      delete process.env.SHOP_DOTENV_BOTH;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
