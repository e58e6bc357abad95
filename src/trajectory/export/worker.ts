// Worker-thread entry of an export (bundled as dist/export-worker.js): runs exportTrajectories
// and then, when asked, the --validate checks, reporting progress and warnings as it goes.
// Off the extension host's thread, so a large export never freezes the editor; a `cancel`
// message aborts it between episodes (what was written so far stays, stats.json says so).
import { parentPort } from 'node:worker_threads';
import { exportTrajectories } from './export';
import { validateExport } from './validate-export';
import { checkToExportWorker, type FromExportWorker, type ToExportWorker } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('export worker: must run on a worker thread');
const send = (m: FromExportWorker): void => port.postMessage(m);
const abort = new AbortController();

port.on('message', (raw: unknown) => {
  let m: ToExportWorker;
  try {
    m = checkToExportWorker(raw);
  } catch (e) {
    send({ type: 'failed', error: `invalid message to the export worker: ${e instanceof Error ? e.message : String(e)}` });
    return;
  }
  if (m.type === 'cancel') { abort.abort(); return; }
  const { validate, ...job } = m.job;
  void (async () => {
    try {
      const stats = await exportTrajectories({
        ...job, signal: abort.signal,
        onProgress: (done, total, folder) => send({ type: 'progress', phase: 'export', done, total, folder }),
        warn: (message) => send({ type: 'warning', message }),
      });
      let validation;
      if (validate && !abort.signal.aborted) {
        send({ type: 'progress', phase: 'validate', done: 0, total: stats.steps.exported, folder: job.outDir });
        validation = validateExport(job.outDir);
      }
      send({ type: 'done', stats, ...(validation ? { validation } : {}) });
    } catch (e) {
      send({ type: 'failed', error: e instanceof Error ? e.message : String(e) });
    }
  })();
});
