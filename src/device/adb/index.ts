// ADB devices: AdbDevice (the Device seam over the adb server), discovery, connect.
export { AdbDevice, ADB_KEYBOARD_IME, parseForegroundApp, type AdbDeviceOptions } from './adb-device';
export { adbClient, connectTcpDevice, disconnectTcpDevice, listAdbDevices, parseHostPort, type AdbState, type TrackedDevice } from './adb-client';
export { AdbDeviceTracker } from './tracker';
export { DEFAULT_ADB_SERVER, startAdbServer, type AdbServerAddress } from './server-socket';
export type { ScreenshotSource } from './screenshot';
