// Reset, snapshot and restore: building a fresh phone state and seeded databases, saving it
// all as JSON plus database bytes, and loading that back. After either, the clock and PRNG
// objects are rebuilt over the new state and the timer kinds registered again.
import type { SqlJsStatic } from 'sql.js';
import { DeviceError } from '../../device/errors';
import { translate, type AppManifest } from '../apps/app';
import { LAUNCHER_PACKAGE } from '../apps/registry';
import { emptyInterference } from '../interference/engine';
import type { MockPhoneOptions } from '../mock-phone-api';
import { VirtualClock } from '../runtime/clock';
import { AppDatabase } from '../runtime/database';
import { SeededRandom } from '../runtime/random';
import { SETTINGS_DB_FILE, SETTINGS_PACKAGE } from '../system/settings-store';
import type { AppContexts } from './app-context';
import type { AppData } from './app-data';
import { newScreen, type Navigator } from './navigation';
import type { PhoneCore } from './phone-core';
import { DEFAULT_START_TIME, type MockPhoneSnapshot } from './phone-state';

/**
 * Seeded database bytes by `package|seed|locale|startTime` (insertion-ordered, capped), with
 * the state id every database opened from them starts with: a database that still has that
 * id was never written since, so a reset to the same seed keeps it open instead of
 * reopening the same bytes (a check resets the phone dozens of times per task).
 */
const SEEDED_DBS = new Map<string, { bytes: Uint8Array; stateId: string }>();

/**
 * A number per manifest object in the seeded-bytes key: two catalogues (two workspaces) may
 * each hold an app of the same package with other tables, and must not share its bytes.
 */
const MANIFEST_IDS = new WeakMap<object, number>();
let nextManifestId = 1;
function manifestId(app: object): number {
  let id = MANIFEST_IDS.get(app);
  if (id === undefined) MANIFEST_IDS.set(app, (id = nextManifestId++));
  return id;
}

export class PhoneLifecycle {
  /** The locale the next reset seeds content in (options.locale until setLocale changes it). */
  locale: 'en-US' | 'zh-CN';

  constructor(
    private readonly core: PhoneCore,
    private readonly nav: Navigator,
    private readonly contexts: AppContexts,
    private readonly data: AppData,
    private readonly sql: SqlJsStatic,
    private readonly options: MockPhoneOptions,
  ) {
    this.locale = options.locale ?? 'en-US';
  }

  reset(seed: number): void {
    const { core } = this;
    const { locale } = this;
    const now = this.options.startTime ?? DEFAULT_START_TIME;
    core.state = {
      seed, locale, rng: new SeededRandom(seed).fork('phone').state,
      clock: { now, nextTimerId: 1, timers: [] },
      foreground: LAUNCHER_PACKAGE,
      tasks: { [LAUNCHER_PACKAGE]: [newScreen(core.apps.get(LAUNCHER_PACKAGE)!.home)] },
      recents: [], keyboard: { shift: false, symbols: false }, clipboard: '',
      toast: null, banner: null, textMenu: null, systemDialog: null, recentsOpen: false, interference: emptyInterference(),
    };
    this.attachRuntime();
    const previous = new Map(core.dbs);
    core.dbs.clear();
    // Seeding is a pure function of (package, seed, locale, start time), so seeded databases
    // are cached per process: a reset then only reopens bytes, or keeps an untouched database.
    const seeded = (pkg: string, owner: number, file: string, build: (db: AppDatabase) => void): AppDatabase => {
      const key = `${pkg}#${owner}|${seed}|${locale}|${now}`;
      // The cache keeps its own copy: snapshots share a database's bytes and may be transferred.
      const cached = SEEDED_DBS.get(key);
      if (cached) {
        const kept = previous.get(pkg);
        if (kept && kept.stateId === cached.stateId) {
          previous.delete(pkg);
          return kept;
        }
        return AppDatabase.unopened(this.sql, pkg, file, cached.bytes.slice(), cached.stateId);
      }
      const db = new AppDatabase(this.sql, pkg, file);
      build(db);
      if (SEEDED_DBS.size >= 256) SEEDED_DBS.delete(SEEDED_DBS.keys().next().value!);
      SEEDED_DBS.set(key, { bytes: db.bytes().slice(), stateId: db.stateId });
      return db;
    };
    core.dbs.set(SETTINGS_PACKAGE, seeded(SETTINGS_PACKAGE, 0, SETTINGS_DB_FILE, (db) => { core.dbs.set(SETTINGS_PACKAGE, db); core.settings.seed(); }));
    core.appErrors.clear();
    for (const app of core.apps.values()) this.openDatabase(app, (file, build) => seeded(app.package, manifestId(app), file, build));
    for (const db of previous.values()) db.close();
    core.bump();
  }

