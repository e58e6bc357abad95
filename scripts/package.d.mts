// Types for scripts/package.mjs (used by test/unit/package.test.ts).
export declare function runtimeRequires(distDir: string): string[];
export declare function runtimeClosure(names: string[], target: string): { dirs: string[]; missing: string[] };
export declare function pruneForeignBinaries(name: string, dir: string, target: string): void;
export declare const NOT_SHIPPED: Record<string, string>;
export declare function packageVsix(o?: { target?: string; out?: string; build?: boolean }): Promise<{ packagePath: string; size: number; target: string }>;
