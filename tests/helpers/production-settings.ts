/**
 * Settings of a made-up but real-looking seller, none of them the demo shop's: what a process
 * started with NODE_ENV=production (benches, production tests) needs to be allowed to start.
 * The numbers pass their checks (org number and bankgiro Luhn, IBAN mod 97).
 */
export const productionSettings = {
  NODE_ENV: 'production',
  SELLER_NAME: 'Tryckprov Test AB',
  SELLER_ORG_NUMBER: '556677-8899',
  SELLER_VAT_NUMBER: 'SE556677889901',
  SELLER_ADDRESS: 'Provgatan 2, 411 01 Göteborg, Sweden',
  SELLER_EMAIL: 'order@tryckprov.test',
  SELLER_PHONE: '+46 31 700 00 00',
  SELLER_BANK_ACCOUNT: '6000-123456789',
  SELLER_BANKGIRO: '567-8909',
  SELLER_IBAN: 'SE71 6000 0000 0001 2345 6789',
  SELLER_IBAN_EUR: 'SE44 6000 0000 0001 2345 6790',
  SHOP_EMAIL: 'order@tryckprov.test',
  MAIL_FROM: 'Tryckprov <order@tryckprov.test>',
  PUBLIC_BASE_URL: 'https://shop.tryckprov.test',
  // Emails as .eml files in DATA_DIR/outbox, chosen explicitly (no SMTP server in a test).
  MAIL_TRANSPORT: 'files',
} as const;
