// Test kit for the environment service: a server on a free loopback port over the example
// tasks, and a WebSocket client that sends one message and reads its one reply.
import path from 'node:path';
import WebSocket from 'ws';
import { startEnvServer, type EnvServer, type EnvServerOptions } from './server';
import { TaskCatalogue } from './task-catalogue';

export const EXAMPLE_TASKS = path.resolve(__dirname, '../../tasks-examples/single-app');

export function startTestServer(o: Partial<EnvServerOptions> = {}): Promise<EnvServer> {
  return startEnvServer({ tasks: new TaskCatalogue([EXAMPLE_TASKS]), trapPenalty: 1, port: 0, threads: 2, ...o });
}

export interface Reply {
  type: string;
  data: Record<string, unknown>;
}

export class TestClient {
  private replies: Reply[] = [];
  private waiters: ((r: Reply) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const r = JSON.parse(raw.toString()) as Reply;
      const w = this.waiters.shift();
      if (w) w(r); else this.replies.push(r);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async connect(server: EnvServer, query = ''): Promise<TestClient> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws${query}`);
    const c = new TestClient(ws);
    await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
    return c;
  }

  next(): Promise<Reply> {
    const r = this.replies.shift();
    return r ? Promise.resolve(r) : new Promise((resolve) => this.waiters.push(resolve));
  }

  sendRaw(text: string | Buffer): Promise<Reply> {
    this.ws.send(text);
    return this.next();
  }

  send(msg: unknown): Promise<Reply> {
    return this.sendRaw(JSON.stringify(msg));
  }

  close(): Promise<unknown> {
    this.ws.close();
    return this.closed;
  }
}
