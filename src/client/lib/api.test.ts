import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, postFile } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('postFile', () => {
  it('POSTs the file as the multipart field "file" under its name and answers the JSON', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ id: 'f1' }, { status: 201 })));
    vi.stubGlobal('fetch', fetch);
    const file = new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' });
    await expect(postFile<{ id: string }>('/api/print-files', file)).resolves.toEqual({ id: 'f1' });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/print-files');
    expect(init.method).toBe('POST');
    const sent = (init.body as FormData).get('file') as File;
    expect(sent.name).toBe('logo.pdf');
    expect(await sent.text()).toBe('%PDF-1.7');
  });

  it("a refusal is an ApiError with the server's words", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ error: 'Filen är tom' }, { status: 400 })));
    const refused = postFile('/api/uploads', new File([], 'empty.png'));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toThrow('Filen är tom');
  });
});
