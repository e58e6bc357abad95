// Fuzzing the mock phone's outside-facing parsers: the ADB packet decoder (bytes from any
// client) and the shell tokenizer/parser (command lines from adb shell). The decoder throws
// only PacketError and gives back exactly the packets encoded, however the stream is cut;
// the tokenizer throws only ShellSyntaxError, and arguments quoted with the host's
// shellQuote come back as the same words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FUZZ_BUDGET_MS, fuzz, taggedText } from './kit';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, encodePacket, PacketDecoder, PacketError, type AdbPacket } from '../../../src/mockphone/adb/packet';
import { ShellSyntaxError, tokenize } from '../../../src/mockphone/adb/shell/tokenize';
import { parseScript } from '../../../src/mockphone/adb/shell/parse';
import { shellQuote } from '../../../src/device/shell-quote';

const options = { timeout: FUZZ_BUDGET_MS };
const u32 = fc.integer({ min: 0, max: 0xffffffff });

const packet: fc.Arbitrary<AdbPacket> = fc.record({
  command: fc.oneof(fc.constantFrom(A_CNXN, A_OPEN, A_OKAY, A_WRTE, A_CLSE), u32),
  arg0: u32,
  arg1: u32,
  payload: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
});

/** Cuts `b` at the given fractions (a socket delivers any chunking). */
function cut(b: Buffer, at: number[]): Buffer[] {
  const points = [...new Set(at.map((f) => Math.floor(f * b.length)))].sort((x, y) => x - y);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) { out.push(b.subarray(from, p)); from = p; }
  out.push(b.subarray(from));
  return out;
}

test('fuzz: ADB packets, encoded and delivered in any chunks, decode to themselves', options, () => {
  fuzz('adb packet round trip', fc.tuple(fc.array(packet, { maxLength: 6 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 })), ([packets, at]) => {
    const stream = Buffer.concat(packets.map(encodePacket));
    const d = new PacketDecoder();
    const got = cut(stream, at).flatMap((c) => d.push(c));
    assert.deepEqual(got.map((p) => ({ ...p, payload: [...p.payload] })), packets.map((p) => ({ ...p, payload: [...p.payload] })));
  });
});

test('fuzz: the ADB decoder throws nothing but PacketError on any bytes', options, () => {
  const header = fc.tuple(packet, fc.nat({ max: 23 }), fc.integer({ min: 0, max: 255 })).map(([p, i, v]) => {
    const b = encodePacket(p);
    b[i] = v; // one header byte changed
    return b;
  });
  fuzz('adb decoder on garbage', fc.array(fc.oneof(fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)), header), { maxLength: 6 }), (chunks) => {
    const d = new PacketDecoder(4096);
    try {
      for (const c of chunks) for (const p of d.push(c)) assert.ok(p.payload.length <= 4096);
    } catch (e) {
      if (!(e instanceof PacketError)) throw e;
    }
  });
});

const SHELL_PIECES = ["'", '"', '\\', '$', '${', '}', '$(', ')', '(', '`', '#', ';', '&&', '||', '|', '&', '>', '>>', '<', '2>', '2>&1', '>&2',
  '\n', ' ', '\t', 'echo', 'ls', 'x', '$?', '$HOME', 'a=1', 'input tap 1 2'];

test('fuzz: the shell tokenizer and parser throw nothing but ShellSyntaxError', options, () => {
  fuzz('shell tokenize/parse', taggedText(SHELL_PIECES), (src) => {
    try {
      tokenize(src);
      parseScript(src);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
    }
  });
});

test('fuzz: arguments quoted with shellQuote come back as the same words', options, () => {
  const arg = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), taggedText(SHELL_PIECES));
  fuzz('shellQuote → tokenize', fc.array(arg, { minLength: 1, maxLength: 5 }), (args) => {
    const tokens = tokenize(args.map(shellQuote).join(' '));
    const words = tokens.map((t) => {
      assert.equal(t.kind, 'word', 'a quoted argument never becomes an operator');
      return t.kind === 'word' ? t.parts.map((p) => { assert.equal(p.kind, 'text', 'nothing inside a quoted argument is expanded'); return p.kind === 'text' ? p.text : ''; }).join('') : '';
    });
    assert.deepEqual(words, args);
  });
});
