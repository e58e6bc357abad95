import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHostMessage, parsePanelMessage, toHost, toPanel, type PanelMessageOf } from './device-panel';

test('a well-formed tap parses and keeps its typed fields', () => {
  const r = parsePanelMessage({ type: 'tap', x: 540.5, y: 1200, inputSeq: 3 });
  assert.ok(r.ok);
  const tap = r.message as PanelMessageOf<'tap'>;
  assert.deepEqual(tap, { type: 'tap', x: 540.5, y: 1200, inputSeq: 3 });
});

test('non-finite, non-number and absurd coordinates are rejected with the field named', () => {
  for (const [x, why] of [[Number.NaN, 'finite'], ['12', 'finite'], [1e9, 'maximum'], [null, 'finite']] as const) {
    const r = parsePanelMessage({ type: 'tap', x, y: 10, inputSeq: 0 });
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.error : '', /tap\.x/);
    assert.match(!r.ok ? r.error : '', new RegExp(why));
  }
});

test('nested points are checked', () => {
  const r = parsePanelMessage({ type: 'swipe', from: { x: 1, y: 2 }, to: { x: 'a', y: 2 }, durationMs: 300, inputSeq: 1 });
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.error : '', /swipe\.to\.x/);
});

test('unknown message types are reported as unknown, not as malformed', () => {
  const r = parsePanelMessage({ type: 'rm -rf', path: '/' });
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.unknownType, 'rm -rf');
  assert.equal(parsePanelMessage({ type: 'toString' }).ok, false, 'prototype keys are not message types');
});

test('extra fields and non-objects are rejected', () => {
  assert.match(JSON.stringify(parsePanelMessage({ type: 'ready', evil: 1 })), /unexpected field/);
  for (const raw of [null, 42, 'tap', [], undefined]) assert.equal(parsePanelMessage(raw).ok, false);
  assert.equal(parsePanelMessage({ x: 1 }).ok, false);
});

test('keys are limited to the panel set', () => {
  assert.ok(parsePanelMessage({ type: 'key', key: 'enter', inputSeq: 0 }).ok);
  assert.equal(parsePanelMessage({ type: 'key', key: 'power', inputSeq: 0 }).ok, false);
});

test('optional fields may be omitted but are checked when present', () => {
  assert.ok(parsePanelMessage({ type: 'frameAck', seq: 4 }).ok);
  assert.equal(parsePanelMessage({ type: 'frameAck', seq: 4, decodeMs: -1 }).ok, false);
  assert.equal(parsePanelMessage({ type: 'frameAck', seq: 4.5 }).ok, false);
});

test('host messages: frames carry base64 or bytes; overlay actions are a tagged union', () => {
  assert.ok(parseHostMessage(toPanel('frame', { seq: 1, deviceId: 'mock:1', width: 1080, height: 2400, mime: 'image/jpeg', data: 'AAAA', inputSeq: -1, captureMs: 3 })).ok);
  const withBytes = parseHostMessage({ type: 'frame', seq: 1, deviceId: 'mock:1', width: 10, height: 10, mime: 'image/png', bytes: new Uint8Array([1, 2]), inputSeq: 0, captureMs: 0 });
  assert.ok(withBytes.ok);
  assert.ok(parseHostMessage({ type: 'overlay', layer: 'agent', action: { kind: 'swipe', from: { x: 1, y: 2 }, to: { x: 3, y: 4 } } }).ok);
  const bad = parseHostMessage({ type: 'overlay', layer: 'agent', action: { kind: 'explode' } });
  assert.equal(bad.ok, false);
  assert.match(!bad.ok ? bad.error : '', /action\.kind/);
});

test('builders produce messages the parser accepts', () => {
  assert.ok(parsePanelMessage(toHost('scroll', { x: 1, y: 2, dx: 0, dy: -300, inputSeq: 9 })).ok);
  assert.ok(parseHostMessage(toPanel('devices', { devices: [{ id: 'mock:1', label: 'Mock phone 1', kind: 'mock', online: true }] })).ok);
});

test('host messages: tiles are checked rectangle by rectangle', () => {
  const tiles = { type: 'tiles', seq: 3, deviceId: 'mock:1', width: 1080, height: 2400, base: 4, generation: 5, inputSeq: 2, captureMs: 1 };
  assert.ok(parseHostMessage({ ...tiles, tiles: [{ x: 0, y: 10, w: 20, h: 30, bytes: new Uint8Array([1]) }] }).ok);
  assert.ok(parseHostMessage({ ...tiles, tiles: [] }).ok, 'an empty tile set confirms an input');
  const negative = parseHostMessage({ ...tiles, tiles: [{ x: -1, y: 0, w: 1, h: 1, data: 'AA' }] });
  assert.equal(negative.ok, false);
  assert.match(!negative.ok ? negative.error : '', /tiles/);
  assert.equal(parseHostMessage({ ...tiles, tiles: Array.from({ length: 300 }, () => ({ x: 0, y: 0, w: 1, h: 1 })) }).ok, false);
  assert.equal(parseHostMessage({ ...tiles, base: 1.5, tiles: [] }).ok, false);
  assert.ok(parsePanelMessage({ type: 'frameAck', seq: 4, resync: true }).ok);
});

test('host messages: a scroll shift is a whole-row move within a rectangle, anything else is refused', () => {
  const tiles = { type: 'tiles', seq: 3, deviceId: 'mock:1', width: 1080, height: 2400, base: 4, generation: 5, tiles: [], inputSeq: 2, captureMs: 1 };
  assert.ok(parseHostMessage({ ...tiles, shifts: [{ x: 0, y: 209, w: 760, h: 1386, dy: 28 }, { x: 0, y: 209, w: 760, h: 1386, dy: -1385 }] }).ok);
  const forged: [unknown, RegExp][] = [
    [{ x: 0, y: 0, w: 10, h: 10, dy: 10 }, /shift moves rows/],
    [{ x: 0, y: 0, w: 10, h: 10, dy: -11 }, /shift moves rows/],
    [{ x: 0, y: 0, w: 10, h: 10, dy: 0 }, /shift moves rows/],
    [{ x: 0, y: 0, w: 10, h: 10, dy: 1.5 }, /integer/],
    [{ x: -1, y: 0, w: 10, h: 10, dy: 1 }, /minimum/],
    [{ x: 0, y: 0, w: 0, h: 10, dy: 1 }, /minimum/],
    [{ x: 0, y: 0, w: 10, h: 1e9, dy: 1 }, /maximum/],
    [{ x: 0, y: 0, w: 10, h: 10, dy: 1, src: 'x' }, /unexpected/],
    [{ x: 0, y: 0, w: 10, h: 10 }, /missing/],
  ];
  for (const [shift, why] of forged) {
    const r = parseHostMessage({ ...tiles, shifts: [shift] });
    assert.equal(r.ok, false, JSON.stringify(shift));
    assert.match(!r.ok ? r.error : '', /shifts/);
    assert.match(!r.ok ? r.error : '', why);
  }
  assert.equal(parseHostMessage({ ...tiles, shifts: Array.from({ length: 65 }, () => ({ x: 0, y: 0, w: 1, h: 2, dy: 1 })) }).ok, false);
});
