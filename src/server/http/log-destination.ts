import { write } from 'node:fs';

/**
 * Where the server's log lines go (stdout by default), written so that logging can never stop the
 * process. pino's own destination writes synchronously, and at exit flushes synchronously in a
 * loop until everything is out: a log reader that stops reading (a full pipe) or has gone away
 * left the main thread blocked there, so SIGTERM's shutdown and even its forced exit never ran.
 *
 * Here lines are queued in memory and written asynchronously, one write at a time (off the main
 * thread). The queue is bounded: while the reader is stalled, lines beyond `maxQueuedBytes` are
 * dropped and counted. A reader that has gone away (EPIPE) ends logging. Shutdown waits for the
 * queue at most a given time.
 */
export class LogDestination {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private closed = false;
  private idle: (() => void)[] = [];
  /** Lines dropped because the reader was not keeping up. */
  dropped = 0;

  constructor(
    private readonly fd = 1,
    private readonly maxQueuedBytes = 4 * 1024 * 1024,
  ) {}

  /** pino calls this with one serialised line. */
  write(line: string): boolean {
    if (this.closed) return true;
    const bytes = Buffer.from(line, 'utf8');
    if (this.queuedBytes + bytes.length > this.maxQueuedBytes) {
      this.dropped += 1;
      return true;
    }
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    if (!this.writing) this.writeNext();
    return true;
  }

  private writeNext(): void {
    if (this.closed || this.queue.length === 0) {
      this.writing = false;
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    this.writing = true;
    const chunk = Buffer.concat(this.queue);
    this.queue = [];
    this.writeChunk(chunk);
  }

  private writeChunk(chunk: Buffer): void {
    write(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error) {
        const code = error.code;
        if (code === 'EAGAIN' || code === 'EBUSY') {
          // A non-blocking pipe that is full: try again a little later, never spinning.
          setTimeout(() => this.writeChunk(chunk), 50).unref();
          return;
        }
        // EPIPE (the reader has gone) or anything else: nowhere to log any more.
        this.closed = true;
        this.queue = [];
        this.queuedBytes = 0;
        this.writeNext();
        return;
      }
      this.queuedBytes -= written;
      if (written < chunk.length) this.writeChunk(chunk.subarray(written));
      else this.writeNext();
    });
  }

  /** Resolves when every queued line is written, or after `timeoutMs`, whichever comes first. */
  flush(timeoutMs: number): Promise<void> {
    if (!this.writing && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
