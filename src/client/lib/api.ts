/** Error thrown for any non-2xx answer, carrying the server's readable message and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isErrorBody(value: unknown): value is { error: string; fieldErrors?: Record<string, string> } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
  );
}

/** fetch for our own /api: JSON in and out, credentials same-origin, errors as ApiError. */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isErrorBody(body)) throw new ApiError(response.status, body.error, body.fieldErrors);
    throw new ApiError(response.status, `Request failed (${response.status})`);
  }
  return body as T;
}

/**
 * POSTs one file as the multipart field `file` under its own name: every upload route of the shop
 * (print files, pictures, proofs, bank files) reads its file from that one field.
 */
export function postFile<T>(path: string, file: File, signal?: AbortSignal): Promise<T> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<T>(path, { method: 'POST', body, ...(signal ? { signal } : {}) });
}
