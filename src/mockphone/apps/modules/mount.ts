// Mounts: a set of screens an app holds under a name prefix, with its own tables — the way
// Chat holds the Travel mini-program (travel/screens.ts's TravelMount: screens `mp_travel_*`,
// TRAVEL_SCHEMA's tables in chat.db). Expanding one renames its screens `<prefix><name>`,
// points its navigate actions (and tabs) at its own screens first, and adds its schema to
// the app's; the host opens it with `navigate: <prefix><screen>`.
import type { AppSpec, ScreenSpec } from './spec';

/** The app with its mounts expanded into screens and schema, and no `mounts` left (so expanding twice changes nothing). */
export function expandMounts(spec: AppSpec): AppSpec {
  if (!spec.mounts || Object.keys(spec.mounts).length === 0) return spec;
  const screens: Record<string, ScreenSpec> = { ...spec.screens };
  const schemas: string[] = [];
  for (const [prefix, m] of Object.entries(spec.mounts)) {
    const own = new Set(Object.keys(m.screens));
    const rename = (name: string) => (own.has(name) ? `${prefix}${name}` : name);
    for (const [name, s] of Object.entries(m.screens)) screens[`${prefix}${name}`] = retarget(s, rename);
    if (m.schema) schemas.push(m.schema);
  }
  const schema = [spec.database?.schema ?? '', ...schemas].filter((x) => x.trim() !== '').join('\n');
  const { mounts: _expanded, ...rest } = spec;
  return {
    ...rest,
    screens,
    ...(schemas.length > 0 ? { database: { ...spec.database, schema } } : {}),
  };
}

/** A copy of a screen whose navigate targets (and tab screens) are renamed. */
function retarget<T>(value: T, rename: (name: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => retarget(v, rename)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = (k === 'navigate' || k === 'screen') && typeof v === 'string' ? rename(v) : retarget(v, rename);
  return out as T;
}

