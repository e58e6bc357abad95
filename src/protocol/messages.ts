// One chat-completions request per step, exactly as the reference runner builds it: an empty
// system message, then one user message with the system prompt, the current screenshot and
// the instruction plus history.
import { SYSTEM_PROMPT } from './system-prompt';
import type { HistoryStep } from './history';
import { historySection } from './history';

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: ContentPart[] };

/** Placeholder used by `phonebuddy protocol prompt` when no image is given. */
export const IMAGE_PLACEHOLDER = 'data:image/jpeg;base64,<screenshot>';

export function jpegDataUrl(jpeg: Uint8Array): string {
  return `data:image/jpeg;base64,${Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength).toString('base64')}`;
}

export function instructionText(goal: string, history: readonly HistoryStep[]): string {
  return `# Instruction\n${goal}${historySection(history)}`;
}

export function buildMessages(goal: string, imageUrl: string, history: readonly HistoryStep[]): ChatMessage[] {
  return requestMessages(imageUrl, instructionText(goal, history));
}

/**
 * The same request from an instruction text already built (goal + history section): what the
 * trajectory exporter uses, so a recorded step becomes exactly the request the loop sent.
 */
export function requestMessages(imageUrl: string, instruction: string): ChatMessage[] {
  return [
    { role: 'system', content: '' },
    {
      role: 'user',
      content: [
        { type: 'text', text: SYSTEM_PROMPT },
        { type: 'image_url', image_url: { url: imageUrl } },
        { type: 'text', text: instruction },
      ],
    },
  ];
}
