import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { findNodes, parseUiTree } from '../device/ui-tree';
import { inspectAt, panelNodes, selectorFor, selectorYaml } from './inspector';

const XML = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.launcher" content-desc="" bounds="[0,0][1080,2400]">
  <node index="0" text="Messages" resource-id="com.android.launcher:id/icon" class="android.widget.TextView" package="com.android.launcher" content-desc="" clickable="true" bounds="[40,200][300,460]"/>
  <node index="1" text="Notes" resource-id="com.android.launcher:id/icon" class="android.widget.TextView" package="com.android.launcher" content-desc="" clickable="true" bounds="[300,200][560,460]"/>
  <node index="2" text="" resource-id="com.android.launcher:id/search" class="android.widget.EditText" package="com.android.launcher" content-desc="Search apps" bounds="[40,2200][1040,2320]"/>
  <node index="3" text="" resource-id="" class="android.view.View" package="com.android.launcher" content-desc="" bounds="[0,600][1080,700]"/>
  <node index="4" text="" resource-id="" class="android.view.View" package="com.android.launcher" content-desc="" bounds="[0,700][1080,800]"/>
</node></hierarchy>`;

test('the deepest node under the point is inspected', () => {
  const tree = parseUiTree(XML);
  assert.equal(inspectAt(tree, 100, 300)?.text, 'Messages');
  assert.equal(inspectAt(tree, 5, 5)?.className, 'android.widget.FrameLayout');
});

test('selectors prefer a unique resource-id, then fall back so that they find exactly the node', () => {
  const tree = parseUiTree(XML);
  const search = inspectAt(tree, 500, 2250)!;
  assert.deepEqual(selectorFor(tree, search), { resourceId: 'com.android.launcher:id/search' });
  // Two icons share a resource-id: the text tells them apart.
  const notes = inspectAt(tree, 400, 300)!;
  assert.deepEqual(selectorFor(tree, notes), { text: 'Notes' });
  // Nothing distinguishing: class + instance.
  const second = inspectAt(tree, 10, 750)!;
  const s = selectorFor(tree, second);
  assert.deepEqual(s, { className: 'android.view.View', instance: 1 });
  assert.deepEqual(findNodes(tree, s), [second]);
});

test('the copied YAML is a task-file selector that parses back', () => {
  const yaml = selectorYaml({ resourceId: 'com.android.launcher:id/search' });
  assert.equal(yaml, '{ resource-id: com.android.launcher:id/search }');
  assert.deepEqual(parse(selectorYaml({ text: 'Say "hi": now' })), { text: 'Say "hi": now' });
  assert.deepEqual(parse(selectorYaml({ className: 'android.view.View', instance: 1 })), { class: 'android.view.View', instance: 1 });
});

test('panel nodes carry bounds, depth and the shown attributes only', () => {
  const nodes = panelNodes(parseUiTree(XML));
  assert.equal(nodes.length, 6);
  assert.deepEqual(nodes[1].bounds, [40, 200, 300, 460]);
  assert.equal(nodes[1].depth, 1);
  assert.equal(nodes[1].attrs.text, 'Messages');
  assert.equal(nodes[1].attrs.index, undefined);
});
