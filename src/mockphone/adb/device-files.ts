// The few files a served mock phone has: app databases (backed by the mock phone itself, so
// `adb pull` sees current data and `adb push` replaces it), plus scratch files such as
// /sdcard/window_dump.xml written by shell commands. Shared by every connection to a phone.
import type { MockPhoneApi } from '../mock-phone-api';

export interface FileStat {
  /** Unix mode with type bits (0o100000 file, 0o040000 directory). */
  mode: number;
  size: number;
  mtimeSec: number;
}

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

const WRITABLE_ROOTS = ['/sdcard/', '/data/local/tmp/'];

export class FileError extends Error {
  constructor(readonly path: string, readonly reason: 'No such file or directory' | 'Permission denied' | 'Is a directory') {
    super(`${path}: ${reason}`);
  }
}

export class DeviceFiles {
  private readonly files = new Map<string, { data: Buffer; mtimeSec: number }>();

  constructor(private readonly phone: MockPhoneApi) {}

  static normalize(path: string): string {
    let p = path.replace(/\/+/g, '/');
    for (const alias of ['/storage/emulated/0', '/storage/self/primary', '/mnt/sdcard']) {
      if (p === alias || p.startsWith(alias + '/')) p = '/sdcard' + p.slice(alias.length);
    }
    if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    return p;
  }

  private databasePackage(path: string): string | undefined {
    return this.phone.databasePaths()[path];
  }

  read(path: string): Buffer {
    const p = DeviceFiles.normalize(path);
    const pkg = this.databasePackage(p);
    if (pkg) return Buffer.from(this.phone.databaseBytes(pkg));
    const f = this.files.get(p);
    if (f) return f.data;
    if (this.isDirectory(p)) throw new FileError(p, 'Is a directory');
    throw new FileError(p, 'No such file or directory');
  }

  write(path: string, data: Buffer, append = false): void {
    const p = DeviceFiles.normalize(path);
    const pkg = this.databasePackage(p);
    if (pkg) {
      this.phone.replaceDatabase(pkg, new Uint8Array(append ? Buffer.concat([this.read(p), data]) : data));
      return;
    }
    if (p === '/dev/null') return;
    if (!WRITABLE_ROOTS.some((r) => p.startsWith(r))) throw new FileError(p, 'Permission denied');
    if (this.isDirectory(p)) throw new FileError(p, 'Is a directory');
    const old = append ? this.files.get(p)?.data : undefined;
    this.files.set(p, { data: old ? Buffer.concat([old, data]) : Buffer.from(data), mtimeSec: Math.floor(this.phone.now() / 1000) });
  }

  remove(path: string): void {
    const p = DeviceFiles.normalize(path);
    if (!this.files.delete(p)) throw new FileError(p, this.isDirectory(p) ? 'Is a directory' : 'No such file or directory');
  }

  stat(path: string): FileStat | undefined {
    const p = DeviceFiles.normalize(path);
    const now = Math.floor(this.phone.now() / 1000);
    const pkg = this.databasePackage(p);
    if (pkg) return { mode: S_IFREG | 0o660, size: this.phone.databaseBytes(pkg).length, mtimeSec: now };
    const f = this.files.get(p);
    if (f) return { mode: S_IFREG | 0o644, size: f.data.length, mtimeSec: f.mtimeSec };
    if (this.isDirectory(p)) return { mode: S_IFDIR | 0o771, size: 4096, mtimeSec: now };
    return undefined;
  }

  /** Names directly inside a directory, or undefined if it is not one. */
  list(path: string): string[] | undefined {
    const p = DeviceFiles.normalize(path);
    if (!this.isDirectory(p)) return undefined;
    const prefix = p === '/' ? '/' : p + '/';
    const names = new Set<string>();
    for (const full of this.allPaths()) {
      if (full.startsWith(prefix)) names.add(full.slice(prefix.length).split('/')[0]);
    }
    return [...names].sort();
  }

  private allPaths(): string[] {
    return [...Object.keys(this.phone.databasePaths()), ...this.files.keys(), '/sdcard/Download/', '/data/local/tmp/', '/system/bin/sh'];
  }

  private isDirectory(p: string): boolean {
    if (p === '/') return true;
    const prefix = p + '/';
    return this.allPaths().some((f) => f.startsWith(prefix));
  }
}
