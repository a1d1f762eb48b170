import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportRecord } from '@portal/contract/calls/export-record';
import { SUCCESS_CODES } from '@portal/contract/error-codes';
import { formatFileSize } from '@portal/contract/file-size';
import { EXPORT_LIST_PAGE_SIZE, NO_DISPOSE_FLAG } from '@portal/contract/constants';
import { handleErrorEnvelope, request, SIGN_IN_CODES } from '../../lib/api.ts';
import { dateTime } from '../../lib/date-time.ts';
import { useAction, useLoad } from '../../lib/use-call.ts';
import { defineMessages, useLang, useMessages } from '../../lib/i18n.ts';
import { useSite } from '../../lib/root-data.ts';
import { Disclosure } from '../disclosure.tsx';
import { DeleteIcon, DownloadIcon } from '../icons.tsx';

const texts = defineMessages({
  zh: {
    downloads: '下载',
    list: '导出文件',
    empty: '暂无可下载的文件',
    processing: '导出中',
    failed: '导出失败',
    download: '下载',
    delete: '删除',
    clearAll: '清空',
    clearPrompt: '确认清空当前记录吗？',
    confirm: '确定',
    cancel: '取消',
    more: '加载更多',
    loading: '加载中…',
    downloaded: '下载成功',
    downloadFailed: '下载失败',
  },
  en: {
    downloads: 'Downloads',
    list: 'Exported files',
    empty: 'No files to download',
    processing: 'Processing',
    failed: 'Failed',
    download: 'Download',
    delete: 'Delete',
    clearAll: 'Clear all',
    clearPrompt: 'Confirm to clear the current record?',
    confirm: 'OK',
    cancel: 'Cancel',
    more: 'Load more',
    loading: 'Loading…',
    downloaded: 'Download succeeded',
    downloadFailed: 'Download failed',
  },
});

/** While the open list shows a record being exported, it asks again this often (ms). */
const PROCESSING_POLL_MS = 2000;

// The call declarations (zod) and antd's toasts load when the popover is first opened or used.
const loadCalls = () => import('@portal/contract/calls/export-record');
const loadFeedback = () => import('../../features/antd/feedback.tsx');

