// Worker thread: writes one export's workbook (export-sheet.ts; decision 049, measurements). The
// rows' XML and the zip around them were the export's heaviest work on the server's thread; here
// they never hold its event loop. The file's bytes go back to the server's thread, which stores
// them. Plain JavaScript, loaded by Node itself: through tsx, every export's thread spent over half
// a second of CPU compiling before its first row.
import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import Excel from 'exceljs';

/** @typedef {import('./export-sheet.ts').SheetJob} SheetJob */
/** @typedef {import('./export-sheet.ts').ToSheet} ToSheet */
/** @typedef {import('./export-sheet.ts').FromSheet} FromSheet */

// The sheet is background work: on a busy machine the server's thread (answer saves, pages) gets
// the CPU first. On Linux a nice value is the calling thread's own (elsewhere it would be the whole
// process's, so it is left alone there).
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted here: the thread runs at the server's priority.
  }
}

const job = /** @type {SheetJob} */ (workerData);
/** @param {FromSheet} message */
const post = (message) => parentPort?.postMessage(message);

const file = new Writable({
  write(chunk, _encoding, callback) {
    post({ chunk });
    callback();
  },
});
// Deflate at its fastest level: the zip's compression runs on libuv's pool at the server's
// priority, beside the calls. The file is hardly larger (10 000 results: 417 KB against 416 KB).
const workbook = new Excel.stream.xlsx.WorkbookWriter({
  stream: file,
  useStyles: true,
  useSharedStrings: false,
  zip: { zlib: { level: 1 } },
});
const sheet = workbook.addWorksheet(job.sheetName);
sheet.columns = job.columns.map((c) => ({ key: c.key, header: c.header, width: c.width }));
sheet.getRow(1).font = { bold: true };
sheet.getRow(1).commit();

/** @param {ToSheet} message */
async function handle(message) {
  if ('rows' in message) {
    for (const row of message.rows) sheet.addRow(row).commit();
    post({ written: message.rows.length });
    return;
  }
  sheet.commit();
  await workbook.commit();
  post({ done: true });
}

// One message at a time, in order: the end comes after the last batch is written.
let queue = Promise.resolve();
parentPort?.on('message', (/** @type {ToSheet} */ message) => {
  queue = queue
    .then(() => handle(message))
    .catch((err) => post({ error: err instanceof Error ? err.message : String(err) }));
});
