// How long each phase of one agent step took, in milliseconds. Declared once here because the
// loop (src/agent) measures it, the trajectory files (src/trajectory) store it, and worker
// threads send it across in results; the schema checks it wherever it is received.
import { num, obj, type Infer } from './validate';

const ms = num({ min: 0 });
export const stepTimings = obj({
  screenshot: ms,
  /** Fetching the UI tree (part of observing; 0 when not fetched). */
  uiTree: ms,
  model: ms,
  parse: ms,
  action: ms,
  total: ms,
});
export type StepTimings = Infer<typeof stepTimings>;
