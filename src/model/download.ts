// Fetches a model repository from a Hugging Face–style hub: lists the files of a revision
// (GET {endpoint}/api/models/{repo}/tree/{revision}?recursive=true), downloads the ones the
// filter keeps (GET {endpoint}/{repo}/resolve/{revision}/{path}), resumes partial files with
// HTTP Range, and verifies each file against the hub's checksum (sha256 for LFS files, the
// git blob sha1 otherwise) before moving it into place. Nothing half-downloaded is ever left
// under a final name.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REQUIRED_JSON, OPTIONAL_JSON, DTYPE_SUFFIX, ONNX_PARTS, type ModelDtype } from './layout';

export interface DownloadOptions {
  /** Hub base URL, default https://huggingface.co. */
  endpoint?: string;
  /** owner/name */
  repo: string;
  /** Branch, tag or commit (default main). */
  revision?: string;
  out: string;
  /** Globs over repository paths (`*` within a folder, `**` across); default: the files `dtype` needs. */
  include?: string[];
  /** With no include: the JSON files plus this dtype's graphs (default q4). */
  dtype?: ModelDtype;
  /** Bearer token (default env HF_TOKEN). */
  token?: string;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Attempts per file when the connection drops (each resumes where the last stopped). Default 4. */
  attempts?: number;
  fetch?: typeof fetch;
}

export interface DownloadProgress {
  file: string;
  /** Bytes of this file on disk so far / its size. */
  received: number;
  size: number;
  /** Over every selected file. */
  totalReceived: number;
  totalSize: number;
  state: 'skipped' | 'downloading' | 'verified';
}

export interface RepoFile {
  path: string;
  size: number;
  /** sha256 (LFS) or git blob sha1. */
  checksum: { algorithm: 'sha256' | 'git-sha1'; hex: string };
}

export class DownloadError extends Error {}

/** `*` matches within one path segment, `**` across segments, `?` one character. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') { re += '.*'; i++; if (glob[i + 1] === '/') i++; }
    else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The files a folder needs for one dtype: the JSON files, and the graphs with their external data. */
export function defaultInclude(dtype: ModelDtype): string[] {
  const sfx = DTYPE_SUFFIX[dtype];
  return [...REQUIRED_JSON, ...OPTIONAL_JSON, ...ONNX_PARTS.flatMap((p) => [`onnx/${p}${sfx}.onnx`, `onnx/${p}${sfx}.onnx_data*`])];
}

