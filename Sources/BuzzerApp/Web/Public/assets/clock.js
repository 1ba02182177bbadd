// The server's clock and the countdown ring: every page times its questions by the server.
import { t } from './i18n.js';
import { h, $ } from './dom.js';

/** Positive when the server's clock is ahead of ours (set from every message's `serverTime`). */
const skew = { offset: 0 };
/** Call with every `serverTime`. */
export function syncClock(serverTime) {
  if (typeof serverTime === 'number') skew.offset = serverTime - Date.now();
}
export const serverNow = () => Date.now() + skew.offset;

/** Draws a countdown into the page's `#clock` ring (seconds left, share of time left, urgent at 5 s). */
export function drawClock(seconds, fraction) {
  const clock = $('#clock');
  if (!clock) return;
  $('.secs', clock).textContent = String(seconds);
  clock.style.setProperty('--left', String(fraction));
  clock.classList.toggle('urgent', seconds <= 5);
}

/**
 * A countdown to a server deadline. `onTick(secondsLeft, fraction)` runs about 4 times a
 * second; `announce` (an aria-live element) hears only the moments worth saying aloud.
 */
export class Countdown {
  constructor(onTick, announce) {
    this.onTick = onTick;
    this.announce = announce;
    this.timer = null;
  }
  start(from, deadline) {
    this.stop();
    this.from = from;
    this.deadline = deadline;
    this.said = new Set();
    const step = () => {
      const left = Math.max(0, this.deadline - serverNow());
      const seconds = Math.ceil(left / 1000);
      const total = Math.max(1, this.deadline - this.from);
      this.onTick(seconds, Math.min(1, left / total));
      for (const mark of [10, 5]) {
        if (seconds === mark && total > mark * 1000 + 1500 && !this.said.has(mark)) {
          this.said.add(mark);
          say(this.announce, t('clock.secondsLeft', { count: mark }));
        }
      }
      if (left <= 0) this.stop();
    };
    step();
    this.timer = setInterval(step, 250);
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
  /** The host stopped the clock: draw where it stands, once, and say so. */
  freeze(leftMs, totalMs, quiet = false) {
    this.stop();
    this.onTick(Math.ceil(leftMs / 1000), Math.min(1, leftMs / Math.max(1, totalMs)));
    if (!quiet) say(this.announce, t('clock.hostPaused'));
  }
}

/** The countdown ring: a role=timer box whose number and ring the Countdown callback moves. */
export function clock() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 36 36');
  svg.setAttribute('aria-hidden', 'true');
  for (const cls of ['ring-bg', 'ring']) {
    const c = document.createElementNS(ns, 'circle');
    for (const [k, v] of Object.entries({ cx: 18, cy: 18, r: 16, class: cls, pathLength: 100 })) c.setAttribute(k, String(v));
    svg.append(c);
  }
  return h('div', { id: 'clock', class: 'clock', role: 'timer', 'aria-label': t('clock.label') }, svg, h('span', { class: 'secs' }));
}

/** Starts `countdown` for the question's phase: to the opening while reading, then to the deadline. */
export function runClock(countdown, phase, q) {
  const node = document.getElementById('clock');
  if (!node || !q) return;
  const paused = typeof q.pausedLeftMs === 'number' && (phase === 'reading' || phase === 'open');
  node.classList.toggle('paused', paused);
  node.setAttribute('aria-label', paused ? t('clock.pausedLabel') : t('clock.label'));
  node.classList.toggle('waiting', phase === 'reading');
  // The window is `timeLimitMs` long and ends at the deadline: a pause moved the deadline, not the length.
  // A buzz floor holds the clock: still, no pause shown.
  const held = !paused && typeof q.heldLeftMs === 'number' && phase === 'open';
  node.classList.toggle('held', held);
  if (paused) countdown.freeze(q.pausedLeftMs, phase === 'reading' ? q.opensAt - q.shownAt : q.timeLimitMs);
  else if (held) countdown.freeze(q.heldLeftMs, q.timeLimitMs, true);
  else if (phase === 'reading') countdown.start(q.shownAt, q.opensAt);
  else if (phase === 'open') countdown.start(q.deadline - (q.timeLimitMs ?? q.deadline - q.opensAt), q.deadline);
  else { node.querySelector('.secs').textContent = '0'; node.style.setProperty('--left', '0'); }
}

/** Sets an aria-live region's text so screen readers say it (clearing first repeats it). */
export function say(region, text) {
  if (!region) return;
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}
