// The assistant side of a training sample: what PhoneBuddy emits for a step, written the way
// the model writes it — `<think>{thought}</think>` then the `<tool_call>` block with the call's
// JSON in Python's json.dumps spacing (float literals kept). The protocol parser reads it back
// to the same call, which `--validate` checks for every sample.
import { pyJsonDumps } from '../../protocol/pyjson';
import { SYSTEM_PROMPT } from '../../protocol/system-prompt';
import type { ToolCall } from '../../protocol/tools';

export function targetText(thought: string, call: ToolCall): string {
  const floats = new Set((call.floats ?? []).map((p) => `arguments.${p}`));
  const json = pyJsonDumps({ name: call.name, arguments: call.args }, floats);
  return `<think>${thought}</think>\n<tool_call>\n${json}\n</tool_call>`;
}

let tools: unknown[] | undefined;

/** The twelve tool schemas, exactly as the system prompt's `<tools>` block lists them. */
export function promptTools(): unknown[] {
  if (tools) return tools;
  const block = /<tools>\n([\s\S]*?)\n<\/tools>/.exec(SYSTEM_PROMPT);
  if (!block) throw new Error('the system prompt has no <tools> block');
  tools = block[1].split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown);
  return tools;
}
