// The standalone debug adapter, `dist/debug-adapter.js`: DAP on stdin/stdout (or a TCP port
// with --server=<port>), so nvim-dap, JetBrains and other DAP clients can debug agents.
// Nothing else may write to stdout here: it is the protocol channel. It lives in src/studio, the
// composition root, because it hands the session the launch dependencies (debug-deps.ts).
import { DebugSession } from '@vscode/debugadapter';
import { PhoneBuddyDebugSession } from '../debug/session';
import { studioDebugDeps } from './debug-deps';

console.log = console.error; // a stray log line would corrupt the protocol stream

/** How long after a disconnect the process may take to wind down before it names what keeps it alive. */
const EXIT_GRACE_MS = 5_000;

/** The library's runner constructs the session class itself, with its legacy arguments. */
class StandaloneSession extends PhoneBuddyDebugSession {
  private shuttingDown = false;

  constructor() {
    super({ deps: studioDebugDeps });
  }

  /**
   * After a disconnect the runtime has closed the phone, the policy and any model request;
   * stop reading stdin and let the process end by itself instead of process.exit(): a handle
   * the session leaked (a socket, a timer, a worker) then shows up, is named on stderr and
   * makes the exit code 3.
   */
  override shutdown(): void {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    if (process.argv.some((a) => a.startsWith('--server'))) return; // a server outlives its sessions
    // Also reached when the client just closes the pipe: the run is stopped here then.
    void this.runtime.terminate().catch(() => undefined).finally(() => {
      process.stdin.pause();
      process.stdin.destroy();
    });
    setTimeout(() => {
      const left = process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
      process.stderr.write(`phonebuddy debug adapter: still running ${EXIT_GRACE_MS} ms after the disconnect, kept alive by: ${left.join(', ') || 'nothing visible'}\n`);
      process.exit(3);
    }, EXIT_GRACE_MS).unref();
  }
}

DebugSession.run(StandaloneSession as unknown as typeof DebugSession);
