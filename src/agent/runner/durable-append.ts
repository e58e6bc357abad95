// Appends text to one file and resolves only once it is on disk (fdatasync), without blocking
// the main thread: libuv's pool does the write and the sync while other slots, worker-thread
// messages and progress output carry on. Text appended while a sync is in flight waits for the
// next one and goes with everything else that arrived meanwhile (group commit): slots that
// finish together pay for one sync. Appends land in call order.
import fs from 'node:fs/promises';

interface Pending {
  text: string;
  resolve(): void;
  reject(e: unknown): void;
}

export class DurableAppender {
  private handle: Promise<fs.FileHandle> | undefined;
  private queue: Pending[] = [];
  private draining: Promise<void> | undefined;

  constructor(readonly file: string) {}

  /** Resolves when `text` (and all appended before it) is written and fdatasynced. */
  append(text: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    await this.draining;
    const h = this.handle;
    this.handle = undefined;
    await (await h?.catch(() => undefined))?.close();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        const h = await (this.handle ??= fs.open(this.file, 'a'));
        await h.writeFile(batch.map((p) => p.text).join(''));
        await h.datasync();
        for (const p of batch) p.resolve();
      } catch (e) {
        // Open again next time: a transient failure must not poison every later append.
        const h = this.handle;
        this.handle = undefined;
        await (await h?.catch(() => undefined))?.close().catch(() => {});
        for (const p of batch) p.reject(e);
      }
    }
    this.draining = undefined;
  }
}
