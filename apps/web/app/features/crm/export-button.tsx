import { App, Button } from 'antd';
import { getExportDownloadUrl } from '@portal/contract/calls/export-record';
import { ErrorCode } from '@portal/contract/error-codes';
import { request } from '../../lib/api.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useAction } from '../../lib/use-call.ts';
import { crmMessages } from './messages.ts';

/**
 * Starts a list's export (`start` makes the export record) and waits for its file (the export
 * job, decision 027): polls the record's download link, 4201 while the job runs, then offers the
 * file in a dialog.
 */
export function ExportButton({ start }: { start: () => Promise<{ id: number }> }) {
  const t = useMessages(crmMessages);
  const { message, modal } = App.useApp();
  const run = useAction(async () => {
    const record = await start();
    for (let i = 0; i < 300; i++) {
      const env = await request(getExportDownloadUrl, { id: record.id, _No_dispose: true }, { quiet: true });
      if (env.code === ErrorCode.OK) {
        modal.success({
          title: t.exportReady,
          content: (
            <a href={env.data.url} download={env.data.fileName}>
              {t.download}：{env.data.fileName}
            </a>
          ),
        });
        return;
      }
      if (env.code !== ErrorCode.EXPORT_PROCESSING) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    void message.error(t.exportFailed);
  });
  const busy = run.running;
  return (
    <Button onClick={() => void run.run()} loading={busy}>
      {busy ? t.exporting : t.export}
    </Button>
  );
}
