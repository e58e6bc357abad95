// Small, valid manifests and steps for the store's and the exporters' tests.
import type { StepInput, ManifestStart } from '../writer';

export function sampleManifest(over: Partial<ManifestStart> = {}): ManifestStart {
  return {
    episodeId: 'ep-0001', source: 'run', goal: 'Save a note saying "hi"',
    task: { taskId: 'notes.save', instanceId: 'notes.save#text=hi', params: { text: 'hi' }, seed: 0, family: 'single-app', tags: ['notes'] },
    device: { id: 'mock:1', kind: 'mock', model: 'Mock', screen: { width: 1080, height: 2400, density: 440 } },
    locale: 'en-US', policy: 'solution', startedAt: new Date(0).toISOString(), ...over,
  };
}

export function sampleStep(index: number, jpeg?: Uint8Array): StepInput {
  return {
    index, time: new Date(index * 1000).toISOString(), instruction: `# Instruction\nSave a note saying "hi"`,
    thought: `step ${index}`, call: { name: 'click', args: { points: [[500, 500]] } }, action: { type: 'click', point: { x: 500, y: 500 } },
    pixels: [{ x: 540, y: 1200 }], status: 'ok', source: 'solution',
    timings: { screenshot: 1, uiTree: 1, model: 0, parse: 0, action: 1, total: 3 },
    ...(jpeg ? { image: { data: jpeg, format: 'jpeg' as const, width: 1080, height: 2400 } } : {}),
    uiXml: `<hierarchy><node text="step ${index}"/></hierarchy>`,
  };
}
