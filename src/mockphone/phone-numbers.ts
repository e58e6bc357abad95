// Whose numbering a mock phone's id comes from (`mock:N`, serial `mock-N`). Ids must be unique
// where phones meet — one device panel, one adb server, one environment service — so the
// numbering belongs to whoever makes the phones: a caller that makes phones of its own (a
// worker thread, a test) creates one and passes it in `MockPhoneOptions.numbers`, and its
// phones cannot take another's number. Phones made without one share the process's.
export class PhoneNumbers {
  private last = 0;

  /** `prefix` keeps the numbers of separate makers apart (`mock:t2-1` for thread 2's first). */
  constructor(readonly prefix = '') {}

  next(): string {
    return `${this.prefix}${++this.last}`;
  }
}

/** The numbering of phones made in this process without one of their own. */
export const processPhoneNumbers = new PhoneNumbers();
