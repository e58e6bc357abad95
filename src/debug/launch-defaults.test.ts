// The launch defaults the extension's configuration provider applies (F5 with no launch.json,
// `${file}`, `policy: "local"` from the settings, `record: true`, the workspace's trust).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { checkLaunch } from './launch';
import { resolveLaunchDefaults } from './launch-defaults';

const TASK = '/ws/single-app/notes-create.task.yaml';

test('F5 on a task file with no launch.json: a complete launch of that file', () => {
  const cfg = resolveLaunchDefaults({}, { activeFile: TASK, folder: '/ws', trusted: true });
  assert.deepEqual(cfg, { type: 'phonebuddy', request: 'launch', name: 'Debug notes-create.task.yaml', task: TASK, cwd: '/ws', trusted: true });
  assert.equal(checkLaunch(cfg as Record<string, unknown>).task, TASK);
});

test('F5 elsewhere, or `${file}` on a file that is not a task: a clear error, no launch', () => {
  assert.match(String(resolveLaunchDefaults({}, { activeFile: '/ws/README.md', trusted: true })), /Open a \.task\.yaml file to debug it/);
  assert.match(String(resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: '${file}' }, { trusted: true })), /"task" is not set and the active editor is not a \.task\.yaml file/);
  assert.match(String(resolveLaunchDefaults({ type: 'phonebuddy', request: 'attach', name: 'x', task: TASK }, { trusted: true })), /only launches/);
});

test('policy "local" takes the model folder and settings; without a model it says what to set', () => {
  const localModel = { spec: 'local:/models/pb', options: { dtype: 'q4', maxPixels: 200704 } };
  const cfg = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, policy: 'local' }, { trusted: true, localModel }) as Record<string, unknown>;
  assert.equal(cfg.policy, 'local:/models/pb');
  assert.deepEqual(cfg.modelOptions, localModel.options);
  const same = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, policy: 'local:../models/pb', cwd: '/ws' }, { trusted: true, localModel }) as Record<string, unknown>;
  assert.deepEqual(same.modelOptions, localModel.options, 'the settings\' folder named by path brings its settings');
  const other = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, policy: 'local:/elsewhere' }, { trusted: true, localModel }) as Record<string, unknown>;
  assert.equal(other.modelOptions, undefined);
  assert.match(String(resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, policy: 'local' }, { trusted: true })), /set phonebuddy\.model\.path/);
  assert.throws(() => checkLaunch({ task: TASK, policy: 'local' }), /local needs the model folder/);
  assert.equal(checkLaunch({ task: TASK, policy: 'local:m', cwd: '/ws' }).policy, 'local:/ws/m');
});

test('record: true goes to the recording setting; an untrusted workspace cannot be overridden by launch.json', () => {
  const cfg = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, record: true, trusted: true }, { trusted: false, recordingDir: '/ws/runs/t' }) as Record<string, unknown>;
  assert.equal(cfg.record, '/ws/runs/t');
  assert.equal(cfg.trusted, false);
  const off = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, trusted: false }, { trusted: true }) as Record<string, unknown>;
  assert.equal(off.trusted, false, 'a launch may opt out of shell steps in a trusted workspace');
});

test('apps: the task\'s workspace apps folder unless launch.json names one; a relative one is taken from cwd', () => {
  const cfg = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK }, { trusted: true, appsDir: '/ws/apps' }) as Record<string, unknown>;
  assert.equal(cfg.apps, '/ws/apps');
  const own = resolveLaunchDefaults({ type: 'phonebuddy', request: 'launch', name: 'x', task: TASK, apps: 'my-apps', cwd: '/ws' }, { trusted: true, appsDir: '/ws/apps' }) as Record<string, unknown>;
  assert.equal(checkLaunch(own).apps, '/ws/my-apps');
  // A multi-root workspace's folders, joined like PATH: each resolved from cwd (path.resolve of the whole would not).
  const both = checkLaunch({ task: TASK, apps: ['my-apps', '/other/apps'].join(path.delimiter), cwd: '/ws' });
  assert.equal(both.apps, ['/ws/my-apps', '/other/apps'].join(path.delimiter));
  assert.throws(() => checkLaunch({ task: TASK, apps: true }), /'apps' must be a string/);
});
