import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings', () => {
  it('defaults match .env.example', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: './data', databaseUrl: undefined, adminPin: undefined });
    expect(config.seller.bankAccount).toBe('5050-1234567');
    expect(config.emailLeaseSeconds).toBe(300);
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
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ ADMIN_PIN: '12' })).toThrow(/ADMIN_PIN/);
    expect(() => loadConfig({ COUNTRY_HEADER: 'bad header!' })).toThrow(/COUNTRY_HEADER/);
    expect(() => loadConfig({ EMAIL_LEASE_SECONDS: '0' })).toThrow(/EMAIL_LEASE_SECONDS/);
  });

  it('lower-cases the country header name (Node lower-cases incoming headers)', () => {
    expect(loadConfig({ COUNTRY_HEADER: 'CF-IPCountry' }).countryHeader).toBe('cf-ipcountry');
  });
});
