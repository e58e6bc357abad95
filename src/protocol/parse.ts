// Parsing a PhoneBuddy model turn: `<think>…</think>`, free text, and the first tool call in
// any of the encodings the model family emits. Follows the reference runner's
// parse_model_response; never throws — unparsable output becomes a typed ParseError that
// carries the raw text, so the loop can record it and apply its error policy.
import type { ToolCall } from './tools';
import { lenientJsonParse } from './lenient-json';
import { floatPaths, pathsUnder } from './float-paths';
import { pyStrip } from './history';
import { argKeyPairs, between, findToolCallBody, findUnclosedBody, namedTag, removeAllBetween, xmlParameters } from './tag-scan';

export type ToolCallFormat = 'json' | 'xml' | 'arg-key';

export type ParseErrorKind = 'empty' | 'no-tool-call' | 'bad-json' | 'not-an-object' | 'no-name';

export interface ParseError {
  kind: ParseErrorKind;
  message: string;
  /** The whole model output, as received. */
  raw: string;
  /** Whatever thought could be recovered. */
  thought: string;
}

export type ParseResult =
  | { ok: true; thought: string; call: ToolCall; format: ToolCallFormat; raw: string }
  | { ok: false; error: ParseError };

/** What a chat-completions message carries; either part may hold the tool call. */
export interface ModelOutput {
  content?: string | null;
  reasoning?: string | null;
}

/**
 * Joins content and reasoning like the reference (content first, "\n" between). Reasoning
 * servers strip the `<think>` tags from `reasoning_content`; when they did, the reasoning is
 * wrapped back in them so it is read as the thought rather than lost after the tool call.
 */
export function combineOutput(out: ModelOutput): string {
  const parts: string[] = [];
  const reasoning = out.reasoning ?? '';
  const bareReasoning = reasoning !== '' && !reasoning.includes('<think>') && !reasoning.includes('<tool_call>');
  if (bareReasoning) parts.push(`<think>${reasoning}</think>`);
  if (out.content) parts.push(out.content);
  if (reasoning && !bareReasoning) parts.push(reasoning);
  return parts.join('\n');
}

// Tool arguments the model means as strings, kept verbatim in the XML forms.
const STRING_PARAMS = new Set(['text', 'package', 'app', 'type', 'direction']);

export function parseModelOutput(raw: string | ModelOutput): ParseResult {
  const text = typeof raw === 'string' ? raw : combineOutput(raw);
  try {
    return parseText(text);
  } catch (e) {
    // Defensive: nothing below should throw, but a parse must never escape as an exception.
    return fail('bad-json', `parser failed: ${e instanceof Error ? e.message : String(e)}`, text, '');
  }
}

function fail(kind: ParseErrorKind, message: string, raw: string, thought: string): ParseResult {
  return { ok: false, error: { kind, message, raw, thought } };
}

function parseText(response: string): ParseResult {
  if (!response || !response.trim()) return fail('empty', 'the model returned no text', response ?? '', '');

  // Chat templates that open `<think>` in the prompt leave only the closing tag in the output.
  let work = response;
  if (!/<think>/.test(work) && /<\/think>/.test(work)) work = `<think>${work}`;

  // Tags are found with indexOf (tag-scan.ts): these regexes backtracked on long outputs.
  const m = between(work, '<think>', '</think>');
  const think = m ? pyStrip(work.slice(m.inner, m.close)) : '';
  const remaining = pyStrip(removeAllBetween(work, '<think>', '</think>'));
  const thoughtText = remaining.includes('<tool_call>') ? pyStrip(remaining.split('<tool_call>')[0]) : '';
  const thought = pyStrip([think, thoughtText].filter((x) => x).join('\n'));

  const body = findToolCallBody(remaining) ?? findToolCallBody(work) ?? findUnclosedBody(work);
  if (body === undefined) {
    // The XML form sometimes arrives without the <tool_call> wrapper.
    const fn = remaining.indexOf('<function=');
    if (fn !== -1) return finishXml(remaining.slice(fn), response, thought);
    const hint = remaining.length === 0 && think ? ' (the output stopped inside <think>: truncated?)' : '';
    return fail('no-tool-call', `no <tool_call> block in the model output${hint}`, response, thought || pyStrip(remaining));
  }
  if (/<function=/.test(body)) return finishXml(body, response, thought);
  if (/<arg_key>|<tool_sep>/.test(body)) return finishArgKey(body, response, thought);
  return finishJson(body, response, thought);
}

