import { describe, expect, it } from 'vitest';
import { testCustomer } from '@tests/helpers/orders';
import { makePng } from '@tests/helpers/png';
import { uploadImage as uploadPng } from '@tests/helpers/print-files';
import { request } from '@tests/helpers/server';
import { useServer } from '@tests/helpers/use-server';
import type { OrderView } from '@/shared/order-view';
import { CONVERSION_FEE_CODE } from '@/shared/print-files';

/**
 * Issue 45: one PNG crest used on hoodies and beanies gave two 100 kr conversion lines. A raster
 * file is converted once however many lines use it, so an order is charged once per distinct file
 * (the same bytes uploaded twice are one file).
 */
const server = useServer();

let keyCounter = 0;
const newKey = () => `fee-per-file-${Date.now()}-${++keyCounter}-abcdef`;

const uploadedSha256 = new Map<string, string | undefined>();

async function uploadImage(bytes: Uint8Array, name: string): Promise<string> {
  const answer = await uploadPng(server, bytes, name);
  uploadedSha256.set(answer.id, answer.sha256);
  return answer.id;
}

async function uploadPrintFile(bytes: Uint8Array, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const answer = await request<{ id: string }>(server, '/api/print-files', { method: 'POST', body });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const print = (uploadId: string) => ({
  method: 'dtg',
  uploadId,
  side: 'front',
  x: 50,
  y: 40,
  scale: 0.5,
});

/** A hoodie line and a beanie line, each with its own customiser image. */
const crestLines = (hoodieImage: string, beanieImage: string) => [
  {
    productId: 'hoodie',
    quantity: 50,
    sizes: { M: 50 },
    customisation: { color: 'black', prints: [print(hoodieImage)], additionalInfo: '' },
  },
  {
    productId: 'mossa',
    quantity: 50,
    customisation: { color: 'black', prints: [print(beanieImage)], additionalInfo: '' },
  },
];

async function placeAndView(body: Record<string, unknown>): Promise<OrderView> {
  const placed = await request<{ orderNumber: string; accessToken: string; error?: string }>(
    server,
    '/api/orders',
    { method: 'POST', json: { idempotencyKey: newKey(), customer: testCustomer, ...body } },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const view = await request<OrderView>(
    server,
    `/api/orders/${placed.body.orderNumber}?token=${placed.body.accessToken}`,
  );
  expect(view.status).toBe(200);
  return view.body;
}

const feeLines = (view: OrderView) => view.lines.filter((line) => line.productId === CONVERSION_FEE_CODE);

describe('conversion fee per distinct raster file (POST /api/orders)', () => {
  it('one raster upload used on two lines carries one conversion fee line', async () => {
    const crest = await uploadImage(makePng(400, [10, 60, 200]), 'crest.png');
    const view = await placeAndView({ lines: crestLines(crest, crest), printFiles: [crest] });
    expect(feeLines(view)).toHaveLength(1);
    expect(feeLines(view)[0]).toMatchObject({ quantity: 1, lineTotal: '100.00' });
  });

  it('the same bytes uploaded once per customiser are one file: one fee, both files listed', async () => {
    const bytes = makePng(400, [200, 60, 10]);
    const onHoodie = await uploadImage(bytes, 'crest.png');
    const onBeanie = await uploadImage(bytes, 'crest (1).png');
    expect(onBeanie).not.toBe(onHoodie);
    // The cart learns the two are one file (it counts fees by this), as the server decides.
    expect(uploadedSha256.get(onBeanie)).toMatch(/^[0-9a-f]{64}$/);
    expect(uploadedSha256.get(onBeanie)).toBe(uploadedSha256.get(onHoodie));
    const view = await placeAndView({
      lines: crestLines(onHoodie, onBeanie),
      printFiles: [onHoodie, onBeanie],
    });
    expect(feeLines(view)).toHaveLength(1);
    expect(feeLines(view)[0]?.printFileId).toBe(onHoodie);
    // Both uploads stay with the order (the printer sees each line's file).
    expect(view.printFiles?.map((file) => file.id)).toEqual([onHoodie, onBeanie]);
    const goods = view.lines
      .filter((line) => line.productId !== CONVERSION_FEE_CODE)
      .reduce((sum, line) => sum + Math.round(Number(line.lineTotal) * 100), 0);
    expect(Math.round(Number(view.total) * 100)).toBe(goods + 100_00);
  });

  it('two different raster files still cost one fee each', async () => {
    const first = await uploadPrintFile(makePng(300, [1, 2, 3]), 'front.png');
    const second = await uploadPrintFile(makePng(300, [3, 2, 1]), 'back.png');
    const view = await placeAndView({
      lines: [
        { productId: 'hoodie', quantity: 120, sizes: { S: 20, M: 50, L: 50 }, options: { colour: 'navy' } },
      ],
      printFiles: [first, second],
    });
    expect(feeLines(view).map((line) => line.printFileId)).toEqual([first, second]);
  });
});