/** The records, loaded page by page when the panel opens; delete, clear-all and download. */
function ExportList() {
  const t = useMessages(texts);
  const lang = useLang();
  const { website } = useSite();
  const [page, setPage] = useState(1);
  // Bumped to load the list again from page 1 (after a delete, later pages shift by one).
  const [generation, setGeneration] = useState(0);
  const [confirming, setConfirming] = useState(false);
  // Bumped by every delete and clear-all: a refresh asked before one answers with records that
  // may be gone, and is dropped (a refresh in flight at clear-all brought the records back, and
  // the next refreshes kept them, so "No files to download" never came; issue 19 item 14).
  const changes = useRef(0);
  // Focus rests here while a focused button goes away (a deleted row), so the panel stays open.
  const listRef = useRef<HTMLDivElement>(null);

  // The pages so far, one list: a later page adds the records not shown yet.
  const { data, setData } = useLoad<{ records: ExportRecord[]; total: number }>(
    async (signal, previous) => {
      const { findExportRecords } = await loadCalls();
      const p = await request(findExportRecords, { pageCurrent: page, pageSize: EXPORT_LIST_PAGE_SIZE }, { signal });
      const prev = previous?.records;
      const records =
        page === 1 || !prev ? p.list : [...prev, ...p.list.filter((r) => !prev.some((x) => x.id === r.id))];
      return { records, total: p.totalCount };
    },
    [page, generation],
  );
  const records = data?.records ?? null;
  const total = data?.total ?? 0;

  // An export a page just asked for is processing: the open list follows it to done or failed
  // (and shows records made meanwhile) without being opened again.
  const processing = records?.some((r) => r.exportStatus === 1) ?? false;
  useEffect(() => {
    if (!processing) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const asked = changes.current;
      void (async () => {
        const { findExportRecords } = await loadCalls();
        const p = await request(
          findExportRecords,
          { pageCurrent: 1, pageSize: EXPORT_LIST_PAGE_SIZE },
          { signal: controller.signal, quiet: true },
        );
        if (controller.signal.aborted || changes.current !== asked) return;
        setData((d) => {
          if (!d) return d;
          const fresh = p.list.filter((r) => !d.records.some((x) => x.id === r.id));
          const records = d.records.map((r) => p.list.find((x) => x.id === r.id) ?? r);
          return { records: [...fresh, ...records], total: p.totalCount };
        });
      })().catch(() => {
        // Given up (closed) or failed: the request layer has said why; the list stays as it is.
      });
    }, PROCESSING_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [processing, data, setData]);

  const toast = useCallback(
    (ok: boolean, detail?: string) =>
      void loadFeedback().then(({ showError, showSuccess }) =>
        ok
          ? showSuccess(t.downloaded, website.websiteThemeColor, lang)
          : showError(detail ? `${t.downloadFailed}：${detail}` : t.downloadFailed, website.websiteThemeColor, lang),
      ),
    [t, website.websiteThemeColor, lang],
  );

  const download = async (r: ExportRecord) => {
    try {
      const { getExportDownloadUrl } = await loadCalls();
      const env = await request(getExportDownloadUrl, { id: r.id, [NO_DISPOSE_FLAG]: true });
      if (!SUCCESS_CODES.includes(env.code) || !env.data) {
        // Signed out: the request layer's usual way (to /login); anything else: download failed.
        if (SIGN_IN_CODES.includes(env.code)) handleErrorEnvelope(env);
        toast(false, env.message);
        return;
      }
      const a = document.createElement('a');
      a.href = env.data.url;
      a.download = env.data.fileName;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
      toast(true);
    } catch {
      toast(false);
    }
  };

  const removeOne = useAction(async (r: ExportRecord) => {
    const { deleteExportRecord } = await loadCalls();
    changes.current++;
    await request(deleteExportRecord, { id: r.id });
    changes.current++;
    if (records && records.length < total) {
      // More records than shown: the next page would now skip one, so load again from the start.
      setPage(1);
      setGeneration((g) => g + 1);
    } else {
      setData((d) => d && { records: d.records.filter((x) => x.id !== r.id), total: Math.max(0, d.total - 1) });
    }
  });
  const remove = (r: ExportRecord) => {
    listRef.current?.focus();
    void removeOne.run(r);
  };

  const clear = useAction(async () => {
    const { deleteAllExportRecords } = await loadCalls();
    changes.current++;
    await request(deleteAllExportRecords, {});
    changes.current++;
    setData({ records: [], total: 0 });
  });
  const clearAll = () => {
    listRef.current?.focus();
    setConfirming(false);
    void clear.run();
  };

  const status = (r: ExportRecord) =>
    r.exportStatus === 2 ? (
      <button type="button" className="portal-exports-download" onClick={() => void download(r)}>
        <DownloadIcon aria-hidden="true" />
        {t.download}
        <span className="portal-visually-hidden"> {r.fileName}</span>
      </button>
    ) : (
      <span className={r.exportStatus === 1 ? 'portal-exports-processing' : 'portal-exports-failed'}>
        {r.exportStatus === 1 ? t.processing : t.failed}
      </span>
    );

  return (
    <div className="portal-exports" ref={listRef} tabIndex={-1} aria-label={t.list}>
      {records === null ? (
        <p className="portal-exports-empty">{t.loading}</p>
      ) : records.length === 0 ? (
        <p className="portal-exports-empty">{t.empty}</p>
      ) : (
        <>
          <ul className="portal-exports-list">
            {records.map((r) => (
              <li key={r.id} className="portal-exports-item">
                <div className="portal-exports-file">
                  <span className="portal-exports-name" title={r.fileName}>
                    {r.fileName}
                  </span>
                  <span className="portal-exports-meta">
                    {r.exportStatus === 2 && <span>{formatFileSize(r.fileSize)}</span>}
                    <time dateTime={r.gmtCreate}>{dateTime(r.gmtCreate)}</time>
                  </span>
                </div>
                {status(r)}
                <button
                  type="button"
                  className="portal-exports-delete"
                  aria-label={`${t.delete} ${r.fileName}`}
                  title={t.delete}
                  onClick={() => remove(r)}
                >
                  <DeleteIcon aria-hidden="true" />
                </button>
              </li>
            ))}
            {records.length < total && (
              <li className="portal-exports-more">
                <button type="button" onClick={() => setPage((p) => p + 1)}>
                  {t.more}
                </button>
              </li>
            )}
          </ul>
          <div className="portal-exports-footer">
            {confirming ? (
              <div role="alertdialog" aria-label={t.clearPrompt} className="portal-exports-confirm">
                <span>{t.clearPrompt}</span>
                <button type="button" onClick={() => setConfirming(false)}>
                  {t.cancel}
                </button>
                <button type="button" className="is-primary" onClick={clearAll} autoFocus>
                  {t.confirm}
                </button>
              </div>
            ) : (
              <button type="button" className="portal-exports-clear" onClick={() => setConfirming(true)}>
                {t.clearAll}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The header's export-download popover (account-area.md section 2): the signed-in learner's export
 * records with their status (processing, done with a download button, failed), per-item delete,
 * clear-all after a prompt, 'no files to download' when empty. No antd here (decision 004).
 */
export function ExportDownloads() {
  const t = useMessages(texts);
  return (
    <Disclosure
      className="portal-exports-menu"
      buttonClassName="portal-user-link portal-exports-button"
      panelClassName="portal-user-panel portal-exports-panel"
      button={
        <>
          <DownloadIcon aria-hidden="true" />
          <span>{t.downloads}</span>
        </>
      }
    >
      <ExportList />
    </Disclosure>
  );
}
