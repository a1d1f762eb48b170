import { useEffect, useRef } from 'react';
import { useMessages } from '../../lib/i18n.ts';
import { playerMessages } from './player-messages.ts';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** 75 → "01:15", 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The cue playing at `time`: the last one begun, while it lasts. */
export function currentCue(cues: readonly Cue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    if (cue.start <= time && time < cue.end) found = i;
  }
  return found;
}

/**
 * A video period's transcript (viewTranscript): its cues with their times, the one playing
 * highlighted and kept in view; a click goes there (the page keeps it within the allowed range).
 */
export function TranscriptPanel({ cues, time, onSeek }: { cues: Cue[]; time: number; onSeek(seconds: number): void }) {
  const t = useMessages(playerMessages);
  const list = useRef<HTMLOListElement>(null);
  const current = currentCue(cues, time);
  useEffect(() => {
    const box = list.current;
    const item = box?.children[current] as HTMLElement | undefined;
    if (!box || !item) return;
    // Scroll the list only, never the page.
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = item.offsetTop - box.clientHeight / 3;
    }
  }, [current]);
  return (
    <section className="portal-transcript" aria-labelledby="portal-transcript-title">
      <h2 id="portal-transcript-title" className="portal-watch-side-title">
        {t.transcript}
      </h2>
      <ol ref={list} className="portal-transcript-list">
        {cues.map((cue, i) => (
          <li key={`${cue.start}-${i}`}>
            <button
              type="button"
              className={i === current ? 'portal-transcript-cue is-current' : 'portal-transcript-cue'}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => onSeek(cue.start)}
            >
              {/* The name is the visible text, led by what a click does (WCAG 2.5.3: label in name). */}
              <span className="portal-visually-hidden">{t.cueSeek} </span>
              <span className="portal-transcript-time">{clock(cue.start)}</span>
              <span>{cue.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
