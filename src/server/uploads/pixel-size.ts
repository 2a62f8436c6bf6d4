import type { Readable } from 'node:stream';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * Reads forward through a stream, keeping only the bytes asked for: a 50 MB file is walked
 * (JPEG segments, a TIFF's directory near its end) without being held in memory.
 */
class ForwardReader {
  private buffer: Buffer = Buffer.alloc(0);
  /** File offset of buffer[0]. */
  private start = 0;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(stream: Readable) {
    this.chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** Bytes [offset, offset + length), or undefined when the file ends first or offset lies behind. */
  async read(offset: number, length: number): Promise<Buffer | undefined> {
    if (offset < this.start) return undefined;
    for (;;) {
      const skip = offset - this.start;
      if (skip >= this.buffer.length) {
        this.start += this.buffer.length;
        this.buffer = Buffer.alloc(0);
      } else if (skip > 0) {
        this.buffer = this.buffer.subarray(skip);
        this.start = offset;
      }
      if (this.start === offset && this.buffer.length >= length) return this.buffer.subarray(0, length);
      const next = await this.chunks.next();
      if (next.done) return undefined;
      this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    }
  }

  async close(): Promise<void> {
    await this.chunks.return?.();
  }
}

/** Larger than any real image (and than the database's integer): the header is not believed. */
const MAX_SIDE = 1_000_000;

const positive = (size: PixelSize): PixelSize | undefined =>
  size.width > 0 && size.height > 0 && size.width <= MAX_SIDE && size.height <= MAX_SIDE ? size : undefined;

async function pngSize(reader: ForwardReader): Promise<PixelSize | undefined> {
  const header = await reader.read(16, 8);
  return header && positive({ width: header.readUInt32BE(0), height: header.readUInt32BE(4) });
}

async function gifSize(reader: ForwardReader): Promise<PixelSize | undefined> {
  const header = await reader.read(6, 4);
  return header && positive({ width: header.readUInt16LE(0), height: header.readUInt16LE(2) });
}

async function webpSize(reader: ForwardReader): Promise<PixelSize | undefined> {
  const chunk = await reader.read(12, 18);
  if (!chunk) return undefined;
  const type = chunk.toString('latin1', 0, 4);
  if (type === 'VP8X') {
    return positive({ width: chunk.readUIntLE(12, 3) + 1, height: chunk.readUIntLE(15, 3) + 1 });
  }
  if (type === 'VP8L') {
    const bits = chunk.readUInt32LE(9);
    return positive({ width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 });
  }
  if (type === 'VP8 ') {
    return positive({ width: chunk.readUInt16LE(14) & 0x3fff, height: chunk.readUInt16LE(16) & 0x3fff });
  }
  return undefined;
}

/** Start-of-frame markers carry the image size (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

async function jpegSize(reader: ForwardReader): Promise<PixelSize | undefined> {
  let offset = 2;
  for (let segments = 0; segments < 10_000; segments++) {
    const marker = await reader.read(offset, 2);
    if (!marker || marker[0] !== 0xff) return undefined;
    const code = marker[1] ?? 0;
    if (code === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (code === 0xd8 || code === 0x01 || (code >= 0xd0 && code <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (code === 0xda || code === 0xd9) return undefined; // image data or end before any frame
    const length = await reader.read(offset + 2, 2);
    if (!length) return undefined;
    if (SOF.has(code)) {
      const frame = await reader.read(offset + 5, 4);
      return frame && positive({ height: frame.readUInt16BE(0), width: frame.readUInt16BE(2) });
    }
    const size = length.readUInt16BE(0);
    if (size < 2) return undefined;
    offset += 2 + size;
  }
  return undefined;
}

async function tiffSize(reader: ForwardReader, littleEndian: boolean): Promise<PixelSize | undefined> {
  const header = await reader.read(4, 4);
  if (!header) return undefined;
  const u16 = (b: Buffer, at: number) => (littleEndian ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number) => (littleEndian ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const directory = u32(header, 0);
  const countBytes = await reader.read(directory, 2);
  if (!countBytes) return undefined;
  const count = Math.min(u16(countBytes, 0), 1000);
  const entries = await reader.read(directory + 2, count * 12);
  if (!entries) return undefined;
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i++) {
    const at = i * 12;
    const tag = u16(entries, at);
    const type = u16(entries, at + 2);
    // SHORT (3) values sit in the first two bytes of the value field, LONG (4) fill it.
    const value = type === 3 ? u16(entries, at + 8) : type === 4 ? u32(entries, at + 8) : 0;
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return positive({ width, height });
}

/**
 * Pixel size of a stored raster file of `contentType` (PNG, JPEG, GIF, WebP, TIFF), read from its
 * header; undefined for other types or a header that does not say.
 */
export async function readPixelSize(stream: Readable, contentType: string): Promise<PixelSize | undefined> {
  const reader = new ForwardReader(stream);
  try {
    switch (contentType) {
      case 'image/png':
        return await pngSize(reader);
      case 'image/gif':
        return await gifSize(reader);
      case 'image/webp':
        return await webpSize(reader);
      case 'image/jpeg':
        return await jpegSize(reader);
      case 'image/tiff': {
        const order = await reader.read(0, 2);
        return order ? await tiffSize(reader, order.toString('latin1') === 'II') : undefined;
      }
      default:
        return undefined;
    }
  } finally {
    await reader.close();
    stream.destroy();
  }
}