function headers(token?: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

export async function listRepoFiles(o: DownloadOptions): Promise<RepoFile[]> {
  const endpoint = (o.endpoint ?? 'https://huggingface.co').replace(/\/+$/, '');
  const rev = encodeURIComponent(o.revision ?? 'main');
  const url = `${endpoint}/api/models/${o.repo}/tree/${rev}?recursive=true`;
  const f = o.fetch ?? fetch;
  let res: Response;
  try {
    res = await f(url, { headers: headers(o.token ?? process.env.HF_TOKEN), signal: o.signal });
  } catch (e) {
    throw new DownloadError(`cannot reach ${endpoint} (${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}): check phonebuddy.model.downloadEndpoint / --endpoint`);
  }
  if (res.status === 401 || res.status === 403) throw new DownloadError(`${url} → HTTP ${res.status}: the repository needs a token (set HF_TOKEN)`);
  if (res.status === 404) throw new DownloadError(`${o.repo} at revision ${o.revision ?? 'main'} was not found on ${endpoint}`);
  if (!res.ok) throw new DownloadError(`${url} → HTTP ${res.status}`);
  const list = (await res.json()) as { type?: string; path?: string; size?: number; oid?: string; lfs?: { oid?: string; sha256?: string; size?: number } }[];
  if (!Array.isArray(list)) throw new DownloadError(`${url} did not return a file list`);
  return list.filter((e) => e.type === 'file' && typeof e.path === 'string').map((e) => {
    const lfs = e.lfs?.sha256 ?? e.lfs?.oid;
    return {
      path: e.path!,
      size: e.lfs?.size ?? e.size ?? 0,
      checksum: lfs ? { algorithm: 'sha256' as const, hex: lfs } : { algorithm: 'git-sha1' as const, hex: e.oid ?? '' },
    };
  });
}

async function checksumOf(file: string, algorithm: RepoFile['checksum']['algorithm'], size: number): Promise<string> {
  const h = crypto.createHash(algorithm === 'sha256' ? 'sha256' : 'sha1');
  if (algorithm === 'git-sha1') h.update(`blob ${size}\0`);
  for await (const chunk of fs.createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Downloads the selected files into `out`; returns the files written or already there. */
export async function downloadModel(o: DownloadOptions): Promise<{ files: RepoFile[]; downloadedBytes: number }> {
  const all = await listRepoFiles(o);
  const patterns = (o.include?.length ? o.include : defaultInclude(o.dtype ?? 'q4')).map(globToRegExp);
  const files = all.filter((f) => patterns.some((p) => p.test(f.path)));
  if (files.length === 0) throw new DownloadError(`no file of ${o.repo} matches ${(o.include ?? defaultInclude(o.dtype ?? 'q4')).join(', ')} (the repository has: ${all.slice(0, 12).map((f) => f.path).join(', ')}${all.length > 12 ? ', …' : ''})`);
  const endpoint = (o.endpoint ?? 'https://huggingface.co').replace(/\/+$/, '');
  const rev = encodeURIComponent(o.revision ?? 'main');
  const token = o.token ?? process.env.HF_TOKEN;
  const f = o.fetch ?? fetch;
  const totalSize = files.reduce((a, x) => a + x.size, 0);
  let done = 0;
  let downloadedBytes = 0;
  for (const file of files) {
    const dest = path.join(o.out, ...file.path.split('/'));
    if (!path.resolve(dest).startsWith(path.resolve(o.out) + path.sep)) throw new DownloadError(`refusing the repository path ${file.path}: it leaves the output folder`);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    const report = (received: number, state: DownloadProgress['state']): void => o.onProgress?.({ file: file.path, received, size: file.size, totalReceived: done + received, totalSize, state });
    if (fs.existsSync(dest) && fs.statSync(dest).size === file.size && (await checksumOf(dest, file.checksum.algorithm, file.size)) === file.checksum.hex) {
      report(file.size, 'skipped');
      done += file.size;
      continue;
    }
    const part = `${dest}.part`;
    const attempts = o.attempts ?? 4;
    for (let attempt = 1; ; attempt++) {
      const have = fs.existsSync(part) ? fs.statSync(part).size : 0;
      if (have > file.size) fs.rmSync(part);
      const start = have > file.size ? 0 : have;
      try {
        if (start < file.size || file.size === 0) {
          const url = `${endpoint}/${o.repo}/resolve/${rev}/${file.path.split('/').map(encodeURIComponent).join('/')}`;
          const res = await f(url, { headers: headers(token, start > 0 ? { range: `bytes=${start}-` } : {}), signal: o.signal });
          if (!res.ok || !res.body) throw new DownloadError(`${url} → HTTP ${res.status}`);
          // A server that ignores Range sends the whole file: start over.
          const append = start > 0 && res.status === 206;
          const stream = fs.createWriteStream(part, { flags: append ? 'a' : 'w' });
          let received = append ? start : 0;
          try {
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              if (!stream.write(chunk)) await new Promise<void>((r) => stream.once('drain', () => r()));
              received += chunk.byteLength;
              downloadedBytes += chunk.byteLength;
              report(received, 'downloading');
            }
          } finally {
            await new Promise<void>((resolve, reject) => stream.end((e?: Error | null) => (e ? reject(e) : resolve())));
          }
        }
        const size = fs.statSync(part).size;
        if (size !== file.size) throw new DownloadError(`${file.path}: got ${size} of ${file.size} bytes`);
        break;
      } catch (e) {
        if (o.signal?.aborted) throw e;
        if (attempt >= attempts) throw new DownloadError(`${file.path}: ${(e as Error).message} (after ${attempts} attempts; run the download again to resume)`);
      }
    }
    const got = await checksumOf(part, file.checksum.algorithm, file.size);
    if (got !== file.checksum.hex) {
      fs.rmSync(part);
      throw new DownloadError(`${file.path}: checksum mismatch (${file.checksum.algorithm} ${got}, the hub says ${file.checksum.hex}); the damaged download was removed — run it again`);
    }
    fs.renameSync(part, dest);
    report(file.size, 'verified');
    done += file.size;
  }
  return { files, downloadedBytes };
}
