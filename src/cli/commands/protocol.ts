// `phonebuddy protocol prompt|parse`: the PhoneBuddy request a step would send, and what the
// parser makes of a raw model output — for users debugging their own serving setups.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import {
  buildMessages, extractPoint, floatPaths, IMAGE_PLACEHOLDER, jpegDataUrl, parseModelOutput, pathsUnder, toAction,
  type HistoryStep,
} from '../../protocol';

const HELP = `usage:
  phonebuddy protocol prompt --goal TEXT [--history steps.json] [--image file]
      prints the chat-completions messages for one step as JSON. steps.json is a JSON array of
      earlier steps {"thought": string, "action": tool name, "args": {...}} (args as the model
      emitted them). The screenshot is a placeholder unless --image is given (PNG or JPEG; sent
      as JPEG quality 90).
  phonebuddy protocol parse [--content-file F] [--reasoning-file F]
      reads a raw model output (stdin when no file is given) and prints
      {"action", "args", "thought"} with args.points in 0–1000; exit 1 on a parse error.
`;

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help') {
    process.stdout.write(HELP);
    return sub ? 0 : 2;
  }
  try {
    if (sub === 'prompt') return await prompt(rest);
    if (sub === 'parse') return await parse(rest);
  } catch (e) {
    process.stderr.write(`phonebuddy protocol ${sub}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  process.stderr.write(`phonebuddy protocol: unknown subcommand '${sub}'\n${HELP}`);
  return 2;
}

/** Validates steps.json; names the step and field that is wrong. */
export function readHistory(text: string, file: string): HistoryStep[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!Array.isArray(data)) throw new Error(`${file} must be a JSON array of steps`);
  const floats = floatPaths(text);
  return data.map((s: unknown, i) => {
    const step = s as { thought?: unknown; action?: unknown; args?: unknown };
    if (!step || typeof step !== 'object') throw new Error(`${file}: step ${i + 1} must be an object`);
    if (typeof step.action !== 'string' || !step.action) throw new Error(`${file}: step ${i + 1} needs "action" (a tool name)`);
    if (step.thought !== undefined && typeof step.thought !== 'string') throw new Error(`${file}: step ${i + 1} "thought" must be a string`);
    const a = step.args ?? {};
    if (typeof a !== 'object' || Array.isArray(a) || a === null) throw new Error(`${file}: step ${i + 1} "args" must be an object`);
    const argsObj = { ...(a as Record<string, unknown>) };
    const name = step.action.toLowerCase();
    if ((name === 'open_app' || name === 'close_app') && 'package' in argsObj && !('app' in argsObj)) {
      argsObj.app = argsObj.package;
      delete argsObj.package;
    }
    const stepFloats = pathsUnder(floats, `${i}.args`);
    return { thought: (step.thought as string | undefined) ?? '', call: { name, args: argsObj, ...(stepFloats.length ? { floats: stepFloats } : {}) } };
  });
}

async function toJpeg(file: string): Promise<Buffer> {
  const bytes = fs.readFileSync(file);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return bytes;
  const sharp = (await import('sharp')).default;
  return sharp(bytes).jpeg({ quality: 90 }).toBuffer();
}

async function prompt(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { goal: { type: 'string' }, history: { type: 'string' }, image: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) { process.stdout.write(HELP); return 0; }
  if (values.goal === undefined) { process.stderr.write('phonebuddy protocol prompt: --goal TEXT is required\n'); return 2; }
  const history = values.history ? readHistory(fs.readFileSync(values.history, 'utf8'), values.history) : [];
  const image = values.image ? jpegDataUrl(await toJpeg(values.image)) : IMAGE_PLACEHOLDER;
  process.stdout.write(`${JSON.stringify(buildMessages(values.goal, image, history), null, 2)}\n`);
  return 0;
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

/** Parsed output as the CLI prints it: points normalised to [[x, y], …] in 0–1000. */
export function describeParse(content: string | null, reasoning: string | null): { ok: boolean; json: unknown } {
  const r = parseModelOutput({ content, reasoning });
  if (!r.ok) return { ok: false, json: { error: { kind: r.error.kind, message: r.error.message }, thought: r.error.thought } };
  const args: Record<string, unknown> = { ...r.call.args };
  const p0 = extractPoint(args, 0);
  if (p0) {
    const p1 = extractPoint(args, 1);
    for (const k of ['coordinate', 'point', 'coordinates']) delete args[k];
    args.points = p1 ? [[p0.x, p0.y], [p1.x, p1.y]] : [[p0.x, p0.y]];
  }
  const action = toAction(r.call);
  return {
    ok: true,
    json: { action: r.call.name, args, thought: r.thought, ...(action.ok ? {} : { warning: action.reason }) },
  };
}

async function parse(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { 'content-file': { type: 'string' }, 'reasoning-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) { process.stdout.write(HELP); return 0; }
  const content = values['content-file'] ? fs.readFileSync(values['content-file'], 'utf8')
    : values['reasoning-file'] ? null : await readStdin();
  const reasoning = values['reasoning-file'] ? fs.readFileSync(values['reasoning-file'], 'utf8') : null;
  const { ok, json } = describeParse(content, reasoning);
  process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  return ok ? 0 : 1;
}
