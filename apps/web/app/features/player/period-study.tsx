import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { CallResponse } from '@portal/contract/call';
import {
  PeriodType,
  updateStudyProgress,
  viewImageText,
  viewTranscript,
  watchStudyResource,
  type CourseConfig,
  type CoursePeriod,
} from '@portal/contract/calls/study';
import { ErrorCode, errorText } from '@portal/contract/errors';
import { ApiError, request, toastOnce } from '../../lib/api.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { useCall } from '../../lib/use-call.ts';
import { RichContent } from '../rich-content/rich-content.tsx';
import { playerMessages } from './player-messages.ts';
import { ProgressReporter, type ProgressEventCode } from './progress-reporter.ts';
import { SeekGuard } from './seek-guard.ts';
import { TranscriptPanel } from './transcript-panel.tsx';
import { VideoStage, type StageEngine } from './video-stage.tsx';

export type ProgressAnswer = CallResponse<typeof updateStudyProgress>;

// pdf.js loads with a document period only.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

interface PeriodStudyProps {
  courseId: number;
  period: CoursePeriod;
  config: CourseConfig;
  /** A report's answer (progress of the period and the course, what completing it earned). */
  onAnswer(answer: ProgressAnswer): void;
  /** 在此继续学习: open the period again, making this player the one that earns. */
  onReopen(): void;
}

/** Seconds to report, at most three decimals (the server keeps milliseconds). */
const at = (seconds: number) => Math.round(Math.max(0, seconds) * 1000) / 1000;

/**
 * Studying one period: opens it (watchStudyResource, the player id every report carries), shows it
 * by kind — the video with its watermark, the PDF, the image-text — and reports progress as
 * progress-reporter.ts says, with the answers going to the page. Another player of the learner
 * taking over (8010) pauses this one; a forward skip the server refuses (8011) goes back to its
 * furthest point.
 */
