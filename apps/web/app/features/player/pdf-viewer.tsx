import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
// The worker is one of the app's own assets (CSP worker-src 'self'), never a CDN's.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { format, useMessages } from '../../lib/i18n.ts';
import { playerMessages } from './player-messages.ts';

/**
 * PDF.js, loaded by the browser when a viewer first opens a document. Never at import: a page the
 * server renders with a viewer would load it into the server (its browser build, meant for a
 * window), where it stays in the heap for good.
 */
const loadPdfjs = async () => {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
};

const ZOOMS = [50, 75, 100, 125, 150, 200, 300];

/**
 * A document period's PDF shown in the page with pdf.js (loaded only with this component): one
 * page at a time, page navigation and zoom (100 % fits the page to the viewer's width).
 * `onPage` hears of each page shown with the document's page count (a study task's material item
 * is read once its last page has been shown).
 */
export default function PdfViewer({
  url,
  data,
  name,
  onPage,
}: {
  url: string;
  /** The document's bytes when the page has them (a preview made by a call); `url` then only downloads. */
  data?: Uint8Array;
  name: string;
  onPage?: (page: number, pages: number) => void;
}) {
  const t = useMessages(playerMessages);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(100);
  const [rendered, setRendered] = useState(0);
  const latestOnPage = useRef(onPage);
  useEffect(() => {
    latestOnPage.current = onPage;
  });
  useEffect(() => {
    if (doc && rendered > 0) latestOnPage.current?.(rendered, doc.numPages);
  }, [doc, rendered]);

  useEffect(() => {
    // A new URL is a new viewer (the page keys it by URL): nothing to reset here.
    let gone = false;
    let task: PDFDocumentLoadingTask | undefined;
    loadPdfjs()
      .then((pdfjs) => {
        if (gone) return;
        // pdf.js takes the bytes to its worker: a copy, so the caller's stay whole.
        task = pdfjs.getDocument(
          data ? { data: data.slice(), isEvalSupported: false } : { url, isEvalSupported: false },
        );
        return task.promise.then((d) => {
          if (!gone) setDoc(d);
        });
      })
      .catch((err: unknown) => {
        if (gone) return;
        console.error(err);
        setFailed(true);
      });
    return () => {
      gone = true;
      void task?.destroy();
    };
  }, [url, data]);

  useEffect(() => {
    if (!doc || !canvas.current || !box.current) return;
    const el = canvas.current;
    const width = box.current.clientWidth;
    let task: RenderTask | undefined;
    let gone = false;
    void doc.getPage(page).then((p) => {
      if (gone) return;
      const fit = width / p.getViewport({ scale: 1 }).width;
      const viewport = p.getViewport({ scale: (fit * zoom) / 100 });
      const ratio = window.devicePixelRatio || 1;
      el.width = Math.floor(viewport.width * ratio);
      el.height = Math.floor(viewport.height * ratio);
      el.style.width = `${Math.floor(viewport.width)}px`;
      el.style.height = `${Math.floor(viewport.height)}px`;
      task = p.render({
        canvas: el,
        viewport,
        ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
      });
      task.promise.then(
        () => {
          if (!gone) setRendered(page);
        },
        (err: unknown) => {
          if (!gone && (err as { name?: string })?.name !== 'RenderingCancelledException') console.error(err);
        },
      );
    });
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  const pages = doc?.numPages ?? 0;
  const zoomAt = ZOOMS.indexOf(zoom);
  if (failed) {
    return (
      <div className="portal-pdf">
        <p className="portal-video-note portal-video-failed" role="alert">
          {t.documentFailed}
        </p>
        <a className="portal-pdf-download" href={url} download={name || true}>
          {t.download}
        </a>
      </div>
    );
  }
  return (
    <div className="portal-pdf">
      <div className="portal-pdf-toolbar" role="toolbar" aria-label={name}>
        <button type="button" onClick={() => setPage((p) => p - 1)} disabled={!doc || page <= 1}>
          {t.pdfPrevious}
        </button>
        <span className="portal-pdf-page" aria-live="polite">
          {doc ? format(t.pdfPage, { page, pages }) : t.loading}
        </span>
        <button type="button" onClick={() => setPage((p) => p + 1)} disabled={!doc || page >= pages}>
          {t.pdfNext}
        </button>
        <span className="portal-pdf-gap" />
        <button
          type="button"
          onClick={() => setZoom(ZOOMS[zoomAt - 1] ?? zoom)}
          disabled={zoomAt <= 0}
          aria-label={t.zoomOut}
        >
          −
        </button>
        <span className="portal-pdf-zoom">{format(t.zoomValue, { zoom })}</span>
        <button
          type="button"
          onClick={() => setZoom(ZOOMS[zoomAt + 1] ?? zoom)}
          disabled={zoomAt >= ZOOMS.length - 1}
          aria-label={t.zoomIn}
        >
          +
        </button>
        <a className="portal-pdf-download" href={url} download={name || true}>
          {t.download}
        </a>
      </div>
      {/* Scrolled when zoomed in: reachable by keyboard (arrow keys scroll it). */}
      <div ref={box} className="portal-pdf-canvas" tabIndex={0} role="region" aria-label={name}>
        <canvas
          ref={canvas}
          data-page={rendered}
          role="img"
          aria-label={doc ? format(t.pdfPage, { page, pages }) : name}
        />
      </div>
    </div>
  );
}
