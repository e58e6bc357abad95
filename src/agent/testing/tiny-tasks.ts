// TaskInstances for the tiny phone, written in code (the loop's tests do not depend on the
// task language).
import type { EpisodeOutcome, SolutionStep, TaskInstance, VerifyReport } from '../../task/runnable';
import { NOTES_PKG, type TinyPhone } from './tiny-phone';

export function saveNoteTask(phone: TinyPhone, text: string, overrides: Partial<TaskInstance> = {}): TaskInstance {
  const solution: SolutionStep[] = [
    { tool: 'open_app', args: { app: NOTES_PKG } },
    { tool: 'click', args: {}, target: { resourceId: 'field' } },
    { tool: 'type', args: { text } },
    { tool: 'click', args: {}, target: { text: 'Save' } },
    { tool: 'finish', args: { text: `saved ${text}` } },
  ];
  return {
    taskId: 'notes.save', instanceId: `notes.save#text=${text}`, title: 'Save a note', family: 'single-app',
    goal: `Save a note saying "${text}" in Notes`, params: { text }, maxSteps: 10, tags: ['notes', 'typing'],
    device: 'any', seed: 0,
    async setup() { /* a fresh tiny phone is already at home */ },
    async verify(_d, outcome: EpisodeOutcome): Promise<VerifyReport> {
      const passed = phone.saved.includes(text);
      return {
        passed, score: passed ? 1 : 0,
        results: [{ path: 'verify', kind: 'saved', passed, reason: passed ? `note "${text}" saved` : `saved notes: ${JSON.stringify(phone.saved)} (${outcome.steps.length} steps)`, observed: phone.saved }],
      };
    },
    solution,
    ...overrides,
  };
}
