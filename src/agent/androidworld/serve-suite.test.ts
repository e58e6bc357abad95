// The example task suite on a real mock phone behind the AndroidWorld API, driven the way the
// reference runner drives it: reinitialise, initialise, goal, actions by app label, score.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createMockPhone } from '../../mockphone';
import { serveSuiteOverAndroidWorld } from './serve-suite';
import { mockAppCatalog, mockAppManifests } from '../../studio/app-catalog';
import { AndroidWorldClient } from '../../device/androidworld/client';

test('serve-device --androidworld-port: suite, label → package, score from our verifier', async () => {
  const phone = await createMockPhone({ seed: 0 });
  const server = await serveSuiteOverAndroidWorld({ phone, port: 0, catalog: await mockAppCatalog(), apps: mockAppManifests(), taskPaths: [path.join(__dirname, '..', 'testing', 'notes-write.task.yaml')] });
  try {
    const c = new AndroidWorldClient(server.url);
    assert.deepEqual(await c.taskList(), ['test.notes-write']);
    await c.reinitialize(1, 30);
    await c.initializeTask('test.notes-write', 0);
    const goal = await c.taskGoal('test.notes-write', 0);
    const body = /says "(.*)"\./.exec(goal)?.[1];
    assert.ok(body, goal);
    assert.equal(await c.taskScore('test.notes-write', 0), 0);
    await c.executeAction({ action_type: 'open_app', app_name: 'Notes' });
    assert.equal(await phone.foregroundApp(), 'com.phonebuddy.notes');
    // The note is written straight into the app's database: scoring reads our SQL verifier.
    phone.execSql('com.phonebuddy.notes', 'INSERT INTO notes (title, body, created_at, updated_at) VALUES (?, ?, ?, ?)', ['t', body, phone.now(), phone.now()]);
    assert.equal(await c.taskScore('test.notes-write', 0), 1);
  } finally {
    await server.close();
    await phone.close();
  }
});
