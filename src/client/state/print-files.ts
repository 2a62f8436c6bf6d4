import { useSyncExternalStore } from 'react';
import { readStoredJson, writeStored } from '@/client/lib/storage';
import { printFileKinds, type PrintFileAnswer } from '@/shared/print-files';
import { uploadIdPattern } from '@/shared/uploads';

/**
 * The print files the buyer attached for the next order, kept in browser storage next to the cart
 * (the cart page and the customiser both add to it). `source: 'customiser'` marks a customiser
 * image chosen as the print file: it goes with the order only while a cart line still uses it.
 */
export interface AttachedPrintFile extends PrintFileAnswer {
  /** 'reorder': an earlier order's file put back by "Order again", converted then (no fee again). */
  source: 'upload' | 'customiser' | 'reorder';
}

export const PRINT_FILES_STORAGE_KEY = 'printFiles';

const listeners = new Set<() => void>();
const empty: readonly AttachedPrintFile[] = [];
let cache: { raw: unknown; files: readonly AttachedPrintFile[] } | undefined;

function read(value: unknown): AttachedPrintFile[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 50).flatMap((item): AttachedPrintFile[] => {
    if (typeof item !== 'object' || item === null) return [];
    const f = item as Record<string, unknown>;
    const whole = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
    if (typeof f.id !== 'string' || !uploadIdPattern.test(f.id)) return [];
    if (!(printFileKinds as readonly unknown[]).includes(f.kind)) return [];
    if (typeof f.name !== 'string' || typeof f.contentType !== 'string' || !whole(f.bytes)) return [];
    const file: AttachedPrintFile = {
      id: f.id,
      kind: f.kind as AttachedPrintFile['kind'],
      name: f.name.slice(0, 200),
      bytes: f.bytes as number,
      contentType: f.contentType,
      source: f.source === 'customiser' || f.source === 'reorder' ? f.source : 'upload',
    };
    if (whole(f.width) && whole(f.height)) {
      file.width = f.width as number;
      file.height = f.height as number;
    }
    if (typeof f.sha256 === 'string' && /^[0-9a-f]{64}$/.test(f.sha256)) file.sha256 = f.sha256;
    return [file];
  });
}

function snapshot(): readonly AttachedPrintFile[] {
  const raw = readStoredJson(PRINT_FILES_STORAGE_KEY);
  const key = JSON.stringify(raw ?? null);
  if (cache && cache.raw === key) return cache.files;
  cache = { raw: key, files: read(raw) };
  return cache.files;
}

function write(files: readonly AttachedPrintFile[]): void {
  writeStored(PRINT_FILES_STORAGE_KEY, files.length === 0 ? null : JSON.stringify(files));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PRINT_FILES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const printFileStore = {
  add(file: AttachedPrintFile): void {
    write([...snapshot().filter((f) => f.id !== file.id), file]);
  },
  remove(id: string): void {
    write(snapshot().filter((f) => f.id !== id));
  },
  clear(): void {
    write([]);
  },
};

/** The attached print files; the server-rendered page (and hydration) starts with none. */
export function usePrintFiles(): readonly AttachedPrintFile[] {
  return useSyncExternalStore(subscribe, snapshot, () => empty);
}

/**
 * How many conversion fees these files cost: one per distinct raster file, as the server charges
 * (files of the same bytes, known by their sha256, are one file).
 */
export function distinctRasterFiles(
  files: readonly (Pick<PrintFileAnswer, 'id' | 'kind' | 'sha256'> & {
    source?: AttachedPrintFile['source'];
  })[],
): number {
  // A reordered file was converted for the earlier order: the server charges no fee for it again.
  return new Set(
    files.filter((f) => f.kind === 'raster' && f.source !== 'reorder').map((f) => f.sha256 ?? f.id),
  ).size;
}

/** The files that go with an order of these lines (customiser images only while a line uses them). */
export function filesForOrder(
  files: readonly AttachedPrintFile[],
  lines: readonly { customisation?: { prints: readonly { uploadId: string }[] } | undefined }[],
): AttachedPrintFile[] {
  const used = new Set(lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []));
  return files.filter((f) => f.source !== 'customiser' || used.has(f.id));
}
