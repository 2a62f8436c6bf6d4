import { describe, expect, it } from 'vitest';
import { detectCountry } from './country';

describe('detectCountry', () => {
  it('takes the region of the most wanted Accept-Language tag that has one', () => {
    expect(detectCountry({ 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.8' }, undefined)).toBe('NO');
    expect(detectCountry({ 'accept-language': 'en;q=0.5, de-AT;q=0.9' }, undefined)).toBe('AT');
    expect(detectCountry({ 'accept-language': 'zh-Hant-TW' }, undefined)).toBe('TW');
  });

  it('is null when no tag names a region, or there is no header', () => {
    expect(detectCountry({ 'accept-language': 'sv' }, undefined)).toBeNull();
    expect(detectCountry({}, undefined)).toBeNull();
  });

  it('prefers the configured proxy header, upper-cased, and ignores a value that is no country code', () => {
    const headers = { 'cf-ipcountry': 'dk', 'accept-language': 'sv-SE' };
    expect(detectCountry(headers, 'cf-ipcountry')).toBe('DK');
    expect(detectCountry({ ...headers, 'cf-ipcountry': '<script>' }, 'cf-ipcountry')).toBe('SE');
    expect(detectCountry(headers, undefined)).toBe('SE');
  });
});
