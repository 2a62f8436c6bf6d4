/**
 * Group commit: work items that arrive while a statement is in flight wait and go together in the
 * next one (one round trip, one lock, one commit for many). The first item of a group waits only
 * for the event loop's current turn to end (setImmediate, no timer): the other requests whose
 * bodies arrived in the same turn join it, where it used to go alone and leave them the next
 * statement (two statements, two commits, for what one does). When the database refuses a batch
 * (one item it cannot take), the batch is split in halves and each half run the same way: one bad
 * item among n costs about 2·log2(n) statements and fails alone, the good ones still share their
 * commits.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(
    /** Runs one batch in one statement; answers one result per item, in the items' order. */
    private readonly run: (items: Item[]) => Promise<Result[]>,
    /** Items in one statement at most; a longer queue goes in several. */
    private readonly maxBatch = 200,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: typeof this.queue): Promise<void> {
    let results: Result[];
    try {
      results = await this.run(batch.map((pending) => pending.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.runBatch(batch.slice(0, half));
      await this.runBatch(batch.slice(half));
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index] as Result));
  }
}
