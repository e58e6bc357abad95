import { test } from 'node:test';
import assert from 'node:assert/strict';
import { centerOf, findNodes, nodeAt, parseBounds, parseUiTree } from './ui-tree';
import { SAMPLE_XML } from '../task/testing/sample-ui';



test('parses uiautomator XML with attributes, entities and bounds', () => {
  const tree = parseUiTree(SAMPLE_XML);
  assert.equal(tree.nodes.length, 5);
  assert.equal(tree.roots.length, 1);
  assert.equal(tree.roots[0].children.length, 4);
  const sw = tree.nodes[2];
  assert.equal(sw.className, 'android.widget.Switch');
  assert.equal(sw.checked, true);
  assert.deepEqual(sw.bounds, { x1: 900, y1: 300, x2: 1040, y2: 380 });
  assert.equal(tree.nodes[3].text, 'Pay ¥120 & go');
  assert.deepEqual(centerOf(sw.bounds), { x: 970, y: 340 });
});

test('bounds parsing tolerates junk', () => {
  assert.deepEqual(parseBounds('[1,2][3,4]'), { x1: 1, y1: 2, x2: 3, y2: 4 });
  assert.deepEqual(parseBounds('garbage'), { x1: 0, y1: 0, x2: 0, y2: 0 });
});

test('selectors: text, text-contains, resource-id (full or short), content-desc, class, instance', () => {
  assert.equal(findNodes(SAMPLE_XML, { text: 'Wi-Fi' }).length, 2);
  assert.equal(findNodes(SAMPLE_XML, { text: 'Wi-Fi', instance: 1 })[0].bounds.y1, 500);
  assert.equal(findNodes(SAMPLE_XML, { text: 'Wi-Fi', instance: 5 }).length, 0);
  assert.equal(findNodes(SAMPLE_XML, { textContains: 'Pay' }).length, 1);
  assert.equal(findNodes(SAMPLE_XML, { resourceId: 'com.phonebuddy.settings:id/wifi_switch' }).length, 1);
  assert.equal(findNodes(SAMPLE_XML, { resourceId: 'wifi_switch' }).length, 1);
  assert.equal(findNodes(SAMPLE_XML, { contentDesc: 'Wi-Fi' }).length, 1);
  assert.equal(findNodes(SAMPLE_XML, { className: 'Switch' }).length, 1);
  assert.equal(findNodes(SAMPLE_XML, { className: 'android.widget.TextView', text: 'Wi-Fi' }).length, 2);
  assert.equal(findNodes(SAMPLE_XML, {}).length, 0);
});

test('nodeAt finds the topmost node under a point', () => {
  const tree = parseUiTree(SAMPLE_XML);
  assert.equal(nodeAt(tree, 950, 320)?.resourceId, 'com.phonebuddy.settings:id/wifi_switch');
  assert.equal(nodeAt(tree, 10, 10)?.className, 'android.widget.FrameLayout');
});

test('malformed XML gives a clear error', () => {
  assert.throws(() => parseUiTree(''), /empty XML/);
  assert.throws(() => parseUiTree('<foo/>'), /no <hierarchy>/);
});
