import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
