import { expect } from 'vitest';
import type { PrintFileAnswer } from '@/shared/print-files';
import { makePng } from './png';
import { request } from './server';

/** A minimal PDF: only its header matters to the shop (a vector print file). */
export const minimalPdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** POST /api/print-files with one file (multipart), as the checkout and the order page send it: 201 expected. */
export async function uploadPrintFile(
  server: { url: string },
  bytes: Uint8Array,
  name: string,
): Promise<PrintFileAnswer> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  const created = await request<PrintFileAnswer>(server, '/api/print-files', { method: 'POST', body });
  expect(created.status).toBe(201);
  return created.body;
}

/** POST /api/uploads with one PNG, as the customiser sends an image: 201 expected; its id and the bytes' sha256. */
export async function uploadImage(
  server: { url: string },
  bytes: Uint8Array = makePng(),
  name = 'logo.png',
): Promise<{ id: string; sha256?: string }> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const uploaded = await request<{ id: string; sha256?: string }>(server, '/api/uploads', {
    method: 'POST',
    body,
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body;
}
