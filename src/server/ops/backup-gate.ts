/**
 * Keeps upload deletion and backups apart. A backup lists the uploads of its database snapshot and
 * links their files afterwards; housekeeping must not delete an expired upload's file in between
 * (its row is in the snapshot), and a backup must not snapshot while a deletion is half done.
 * Uploads are never deleted otherwise once recorded (bytes first, row second), so with this gate
 * every upload row in a backup has its file.
 */
export class BackupGate {
  private backups = 0;
  private deleting: Promise<unknown> | undefined;

  /** Waits for a running deletion, then holds deletions off until the answer is called. */
  async holdForBackup(): Promise<() => void> {
    this.backups++;
    await this.deleting;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.backups--;
    };
  }

  /** Runs `work` (deleting uploads) unless a backup is in progress: then skips it (undefined). */
  async deleteUnlessBackingUp<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.backups > 0) return undefined;
    const running = work();
    this.deleting = running.catch(() => undefined);
    try {
      return await running;
    } finally {
      this.deleting = undefined;
    }
  }
}
