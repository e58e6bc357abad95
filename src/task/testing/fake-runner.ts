// A scripted stand-in for the agent loop in the task language's own tests: a tiny "notes app"
// on the fake device. `type` writes a draft row, `click` on "Save" turns the draft into a note,
// `finish` sets the answer. Enough to exercise `checkInstance` without the real loop.
import type { Device } from '../../device/device';
import type { EpisodeRunner } from '../check/check-task';
import type { OutcomeStep } from '../runnable';
import type { FakeDevice } from './fake-device';

export const NOTES = 'com.example.notes';
export const NOTES_SCHEMA = 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE drafts (id INTEGER PRIMARY KEY, body TEXT);';

export const fakeRunner: EpisodeRunner = async (device: Device, instance, context) => {
  const d = device as FakeDevice;
  await instance.setup(device, context);
  const steps: OutcomeStep[] = [];
  let answer: string | undefined;
  for (const s of instance.solution ?? []) {
    steps.push({ tool: s.tool, args: s.args, ...(s.target?.text ? { targetNode: { text: s.target.text } } : {}) });
    if (s.tool === 'type') d.execSql(NOTES, 'INSERT INTO drafts(body) VALUES (?)', [String(s.args.text)]);
    if (s.tool === 'click' && s.target?.text === 'Save') {
      d.execSql(NOTES, 'INSERT INTO notes(body) SELECT body FROM drafts');
      d.execSql(NOTES, 'DELETE FROM drafts');
    }
    if (s.tool === 'finish') { answer = String(s.args.text); break; }
  }
  const outcome = { steps, terminatedBy: 'finish', ...(answer !== undefined ? { answer } : {}) };
  return { outcome, report: await instance.verify(device, outcome, context) };
};
