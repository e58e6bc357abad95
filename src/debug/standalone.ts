// The standalone debug adapter, `dist/debug-adapter.js`: DAP on stdin/stdout (or a TCP port
// with --server=<port>), so nvim-dap, JetBrains and other DAP clients can debug agents.
// Nothing else may write to stdout here: it is the protocol channel.
import { DebugSession } from '@vscode/debugadapter';
import { PhoneBuddyDebugSession } from './session';

console.log = console.error; // a stray log line would corrupt the protocol stream

/** The library's runner constructs the session class itself, with its legacy arguments. */
class StandaloneSession extends PhoneBuddyDebugSession {
  constructor() {
    super();
  }
}

DebugSession.run(StandaloneSession as unknown as typeof DebugSession);
