// A plain typed event emitter for discriminated-union events: listeners subscribe to one
// `type` or to all. Synchronous like Node's EventEmitter; a throwing listener is reported to
// `onListenerError` instead of breaking the loop that emits.

type Listener<E> = (event: E) => void;

export class TypedEmitter<E extends { type: string }> {
  private readonly byType = new Map<string, Set<Listener<E>>>();
  private readonly all = new Set<Listener<E>>();
  onListenerError: (error: unknown, event: E) => void = (error) => {
    process.emitWarning(`episode event listener failed: ${error instanceof Error ? error.message : String(error)}`);
  };

  on<T extends E['type']>(type: T, listener: Listener<Extract<E, { type: T }>>): () => void {
    let set = this.byType.get(type);
    if (!set) this.byType.set(type, (set = new Set()));
    set.add(listener as Listener<E>);
    return () => set.delete(listener as Listener<E>);
  }

  onAny(listener: Listener<E>): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  protected emit(event: E): void {
    for (const l of [...(this.byType.get(event.type) ?? []), ...this.all]) {
      try {
        l(event);
      } catch (e) {
        this.onListenerError(e, event);
      }
    }
  }
}

/**
 * A list of listeners for one kind of change (`onDidChange` and its `fire`), for the classes
 * whose events carry no type to switch on. Like TypedEmitter, a throwing listener is reported
 * (`onError`) and the others still hear the change.
 */
export class Listeners<Args extends unknown[] = []> {
  private readonly set = new Set<(...args: Args) => void>();

  constructor(private readonly what: string, private readonly onError: (error: unknown, what: string) => void = reportListenerError) {}

  /** Adds `listener`; returns the function that removes it. */
  add(listener: (...args: Args) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  fire(...args: Args): void {
    for (const l of [...this.set]) {
      try {
        l(...args);
      } catch (e) {
        this.onError(e, this.what);
      }
    }
  }

  clear(): void {
    this.set.clear();
  }
}

function reportListenerError(error: unknown, what: string): void {
  process.emitWarning(`${what} listener failed: ${error instanceof Error ? error.message : String(error)}`);
}