function finishJson(body: string, raw: string, thought: string): ParseResult {
  const parsed = lenientJsonParse(body.trim());
  if (!parsed) {
    const truncated = !raw.includes('</tool_call>') ? ' (no closing </tool_call>: truncated output?)' : '';
    return fail('bad-json', `the tool call is not valid JSON${truncated}: ${clip(body)}`, raw, thought);
  }
  const obj = parsed.value;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    return fail('not-an-object', `the tool call must be a JSON object {"name": …, "arguments": {…}}, got ${clip(body)}`, raw, thought);
  }
  const o = obj as Record<string, unknown>;
  const name = typeof o.name === 'string' ? o.name.trim() : '';
  if (!name) return fail('no-name', `the tool call has no "name": ${clip(body)}`, raw, thought);
  let args: unknown = o.arguments ?? {};
  let floats = pathsUnder(floatPaths(parsed.text), 'arguments');
  // OpenAI-style servers sometimes hand arguments over as a JSON string.
  if (typeof args === 'string') {
    const inner = lenientJsonParse(args);
    args = inner?.value ?? {};
    floats = inner ? floatPaths(inner.text) : [];
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) args = {};
  return done(name, { ...(args as Record<string, unknown>) }, 'json', raw, thought, floats);
}

function finishXml(body: string, raw: string, thought: string): ParseResult {
  const fn = namedTag(body, '<function=');
  if (!fn) return fail('no-name', `the XML tool call has no <function=…>: ${clip(body)}`, raw, thought);
  const args: Record<string, unknown> = {};
  const floats: string[] = [];
  for (const p of xmlParameters(body.slice(fn.end))) {
    const key = p.key.trim();
    if (!(key in args)) args[key] = convertValue(key, stripOneNewline(p.value), floats);
  }
  return done(fn.name.trim(), args, 'xml', raw, thought, floats);
}

function finishArgKey(body: string, raw: string, thought: string): ParseResult {
  const name = body.split(/<tool_sep>|<arg_key>|\n/)[0].trim();
  if (!name) return fail('no-name', `the tool call has no function name: ${clip(body)}`, raw, thought);
  const args: Record<string, unknown> = {};
  const floats: string[] = [];
  for (const { key, value } of argKeyPairs(body)) {
    if (!(key in args)) args[key] = convertValue(key, value, floats);
  }
  return done(name, args, 'arg-key', raw, thought, floats);
}

function done(name: string, args: Record<string, unknown>, format: ToolCallFormat, raw: string, thought: string, floats: string[] = []): ParseResult {
  const lower = name.toLowerCase();
  if ((lower === 'open_app' || lower === 'close_app') && 'package' in args) {
    const { package: pkg, ...rest } = args;
    args = { ...rest, app: pkg };
  }
  return { ok: true, thought, call: { name: lower, args, ...(floats.length ? { floats } : {}) }, format, raw };
}

function stripOneNewline(s: string): string {
  return s.replace(/^\n/, '').replace(/\n$/, '');
}

function convertValue(key: string, rawValue: string, floats: string[]): unknown {
  if (STRING_PARAMS.has(key)) return rawValue;
  const t = rawValue.trim();
  const noteFloats = (text: string): void => {
    for (const p of floatPaths(text)) floats.push(p ? `${key}.${p}` : key);
  };
  try {
    const v: unknown = JSON.parse(t);
    noteFloats(t);
    return v;
  } catch {
    const lenient = /^[[{]/.test(t) ? lenientJsonParse(t) : undefined;
    if (lenient) {
      noteFloats(lenient.text);
      return lenient.value;
    }
    // Lists the lenient object parser cannot see: fix smart quotes and trailing commas.
    if (/^\[/.test(t)) {
      try {
        return JSON.parse(t.replace(/,\s*([}\]])/g, '$1'));
      } catch {
        // keep the text
      }
    }
    return rawValue;
  }
}

function clip(s: string, n = 200): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
