// Streams decoded text out of the worker without paying one message per token. The first
// delta goes out at once (time-to-first-token stays exact); later deltas are held until
// `windowMs` has passed since the last send, so a fast model (the test fixture decodes a
// token in well under a millisecond) sends a few messages per second of output instead of
// hundreds, while a real model (tens of ms per token) still streams every token as it comes.
// `flush()` before the final message: nothing decoded is ever held back from the result.
export class TextBatcher {
  private held = '';
  private lastSent = -Infinity;

  constructor(
    private readonly send: (delta: string) => void,
    private readonly windowMs = 16,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(delta: string): void {
    if (!delta) return;
    this.held += delta;
    if (this.now() - this.lastSent >= this.windowMs) this.flush();
  }

  flush(): void {
    if (!this.held) return;
    const out = this.held;
    this.held = '';
    this.lastSent = this.now();
    this.send(out);
  }
}
