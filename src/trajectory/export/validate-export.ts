// `phonebuddy export --validate <dir>`: re-reads every sample of an export and checks what a
// trainer would trip over — each line parses; the prompt is PhoneBuddy's; the number of
// `<image>` tags equals the number of images; every image exists and is a JPEG/PNG (inline
// ones decode); every target parses back with the protocol parser to a usable action, and
// so does every rejected answer.
import fs from 'node:fs';
import path from 'node:path';
import { parseModelOutput, toAction, SYSTEM_PROMPT } from '../../protocol';

export interface ValidationReport {
  files: { file: string; samples: number; errors: number }[];
  samples: number;
  images: number;
  errors: string[];
  /** Errors beyond the first 100 are counted, not listed. */
  moreErrors: number;
}

const MAX_LISTED = 100;
const isImage = (b: Buffer): boolean => (b[0] === 0xff && b[1] === 0xd8) || b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkTarget(text: unknown, what: string): string | undefined {
  if (typeof text !== 'string') return `${what} is not a string`;
  const parsed = parseModelOutput(text);
  if (!parsed.ok) return `${what} does not parse: ${parsed.error.message}`;
  const a = toAction(parsed.call);
  return a.ok ? undefined : `${what} parses to an unusable call: ${a.reason}`;
}

function contentText(c: unknown): string | undefined {
  if (typeof c === 'string') return c;
  if (isObj(c) && typeof c.content === 'string') return c.content;
  return undefined;
}

/** Problems of one sample line (empty when it is fine). */
function checkSample(v: unknown, dir: string, counts: { images: number }): string[] {
  if (!isObj(v) || !Array.isArray(v.messages)) return ['not an object with messages'];
  const msgs = v.messages as unknown[];
  const problems: string[] = [];
  const user = msgs.find((m) => isObj(m) && m.role === 'user') as Obj | undefined;
  if (!user) return ['no user message'];
  if (Array.isArray(user.content)) {
    // phonebuddy format: the request verbatim.
    const parts = user.content as Obj[];
    const texts = parts.filter((p) => p.type === 'text');
    const imgs = parts.filter((p) => p.type === 'image_url');
    if (texts[0]?.text !== SYSTEM_PROMPT) problems.push('the first text part is not the PhoneBuddy system prompt');
    if (typeof texts[1]?.text !== 'string' || !(texts[1].text as string).startsWith('# Instruction\n')) problems.push('the instruction part does not start with "# Instruction"');
    if (imgs.length !== 1) problems.push(`${imgs.length} images in the request (PhoneBuddy sends exactly one)`);
    for (const im of imgs) {
      const url = isObj(im.image_url) ? im.image_url.url : undefined;
      const m = typeof url === 'string' ? /^data:image\/(jpeg|png);base64,(.+)$/.exec(url) : null;
      if (!m || !isImage(Buffer.from(m[2].slice(0, 64), 'base64'))) problems.push('the image is not a base64 JPEG/PNG data URL');
      else counts.images++;
    }
  } else {
    const text = typeof user.content === 'string' ? user.content : '';
    const tags = text.split('<image>').length - 1;
    const images = Array.isArray(v.images) ? v.images : [];
    if (tags !== images.length) problems.push(`${tags} <image> tag(s) but ${images.length} image(s)`);
    if (!text.startsWith(SYSTEM_PROMPT)) problems.push('the user turn does not start with the PhoneBuddy system prompt');
    for (const im of images) {
      if (typeof im !== 'string' || path.isAbsolute(im) || im.split(/[\\/]/).includes('..')) { problems.push(`image path ${JSON.stringify(im)} is not a relative path inside the export`); continue; }
      const file = path.join(dir, im);
      let head: Buffer;
      try {
        const fd = fs.openSync(file, 'r');
        head = Buffer.alloc(8);
        fs.readSync(fd, head, 0, 8, 0);
        fs.closeSync(fd);
      } catch {
        problems.push(`image ${im} is missing`);
        continue;
      }
      if (!isImage(head)) problems.push(`image ${im} is not a JPEG or PNG`);
      else counts.images++;
    }
    if ('tools' in v && (typeof v.tools !== 'string' || !Array.isArray(JSON.parse(v.tools as string)))) problems.push('tools is not a JSON string of a list');
  }
  const assistant = [...msgs].reverse().find((m) => isObj(m) && m.role === 'assistant');
  const chosen = assistant ? contentText(assistant) : contentText(v.chosen);
  const t = checkTarget(chosen, 'the target');
  if (t) problems.push(t);
  const rejected = v.rejected ?? v.rejected_response;
  if (rejected !== undefined) {
    const r = checkTarget(contentText(rejected), 'the rejected answer');
    if (r) problems.push(r);
  }
  return problems;
}

export function validateExport(dir: string): ValidationReport {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`${dir}: not a folder`);
  const report: ValidationReport = { files: [], samples: 0, images: 0, errors: [], moreErrors: 0 };
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
  if (files.length === 0) throw new Error(`${dir}: no .jsonl files to validate`);
  const counts = { images: 0 };
  for (const f of files) {
    const entry = { file: f, samples: 0, errors: 0 };
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    else if (lines.length) { entry.errors++; report.errors.push(`${f}: the last line is cut off (no newline)`); }
    lines.forEach((line, i) => {
      entry.samples++;
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch (e) {
        entry.errors++;
        if (report.errors.length < MAX_LISTED) report.errors.push(`${f}:${i + 1}: not JSON (${(e as Error).message})`);
        else report.moreErrors++;
        return;
      }
      const problems = checkSample(v, dir, counts);
      if (problems.length) {
        entry.errors++;
        if (report.errors.length < MAX_LISTED) report.errors.push(`${f}:${i + 1}: ${problems.join('; ')}`);
        else report.moreErrors++;
      }
    });
    report.samples += entry.samples;
    report.files.push(entry);
  }
  const info = path.join(dir, 'dataset_info.json');
  if (fs.existsSync(info)) {
    try {
      const d = JSON.parse(fs.readFileSync(info, 'utf8')) as Record<string, { file_name?: string }>;
      for (const [name, e] of Object.entries(d)) if (!e.file_name || !fs.existsSync(path.join(dir, e.file_name))) report.errors.push(`dataset_info.json: ${name} names a missing file ${JSON.stringify(e.file_name)}`);
    } catch (e) {
      report.errors.push(`dataset_info.json: ${(e as Error).message}`);
    }
  }
  report.images = counts.images;
  return report;
}
