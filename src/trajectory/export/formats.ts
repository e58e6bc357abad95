// The three export formats, one object each: how a sample becomes a JSONL line, how a
// preference pair does, and what index file the trainer needs. Only the line shapes live here;
// export.ts does the reading, splitting and writing.
//
// - phonebuddy: the protocol module's request for the step, verbatim (empty system message;
//   user = system prompt, the screenshot as a JPEG data URL, the instruction), plus the
//   assistant target. Trains PhoneBuddy without conversion.
// - llamafactory: multimodal ShareGPT (`messages` + `images`); the user turn is the same text
//   with an `<image>` tag where the screenshot goes, registered in dataset_info.json.
// - swift: ms-swift's `messages` / `images` / `tools` (the tools as a JSON string).
import { requestMessages, SYSTEM_PROMPT } from '../../protocol';
import type { StepSample } from './samples';
import { promptTools } from './target';

export type FormatName = 'phonebuddy' | 'llamafactory' | 'swift';
export const FORMAT_NAMES: readonly FormatName[] = ['phonebuddy', 'llamafactory', 'swift'];

export interface OutputFile {
  split: 'train' | 'val';
  kind: 'sft' | 'preference';
  file: string;
  samples: number;
}

export interface ExportFormat {
  name: FormatName;
  /** 'inline': the image travels in the line as a data URL; 'file': copied beside it, by path. */
  images: 'inline' | 'file';
  sample(s: StepSample, image: string): Record<string, unknown>;
  preference(s: StepSample, image: string): Record<string, unknown>;
  /** Index files the trainer reads (dataset_info.json), given what was written. */
  index?(files: OutputFile[]): { file: string; content: string }[];
}

/** The user turn as one string, `<image>` where the screenshot sits in the request. */
export function userText(instruction: string): string {
  return `${SYSTEM_PROMPT}<image>${instruction}`;
}

const meta = (s: StepSample): Record<string, unknown> => ({
  id: s.id, episode: s.episode.manifest.episodeId, step: s.step.index,
  ...(s.episode.manifest.task ? { task: s.episode.manifest.task.instanceId } : {}),
});

const phonebuddy: ExportFormat = {
  name: 'phonebuddy', images: 'inline',
  sample: (s, image) => ({ ...meta(s), messages: [...requestMessages(image, s.instruction), { role: 'assistant', content: s.target }] }),
  preference: (s, image) => ({ ...meta(s), messages: requestMessages(image, s.instruction), chosen: s.target, rejected: s.rejected }),
};

const llamafactory: ExportFormat = {
  name: 'llamafactory', images: 'file',
  sample: (s, image) => ({
    messages: [{ role: 'user', content: userText(s.instruction) }, { role: 'assistant', content: s.target }],
    images: [image], system: '', ...meta(s),
  }),
  preference: (s, image) => ({
    messages: [{ role: 'user', content: userText(s.instruction) }],
    chosen: { role: 'assistant', content: s.target }, rejected: { role: 'assistant', content: s.rejected },
    images: [image], system: '', ...meta(s),
  }),
  index(files) {
    const info: Record<string, unknown> = {};
    for (const f of files) {
      info[`phonebuddy_${f.kind === 'preference' ? 'pref_' : ''}${f.split}`] = {
        file_name: f.file, formatting: 'sharegpt', ...(f.kind === 'preference' ? { ranking: true } : {}),
        columns: { messages: 'messages', images: 'images', system: 'system', ...(f.kind === 'preference' ? { chosen: 'chosen', rejected: 'rejected' } : {}) },
        tags: { role_tag: 'role', content_tag: 'content', user_tag: 'user', assistant_tag: 'assistant', system_tag: 'system' },
      };
    }
    return [{ file: 'dataset_info.json', content: `${JSON.stringify(info, null, 2)}\n` }];
  },
};

let toolsJson: string | undefined;
const swiftTools = (): string => (toolsJson ??= JSON.stringify(promptTools()));

const swift: ExportFormat = {
  name: 'swift', images: 'file',
  sample: (s, image) => ({
    messages: [{ role: 'system', content: '' }, { role: 'user', content: userText(s.instruction) }, { role: 'assistant', content: s.target }],
    images: [image], tools: swiftTools(), ...meta(s),
  }),
  preference: (s, image) => ({
    messages: [{ role: 'system', content: '' }, { role: 'user', content: userText(s.instruction) }, { role: 'assistant', content: s.target }],
    rejected_response: s.rejected, images: [image], tools: swiftTools(), ...meta(s),
  }),
};

export const FORMATS: Record<FormatName, ExportFormat> = { phonebuddy, llamafactory, swift };
