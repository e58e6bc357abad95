// The CNXN banner a device announces: `device::<props>;features=<list>` (adbd's
// get_connection_string). The adb server shows product/model/device in `adb devices -l`
// and uses the features to pick protocols (shell_v2 → framed shell, cmd → `cmd package`).

export const DEVICE_FEATURES = ['shell_v2', 'cmd'] as const;

export function deviceBanner(props: Record<string, string>, features: readonly string[] = DEVICE_FEATURES): string {
  const keys = ['ro.product.name', 'ro.product.model', 'ro.product.device'];
  const parts = keys.map((k) => `${k}=${sanitize(props[k] ?? 'phonebuddy')}`);
  return `device::${parts.join(';')};features=${features.join(',')}`;
}

/** Parses a host banner such as `host::features=shell_v2,cmd,stat_v2`. */
export function parseBanner(banner: string): { kind: string; features: string[] } {
  const [kind = '', , rest = ''] = banner.split(':');
  const features = /features=([^;]*)/.exec(rest)?.[1]?.split(',').filter(Boolean) ?? [];
  return { kind, features };
}

// Separators inside a value would corrupt the banner.
const sanitize = (v: string): string => v.replace(/[;:=\0]/g, '_');
