// Whether this process may run the code of TypeScript apps (*.app.ts). A TypeScript app runs
// code, so it loads only where code may run: in VS Code, a trusted workspace (the extension sets
// this from Workspace Trust at activation and again when the workspace is trusted); in the CLI,
// always — the command is the user's own. Unset, nothing runs: a process nobody asked about is
// refused, not allowed.
//
// The flag is worker_threads environment data, which every Worker started afterwards receives
// a copy of, so run threads, serve-env session threads and the editor's threads load apps under
// the same rule as the thread that started them, without passing it in each init message.
import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

const KEY = 'phonebuddy.appCode';

/** Allows (or refuses) loading *.app.ts in this thread and the Workers it starts from now on. */
export function setAppCodeAllowed(allowed: boolean): void {
  setEnvironmentData(KEY, allowed);
}

export function appCodeAllowed(): boolean {
  return getEnvironmentData(KEY) === true;
}

const REFUSED = 'is a TypeScript app: it runs code, so it loads only in a trusted workspace';

/** The diagnostic message for a TypeScript app left unloaded because code may not run here. */
export function refusedMessage(file: string): string {
  return `${file} ${REFUSED} (trust the workspace to load it; the YAML apps load as usual)`;
}

export function isRefusedMessage(message: string): boolean {
  return message.includes(REFUSED);
}
