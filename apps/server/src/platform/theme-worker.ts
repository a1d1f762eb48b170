// Worker thread: extracts a tenant theme's CSS (antd's whole component set is rendered once), so
// that memory is taken and given back outside the server's heap. Used by theme.ts.
import { parentPort } from 'node:worker_threads';
import { tenantThemeCss } from '../../../web/app/lib/theme.server.ts';
import type { ThemeOptions } from '@portal/contract';

parentPort?.on('message', (job: { id: number; theme: ThemeOptions; grey: boolean }) => {
  try {
    parentPort?.postMessage({ id: job.id, css: tenantThemeCss(job.theme, job.grey) });
  } catch (err) {
    parentPort?.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
});
