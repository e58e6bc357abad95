import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ToolbarRegistry } from './extension-points';

test('toolbar items scoped to a device show only on that device\'s panels; a view varies an item per device or hides it', () => {
  const toolbar = new ToolbarRegistry();
  let changes = 0;
  toolbar.onDidChange(() => changes++);
  const recording = new Set<string>();
  toolbar.register({ id: 'everywhere', label: 'All', group: 'g', enabled: true, run: () => {} });
  const scoped = toolbar.register({ id: 'only-a', label: 'A', icon: 'debug-continue', group: 'debug', enabled: true, deviceId: 'mock:a', run: () => {} });
  toolbar.register({
    id: 'rec', label: 'Record', icon: 'record', group: 'record', enabled: true, run: () => {},
    view: (id) => (id === undefined ? undefined : recording.has(id) ? { checked: true, badge: '2 steps' } : {}),
  });
  const ids = (d?: string) => toolbar.list(d).map((i) => i.id);
  assert.deepEqual(ids('mock:a'), ['everywhere', 'only-a', 'rec']);
  assert.deepEqual(ids('mock:b'), ['everywhere', 'rec']);
  assert.deepEqual(ids(undefined), ['everywhere'], 'no device: neither the scoped item nor the record toggle');
  assert.equal(toolbar.get('only-a', 'mock:b'), undefined, 'a click from B\'s panel finds nothing');
  recording.add('mock:b');
  toolbar.refresh();
  assert.deepEqual(toolbar.list('mock:b').find((i) => i.id === 'rec'), { id: 'rec', label: 'Record', icon: 'record', group: 'record', enabled: true, checked: true, badge: '2 steps' });
  assert.equal(toolbar.list('mock:a').find((i) => i.id === 'rec')?.checked, undefined);
  scoped.dispose();
  assert.deepEqual(ids('mock:a'), ['everywhere', 'rec']);
  assert.ok(changes >= 5);
  assert.throws(() => toolbar.register({ id: 'rec', label: 'x', group: 'g', enabled: true, run: () => {} }), /already registered/);
});
