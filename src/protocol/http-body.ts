// Reading an HTTP request body with a size cap, and answering the request that goes over it,
// shared by our HTTP servers (the model server, the AndroidWorld server).
import type http from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** Buffers a request body up to `limit` bytes; rejects with BodyTooLargeError once it is over
 * and buffers nothing more (the rest is left for answerOversize to drain). */
export function readRequestBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size <= limit) { chunks.push(c); return; }
      over = true;
      chunks.length = 0;
      reject(new BodyTooLargeError(limit));
    });
    req.on('end', () => { if (!over) resolve(Buffer.concat(chunks)); });
    req.on('error', reject);
  });
}

/** How long an answered oversize request is still read, and its bytes dropped, before the
 * connection is cut. Long enough for a client on any sane link to read the answer. */
export const OVERSIZE_LINGER_MS = 2000;

/**
 * Sends a JSON error for a request whose body went over the limit so that the client reads it.
 * Closing a socket that still has unread request bytes makes the kernel send a reset, and the
 * client then gets ECONNRESET instead of the answer (the reset can even discard an answer it
 * has received but not read). So: the whole answer is written at once (with its length and
 * `Connection: close`), the rest of the body is read and dropped, and the connection closes
 * when the body ends, or after OVERSIZE_LINGER_MS for a body that does not end.
 */
export function answerOversize(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, lingerMs = OVERSIZE_LINGER_MS): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), connection: 'close' });
  res.write(text);
  // Not res.end() yet: once a response ends, Node closes the socket at once, unread bytes or not.
  const done = (): void => { clearTimeout(timer); if (!res.writableEnded) res.end(); };
  const timer = setTimeout(() => { done(); req.socket.destroy(); }, lingerMs);
  timer.unref();
  req.on('end', done);
  req.on('error', done);
  res.on('close', () => clearTimeout(timer));
  req.resume();
}
