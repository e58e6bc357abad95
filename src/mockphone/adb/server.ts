// Serves one mock phone as an ADB device over TCP, so the real adb server (`adb connect
// 127.0.0.1:PORT`) and every ADB client can drive it. Several phones = several servers.
import net from 'node:net';
import type { MockPhoneApi } from '../mock-phone-api';
import { AdbDeviceConnection } from './connection';
import { DeviceFiles } from './device-files';
import { createRouter } from './services';
import { LATIN_IME, type ImeMode, type ShellEnv } from './shell/env';

export interface ServeAdbOptions {
  /** TCP port; 0 picks a free one. Avoid 5555–5585, which the adb server scans itself. */
  port?: number;
  host?: string; // default 127.0.0.1
  /** Whether ADBKeyboard is installed (default 'adbkeyboard'). */
  ime?: ImeMode;
  /** Banner features; leave out 'shell_v2' to look like an Android 6 phone (legacy shell). */
  features?: readonly string[];
  /** 'never' makes the phone ask for authorisation and never grant it (state "unauthorized"). */
  auth?: 'none' | 'never';
  onCommand?: ShellEnv['onCommand'];
  beforeCommand?: ShellEnv['beforeCommand'];
  onError?: (err: unknown) => void;
}

export interface AdbPhoneServer {
  readonly port: number;
  readonly host: string;
  /** `host:port`, the serial the adb server gives the phone after `adb connect`. */
  readonly serial: string;
  readonly files: DeviceFiles;
  connectionCount(): number;
  /** Stops listening and drops every connection (the phone "unplugs"). */
  close(): Promise<void>;
}

export async function serveMockPhoneOverAdb(phone: MockPhoneApi, options: ServeAdbOptions = {}): Promise<AdbPhoneServer> {
  const host = options.host ?? '127.0.0.1';
  const files = new DeviceFiles(phone);
  const env: ShellEnv = {
    phone, files, ime: options.ime ?? 'adbkeyboard', clipboard: { text: '' },
    stockIme: phone.getSetting('secure', 'default_input_method') ?? LATIN_IME,
    onCommand: options.onCommand, beforeCommand: options.beforeCommand,
  };
  const router = createRouter(env, files);
  const connections = new Set<AdbDeviceConnection>();
  const server = net.createServer((socket) => {
    const c = new AdbDeviceConnection(socket, { props: () => phone.props(), features: options.features, auth: options.auth, router, onError: options.onError });
    connections.add(c);
    socket.on('close', () => connections.delete(c));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => { server.off('error', reject); resolve(); });
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port, host, serial: `${host}:${port}`, files,
    connectionCount: () => connections.size,
    close: () => new Promise<void>((resolve) => {
      for (const c of connections) c.destroy();
      connections.clear();
      server.close(() => resolve());
    }),
  };
}
