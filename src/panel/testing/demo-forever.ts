// A panel demonstration that never ends, for the SIGKILL test: a mock phone mirrored by a
// PanelHub, a recorded Demonstration on it, and a "person" who taps the screen through the
// hub's human-turn bridge (the path panel input takes) whenever it is their turn, with a
// thought note on odd steps. Prints the
// episode folder once it exists; the parent kills this process without warning.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createMockPhone } from '../../mockphone';
import { Demonstration } from '../demonstration';
import { DeviceRegistry } from '../devices/registry';
import { PanelHub } from '../panel-hub';

async function main(): Promise<void> {
  const root = process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-forever-'));
  const phone = await createMockPhone({ seed: 0 });
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const demo = Demonstration.start({ hub, deviceId: phone.id, goal: 'Tap around', root });
  let printed = false;
  let n = 0;
  setInterval(() => {
    if (!printed && demo.folder) {
      printed = true;
      process.stdout.write(`${demo.folder}\n`);
    }
    const turn = hub.humanTurns.pending(phone.id);
    if (turn) {
      // Odd steps carry a thought note (typed in the panel's note field), even ones none.
      if (turn.notes && turn.step !== undefined && turn.step % 2 === 1) hub.humanTurns.setNote(phone.id, turn.step, `Note for step ${turn.step}`);
      // Alternate a tap on the status bar's clock row and a back key: the screen stays put.
      hub.humanTurns.submit(phone.id, n++ % 2 ? { kind: 'key', key: 'back' } : { kind: 'tap', at: { x: 540, y: 40 } });
    }
  }, 20);
}

void main();
