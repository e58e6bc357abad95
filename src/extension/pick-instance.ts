// Which parameter instance of a task Debug and Record use, when it has several: asked with a
// QuickPick whose first entry is the one chosen last time for that task (remembered in the
// workspace's state), or named by the caller (tests, keybindings).
import * as vscode from 'vscode';
import type { TaskInstance } from '../task/runnable';

const LAST_KEY = 'phonebuddy.lastInstanceByTask';
let memento: vscode.Memento | undefined;

/** Called once at activation: where the last choices are kept. */
export function rememberInstanceChoicesIn(state: vscode.Memento): void {
  memento = state;
}

export async function pickInstance(instances: readonly TaskInstance[], purpose: string, preset?: string): Promise<TaskInstance | undefined> {
  if (preset !== undefined) {
    const named = instances.find((i) => i.instanceId === preset);
    if (!named) throw new Error(`no instance '${preset}' (there are: ${instances.map((i) => i.instanceId).join(', ')})`);
    return named;
  }
  if (instances.length <= 1) return instances[0];
  const key = `${instances[0].file ?? ''}#${instances[0].taskId}`;
  const all = memento?.get<Record<string, string>>(LAST_KEY) ?? {};
  const last = all[key];
  const items = instances.map((i) => ({
    label: i.instanceId, description: i.instanceId === last ? 'last used' : undefined, detail: i.goal, instance: i,
  }));
  items.sort((a, b) => Number(b.instance.instanceId === last) - Number(a.instance.instanceId === last));
  const pick = await vscode.window.showQuickPick(items, {
    title: `${purpose} ${instances[0].taskId}: which instance?`,
    placeHolder: `${instances.length} parameter instances`, matchOnDetail: true,
  });
  if (pick) await memento?.update(LAST_KEY, { ...all, [key]: pick.instance.instanceId });
  return pick?.instance;
}
