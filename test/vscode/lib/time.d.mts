// Types of time.mjs, for the unit tests (TypeScript) that scale a bound by the same factor.
export function timeFactor(): number;
export const ms: (n: number) => number;
export function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs?: number): Promise<NonNullable<T>>;