  /** An app's seeded database, through `open` (the reset's cache); a schema or seed that fails leaves it empty with the reason. */
  private openDatabase(app: AppManifest, open: (file: string, build: (db: AppDatabase) => void) => AppDatabase): void {
    const { core } = this;
    const spec = app.database;
    if (!spec) return;
    const { seed, locale } = core.state;
    const now = this.options.startTime ?? DEFAULT_START_TIME;
    try {
      core.dbs.set(app.package, open(spec.file, (db) => {
        db.script(spec.schema);
        spec.seed?.(db, {
          seed, rng: new SeededRandom(seed).fork(app.package), locale, now,
          t: (key, params) => translate(app.strings, locale, key, params),
        });
      }));
      core.appErrors.delete(app.package);
    } catch (e) {
      // A workspace app whose schema or seed fails must not take the phone down: it gets an
      // empty database and its screens say why; the other apps run as usual.
      core.appErrors.set(app.package, `its database could not be set up: ${e instanceof Error ? e.message : String(e)}`);
      core.dbs.set(app.package, new AppDatabase(this.sql, app.package, spec.file));
    }
  }

  /**
   * A new catalogue on a running phone (an app file was saved). Apps that are the same object
   * are untouched; a changed app keeps its database when its schema and file are unchanged
   * (the rows a session wrote survive), else it is seeded anew; each back stack keeps the
   * screens that still exist (the current screen stays when it does). Removed apps go, with
   * their data; a phone showing one goes home. The caller checked the catalogue.
   */
  replaceApps(apps: readonly AppManifest[]): void {
    const { core } = this;
    const before = new Map(core.apps);
    core.apps.clear();
    for (const a of apps) core.apps.set(a.package, a);
    for (const pkg of before.keys()) {
      if (core.apps.has(pkg)) continue;
      core.dbs.get(pkg)?.close();
      core.dbs.delete(pkg);
      core.appErrors.delete(pkg);
      delete core.state.tasks[pkg];
    }
    core.state.recents = core.state.recents.filter((p) => core.apps.has(p));
    if (!core.apps.has(core.state.foreground)) core.state.foreground = LAUNCHER_PACKAGE;
    for (const app of core.apps.values()) {
      const old = before.get(app.package);
      if (old === app) continue;
      if (!old || old.database?.schema !== app.database?.schema || old.database?.file !== app.database?.file) {
        core.dbs.get(app.package)?.close();
        core.dbs.delete(app.package);
        this.openDatabase(app, (file, build) => {
          const db = new AppDatabase(this.sql, app.package, file);
          build(db);
          return db;
        });
      }
      const stack = core.state.tasks[app.package];
      if (stack) {
        const kept = stack.filter((s) => app.screens[s.name] !== undefined);
        if (kept.length > 0) core.state.tasks[app.package] = kept;
        else if (core.state.foreground === app.package) core.state.tasks[app.package] = [newScreen(app.home)];
        else delete core.state.tasks[app.package];
      }
    }
    core.state.rng = core.rng.state;
    this.attachRuntime();
    core.bump();
  }

  /** Re-creates the clock and PRNG objects over the current state and registers timer kinds. */
  private attachRuntime(): void {
    const { core } = this;
    core.clock = new VirtualClock(core.state.clock, (e) => core.showToast(`App error: ${e instanceof Error ? e.message : String(e)}`));
    core.rng = new SeededRandom(core.state.rng);
    core.clock.on('system.toast.hide', () => { core.state.toast = null; });
    core.clock.on('system.banner.hide', () => { core.state.banner = null; });
    for (const [kind, handler] of Object.entries(core.interferenceEngine.timerHandlers(() => ({ state: core.interferenceState, host: core.interferenceHost() })))) core.clock.on(kind, handler);
    for (const app of core.apps.values()) {
      for (const [kind, handler] of Object.entries(app.timers ?? {})) {
        core.clock.on(`app:${app.package}:${kind}`, (payload) => handler(this.contexts.context(app, this.nav.topScreen(app.package)), payload));
      }
    }
    core.anchorWallClock();
  }

  snapshot(): MockPhoneSnapshot {
    const { core } = this;
    core.state.rng = core.rng.state;
    const databases: MockPhoneSnapshot['databases'] = {};
    for (const [pkg, db] of core.dbs) databases[pkg] = { bytes: db.bytes(), stateId: db.stateId };
    return { state: structuredClone(core.state), databases };
  }

  restore(snapshot: unknown): void {
    const { core } = this;
    const snap = snapshot as MockPhoneSnapshot;
    if (!snap || typeof snap !== 'object' || !snap.state || !snap.databases || typeof snap.state.foreground !== 'string') {
      throw new DeviceError('invalid-argument', 'snapshot must be a value returned by snapshot() of a mock phone', core.id);
    }
    for (const [pkg, d] of Object.entries(snap.databases)) {
      if (!d || !(d.bytes instanceof Uint8Array)) throw new DeviceError('invalid-argument', `snapshot.databases['${pkg}'].bytes must be a Uint8Array (the snapshot was not produced by snapshot(), or lost its binary data in serialisation)`, core.id);
    }
    core.state = structuredClone(snap.state);
    this.locale = core.state.locale;
    this.attachRuntime();
    for (const [pkg, { bytes, stateId }] of Object.entries(snap.databases)) {
      const db = core.dbs.get(pkg);
      if (db) db.load(bytes, stateId);
      else core.dbs.set(pkg, new AppDatabase(this.sql, pkg, this.data.databaseFile(pkg), bytes));
    }
    core.bump();
  }
}
