// A declared app's info (package, label, icon, schema, strings): what tasks may know of it,
// read from its spec without building its screens (the task layer loads no screen code).
import type { AppInfo } from '../app';
import type { AppSpec } from './spec';

/** The icon of an app file that names none. */
export const DEFAULT_APP_ICON = 'apps';
export const DEFAULT_ACCENT = '#5F6368';

export function infoOfSpec(spec: AppSpec): AppInfo {
  return {
    package: spec.package,
    label: spec.label,
    icon: { glyph: (spec.icon ?? DEFAULT_APP_ICON) as AppInfo['icon']['glyph'], bg: spec.accent ?? DEFAULT_ACCENT },
    ...(spec.database ? { database: { file: spec.database.file ?? 'app.db', schema: spec.database.schema } } : {}),
    ...(spec.strings ? { strings: spec.strings } : {}),
  };
}
