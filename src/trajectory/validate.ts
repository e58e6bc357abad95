// Checks what is read back from an episode folder before anything trusts it. Lenient about
// extra fields (a newer writer may add some), strict about the ones readers use, and strict
// about file names: a step may only name a file directly inside its own folder.
import { EPISODE_SOURCES, FORMAT_NAME, type Manifest, type StepEntry } from './format';

const SAFE_FILE = /^\d{4,}\.(jpg|png|xml)$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function need(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}

function optStr(o: Obj, k: string): void {
  need(o[k] === undefined || typeof o[k] === 'string', `${k} must be a string`);
}

function fileRef(v: unknown, k: string): void {
  if (v === undefined) return;
  need(isObj(v), `${k} must be an object`);
  const f = v as Obj;
  need(typeof f.file === 'string' && SAFE_FILE.test(f.file), `${k}.file must be a step file name like 0001.jpg, got ${JSON.stringify(f.file)}`);
  need(typeof f.bytes === 'number' && Number.isInteger(f.bytes) && f.bytes >= 0, `${k}.bytes must be a byte count`);
}

export function checkManifest(v: unknown): Manifest {
  need(isObj(v), 'manifest must be a JSON object');
  const m = v as Obj;
  need(m.format === FORMAT_NAME, `manifest.format must be "${FORMAT_NAME}"`);
  need(typeof m.version === 'number', 'manifest.version must be a number');
  need(typeof m.episodeId === 'string' && m.episodeId.length > 0, 'manifest.episodeId must be a string');
  need(typeof m.goal === 'string', 'manifest.goal must be a string');
  need(typeof m.policy === 'string', 'manifest.policy must be a string');
  need(typeof m.startedAt === 'string', 'manifest.startedAt must be a string');
  need(typeof m.source === 'string' && (EPISODE_SOURCES as readonly string[]).includes(m.source), `manifest.source must be one of ${EPISODE_SOURCES.join(', ')}`);
  need(['recording', 'complete', 'interrupted', 'stopped'].includes(m.status as string), 'manifest.status is not a known status');
  need(isObj(m.device) && isObj((m.device as Obj).screen), 'manifest.device.screen is missing');
  const screen = (m.device as Obj).screen as Obj;
  need(typeof screen.width === 'number' && typeof screen.height === 'number' && screen.width > 0 && screen.height > 0, 'manifest.device.screen needs a width and height');
  need(m.task === undefined || (isObj(m.task) && typeof (m.task as Obj).taskId === 'string' && typeof (m.task as Obj).instanceId === 'string'), 'manifest.task needs taskId and instanceId');
  need(m.outcome === undefined || (isObj(m.outcome) && typeof (m.outcome as Obj).success === 'boolean'), 'manifest.outcome.success must be a boolean');
  need(m.parent === undefined || (isObj(m.parent) && typeof (m.parent as Obj).episodeId === 'string' && typeof (m.parent as Obj).step === 'number'), 'manifest.parent needs episodeId and step');
  if (typeof m.steps !== 'number') m.steps = 0;
  return m as unknown as Manifest;
}

export function checkStepEntry(v: unknown): StepEntry {
  need(isObj(v), 'a step must be a JSON object');
  const s = v as Obj;
  need(typeof s.index === 'number' && Number.isInteger(s.index) && s.index > 0, 'index must be a positive integer');
  need(typeof s.time === 'string', 'time must be a string');
  need(typeof s.instruction === 'string', 'instruction must be a string');
  need(typeof s.thought === 'string', 'thought must be a string');
  need(typeof s.source === 'string', 'source must be a string');
  need(s.status === 'ok' || s.status === 'failed' || s.status === 'skipped', 'status must be ok, failed or skipped');
  need(isObj(s.timings), 'timings must be an object');
  optStr(s, 'raw');
  optStr(s, 'error');
  optStr(s, 'note');
  need(s.call === undefined || (isObj(s.call) && typeof (s.call as Obj).name === 'string' && isObj((s.call as Obj).args)), 'call needs a name and args');
  need(s.action === undefined || (isObj(s.action) && typeof (s.action as Obj).type === 'string'), 'action needs a type');
  fileRef(s.screenshot, 'screenshot');
  fileRef(s.uiTree, 'uiTree');
  if (s.screenshot !== undefined) {
    const sc = s.screenshot as Obj;
    need(typeof sc.width === 'number' && typeof sc.height === 'number', 'screenshot needs width and height');
  }
  return s as unknown as StepEntry;
}
