// Types for scripts/lib/vscode-host.mjs (used by test/unit/vscode-host.test.ts).
export declare const NODE_VERSION: string;
export declare const CODE_SERVER_VERSION: string;
export declare function cacheRoot(): string;
export declare function hostDir(): string;
export interface HostLayout {
  dir: string; nodeDir: string; node: string; codeServer: string; codeServerEntry: string;
  serverMain: string; vscodeProduct: string; vscodePackage: string; marker: string;
}
export declare function hostLayout(dir?: string): HostLayout;
export declare function findHost(): (HostLayout & { vscodeVersion: string }) | null;
