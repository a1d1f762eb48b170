/** The watermark moves this often (milliseconds). */
export const WATERMARK_MOVE_MS = 8000;

/** A place inside the video, in percent of its box, away from the edges and the control bar. */
function randomPlace(): { left: number; top: number } {
  return { left: 4 + Math.random() * 56, top: 6 + Math.random() * 70 };
}

/**
 * The learner's name and masked phone over the video (issue 12 item 3), put in `layer` (a box over
 * the video inside the player's own element, so it stays over the video in full screen): it moves
 * to a new random place every WATERMARK_MOVE_MS and lets every click through to the player
 * (player.css). Decoration for people, hidden from assistive technology. Returns its removal.
 */
export function mountWatermark(layer: HTMLElement, text: string): () => void {
  const mark = document.createElement('div');
  mark.className = 'portal-watermark';
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = text;
  const move = () => {
    const { left, top } = randomPlace();
    mark.style.left = `${left}%`;
    mark.style.top = `${top}%`;
  };
  move();
  layer.append(mark);
  const timer = window.setInterval(move, WATERMARK_MOVE_MS);
  return () => {
    window.clearInterval(timer);
    mark.remove();
  };
}
