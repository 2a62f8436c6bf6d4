import { describe, expect, it } from 'vitest';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import type { ShopContact } from '@/shared/shop';

const server = useServer({
  env: {
    SELLER_NAME: 'Tryck & Co AB',
    SELLER_EMAIL: 'faktura@tryck.example',
    SELLER_PHONE: '+46 40 12 34 56',
    SELLER_ORG_NUMBER: '556016-0680',
    SELLER_VAT_NUMBER: 'SE556016068001',
  },
});

describe('GET /api/shop', () => {
  it('answers the seller contact from the settings, the same the invoices and emails use', async () => {
    const { status, body } = await request<ShopContact>(server, '/api/shop');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Tryck & Co AB',
      email: 'faktura@tryck.example',
      phone: '+46 40 12 34 56',
      orgNumber: '556016-0680',
      vatNumber: 'SE556016068001',
      fTax: true,
      individualReminderFee: null,
    });
  });
});
