// Finds a free TCP port on 127.0.0.1 inside a range (the project's tests own 18100–18199), waits
// for a server to answer, and polls until something holds: shared by tests, benches and scripts.
import net from 'node:net';

function isFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** First free port in [from, to], starting at a random offset so parallel runs rarely collide. */
export async function findFreePort(from, to) {
  const span = to - from + 1;
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((offset + i) % span);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Resolves when an HTTP GET of `url` answers (any status), or rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Polls `probe` until it returns something truthy and resolves with it; rejects with
 * "timed out waiting for <what>" after `timeoutMs`. The one copy for tests and benches.
 */
export async function until(what, probe, timeoutMs = 20_000, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
