// Types for scripts/lib/ports.mjs (imported by TypeScript tests and benches).
export declare function findFreePort(from: number, to: number): Promise<number>;
export declare function waitForHttp(url: string, timeoutMs: number, isAlive?: () => boolean): Promise<void>;
export declare function until<T>(what: string, probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs?: number, everyMs?: number): Promise<T>;
