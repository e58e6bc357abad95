// What loading and checking a mini-program's app file needs to know, without its screens: which
// apps host mini-programs, the keys they keep, and the names its tables take in the host's
// database. Task loading reads these; mounting the pages is mini-program.ts.
import { tablePrefixer } from './table-prefix';

/** The apps that host mini-programs (they have a `mini_programs` list and open `mp_<key>_home`). */
export const MINI_PROGRAM_HOSTS: readonly string[] = ['com.phonebuddy.chat'];

/** A host's own mini-programs: a declared one may not take their keys (the unavailable ones it may fill). */
export const BUILT_IN_MINI_PROGRAMS: Readonly<Record<string, readonly string[]>> = { 'com.phonebuddy.chat': ['travel'] };

export function miniPrefix(key: string): string {
  return `mp_${key}_`;
}

/** A mini-program's schema as it is created in its host's database: its names prefixed. */
export function mountedSchema(key: string, schema: string): string {
  return tablePrefixer(schema, miniPrefix(key))(schema);
}
