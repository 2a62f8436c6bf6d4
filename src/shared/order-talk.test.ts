import { describe, expect, it } from 'vitest';
import { mentionsMoney } from './order-talk';

describe('mentionsMoney', () => {
  it.each([
    'Pris 120 kr/st enligt Erik',
    'Fakturan skickas till ekonomi',
    'Agreed price with the buyer',
    '450:- per tröja',
    'Totalt 12 000 SEK',
    '30 € per piece',
    'Rabatt 10 % avtalad',
    'The buyer has paid in cash',
    '120kr styck',
  ])('finds money in %j', (text) => {
    expect(mentionsMoney(text)).toBe(true);
  });

  it.each([
    'Logo file from Erik, use the blue one',
    'Tryck på baksidan 25 cm brett',
    'Ring kunden innan leverans: 070-123 45 67',
    '3 M blir L',
    'Kl. 14:30 hämtar de',
    'Skrivare nr 2, blå färg',
  ])('finds no money in %j', (text) => {
    expect(mentionsMoney(text)).toBe(false);
  });
});
