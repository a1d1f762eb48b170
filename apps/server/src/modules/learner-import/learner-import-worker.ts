// Worker thread: reads and checks one import file (learner-import-reader.ts). Unzipping and parsing
// the XLSX is the import's heaviest work on the CPU; here it never holds the server's event loop,
// and a file that would take too much memory ends this thread, not the server.
import { parentPort, workerData } from 'node:worker_threads';
import { MissingColumnsError, checkedRows, type SheetItem } from './learner-import-sheet.ts';
import type { ReaderJob, ReaderMessage } from './learner-import-reader.ts';

const job = workerData as ReaderJob;
const post = (message: ReaderMessage) => parentPort?.postMessage(message);

try {
  let batch: SheetItem[] = [];
  let total = 0;
  const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  for await (const item of checkedRows(data, job.columns, job.lang, job.maxRows)) {
    total++;
    batch.push(item);
    if (batch.length >= job.batchRows) {
      // As JSON text: the server's thread copies a string, and parses a batch only when it adds it.
      post({ batch: JSON.stringify(batch) });
      batch = [];
    }
  }
  if (batch.length) post({ batch: JSON.stringify(batch) });
  post({ total });
} catch (err) {
  if (err instanceof MissingColumnsError) post({ missing: err.missing.map((c) => c.key) });
  else post({ error: err instanceof Error ? err.message : String(err) });
}