export function PeriodStudy({ courseId, period, config, onAnswer, onReopen }: PeriodStudyProps) {
  const t = useMessages(playerMessages);
  const lang = useLang();
  /** 8011's message for a seek the player sent back itself (once in 2 s while the learner drags, as the request layer's). */
  const warnSeek = () => toastOnce(errorText(ErrorCode.STUDY_SEEK_FORWARD, lang));
  const { data: play, error, loading } = useCall(watchStudyResource, { courseId, periodId: period.id });
  const engine = useRef<StageEngine | null>(null);
  const reporter = useRef<ProgressReporter | null>(null);
  /** The video played or seeked since it opened (its own position counts from then on). */
  const moved = useRef(false);
  const [takenOver, setTakenOver] = useState('');
  const [time, setTime] = useState(0);
  const guard = useMemo(() => (play ? new SeekGuard(play.furthestSeconds, play.completed) : null), [play]);
  // The latest callbacks, read by the reporter and the page's listeners.
  const latest = useRef({ onAnswer, onReopen });
  useEffect(() => {
    latest.current = { onAnswer, onReopen };
  });

  useEffect(() => {
    if (!play || !guard) return;
    const video = play.periodType === PeriodType.VIDEO;
    moved.current = false;
    const send = async (event: ProgressEventCode, position: number, { keepalive }: { keepalive: boolean }) => {
      const input = { courseId, periodId: play.periodId, playerId: play.playerId, position: at(position), event };
      // Leaving: the answer may come to another page, or to none; nothing of it is shown.
      if (keepalive) return request(updateStudyProgress, { ...input, _No_dispose: true }, { quiet: true, keepalive });
      try {
        const answer = await request(updateStudyProgress, input, { quiet: true });
        if (r.stopped) return;
        guard.confirmed(answer);
        latest.current.onAnswer(answer);
      } catch (err) {
        // The request layer has shown the message; the player acts on it.
        if (!(err instanceof ApiError) || r.stopped) throw err;
        if (err.code === ErrorCode.STUDY_ELSEWHERE) {
          r.stop();
          engine.current?.pause();
          setTakenOver(err.message || errorText(ErrorCode.STUDY_ELSEWHERE, lang));
        } else if (err.code === ErrorCode.STUDY_SEEK_FORWARD) {
          const furthest = Number((err.data as { furthestSeconds?: unknown } | null)?.furthestSeconds);
          const back = Number.isFinite(furthest) ? furthest : guard.furthest;
          guard.refused(back);
          engine.current?.reset(back);
        }
        throw err;
      }
    };
    const r = new ProgressReporter({
      kind: video ? 'video' : 'reading',
      intervalMs: Math.max(1, config.reportSeconds) * 1000,
      hidden: document.visibilityState === 'hidden',
      // Until the video played or went to its start (a seek), it is where it opened: its element
      // says 0 before the player seeks to the start time, and a reload then (LEAVE) used to save 0.
      position: () =>
        !video ? 0 : moved.current && engine.current ? engine.current.currentTime() : play.resumeSeconds,
      send,
    });
    reporter.current = r;
    // Nothing counts while the page is hidden: the video pauses there too, so coming back does not
    // find it ahead of what the server allows (the learner plays it again).
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return r.show();
      r.hide();
      if (video) engine.current?.pause();
    };
    const onPageHide = () => r.leave();
    // Back from the back-forward cache: this player said LEAVE, so the period is opened again.
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) latest.current.onReopen();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Another period or page: this one is left.
      r.leave();
      reporter.current = null;
    };
  }, [play, guard, courseId, config.reportSeconds, lang]);

  const transcript = useCall(
    viewTranscript,
    period.hasTranscript && period.periodType === PeriodType.VIDEO ? { courseId, periodId: period.id } : null,
    { quiet: true },
  );

  if (error) return <StageNote error={error} />;
  if (!play || loading) return <p className="portal-watch-note">{t.loading}</p>;

  const seekTo = (seconds: number) => {
    if (!guard || !engine.current) return;
    const back = guard.check(seconds);
    if (back !== null) {
      warnSeek();
      return;
    }
    engine.current.seek(seconds);
  };

  return (
    <div className="portal-watch-period">
      <div className="portal-watch-screen">
        {play.periodType === PeriodType.VIDEO && play.video ? (
          <VideoStage
            material={play.video}
            startTime={play.resumeSeconds}
            speeds={config.speeds}
            watermark={config.watermark ? play.watermark : ''}
            guard={guard ?? undefined}
            onEngine={(e) => (engine.current = e)}
            handlers={{
              play: () => {
                moved.current = true;
                reporter.current?.play();
              },
              pause: () => reporter.current?.pause(),
              ended: () => reporter.current?.ended(),
              seeked: (_position, from) => {
                moved.current = true;
                reporter.current?.seeked(from);
              },
              timeupdate: setTime,
              seekRefused: warnSeek,
            }}
          />
        ) : play.periodType === PeriodType.DOCUMENT ? (
          <Suspense fallback={<p className="portal-watch-note">{t.loading}</p>}>
            <PdfViewer key={play.documentUrl} url={play.documentUrl} name={play.documentName} />
          </Suspense>
        ) : play.periodType === PeriodType.IMAGE_TEXT ? (
          <ImageText courseId={courseId} periodId={play.periodId} />
        ) : (
          <p className="portal-watch-note">{t.platformUnsupported}</p>
        )}
        {takenOver && (
          <div className="portal-watch-takeover" role="alertdialog" aria-labelledby="portal-watch-takeover-text">
            <p id="portal-watch-takeover-text">{takenOver}</p>
            <button type="button" className="portal-watch-button portal-watch-button--primary" onClick={onReopen}>
              {t.studyHere}
            </button>
          </div>
        )}
      </div>
      {transcript.data && transcript.data.length > 0 && (
        <TranscriptPanel cues={transcript.data} time={time} onSeek={seekTo} />
      )}
    </div>
  );
}

function ImageText({ courseId, periodId }: { courseId: number; periodId: number }) {
  const t = useMessages(playerMessages);
  const { data, error } = useCall(viewImageText, { courseId, periodId });
  if (error) return <StageNote error={error} />;
  if (!data) return <p className="portal-watch-note">{t.loading}</p>;
  return (
    <article className="portal-watch-article">
      <RichContent html={data.content} />
    </article>
  );
}

/** Why a period does not open (not bought, not ready, locked…), as the gateway said it. */
function StageNote({ error }: { error: unknown }) {
  const t = useMessages(playerMessages);
  const lang = useLang();
  const text =
    error instanceof ApiError
      ? error.message || (error.code === ErrorCode.STUDY_RESOURCE_LOCKED ? errorText(error.code, lang) : t.failed)
      : t.failed;
  return (
    <p className="portal-watch-note portal-video-failed" role="alert">
      {text}
    </p>
  );
}
