// The projector's music: the question's clip (one audio element, kept across redraws so a count
// update never cuts it), the "now playing" card that follows it, the host's remote for it (`clip`:
// play, replay, stop, volume) and the full-width "Click to turn on sound" a browser needs first.
import { h, t } from '../common.js';
import { formatNumber } from '../i18n.js';

const NS = 'http://www.w3.org/2000/svg';

/** A beamed pair of notes, drawn so the card needs no image file. */
function noteIcon() {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'np-icon');
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', 'M9 3v11.6A3.5 3.5 0 1 0 11 18V8h8v6.6a3.5 3.5 0 1 0 2 3.4V3z');
  svg.append(path);
  return svg;
}

export class Music {
  /**
   * `serverNow()`: the server's clock, so every projector starts a clip together; `blocked()`: what
   * to do when the browser refuses to play (say it, show the prompt).
   */
  constructor({ serverNow, blocked }) {
    this.serverNow = serverNow;
    this.blocked = blocked;
    /** The clip on this screen: its file, its start and end in the file (seconds; end null: to its end), and a key for the question and phase. */
    this.clip = null;
    this.playing = '';
    this.startTimer = null;
    this.tick = null;
    this.player = h('audio', { id: 'clip', preload: 'auto', hidden: true });
    this.fill = h('span', { class: 'np-fill' });
    this.bar = h('div', { class: 'np-bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': '0', 'aria-label': t('d.clipProgress') }, this.fill);
    this.time = h('p', { class: 'np-time', id: 'np-time' });
    this.card = h('aside', { id: 'now-playing', class: 'now-playing', hidden: true, 'aria-label': t('d.nowPlaying') },
      noteIcon(), h('div', { class: 'np-body' }, h('p', { class: 'np-title', text: t('d.nowPlaying') }), this.bar), this.time);
    document.body.append(this.player, this.card);
    for (const type of ['play', 'pause', 'ended', 'timeupdate', 'loadedmetadata']) this.player.addEventListener(type, () => this.draw());
    this.player.addEventListener('timeupdate', () => { if (this.clip?.end !== null && this.clip && this.player.currentTime >= this.clip.end) this.stop(); });
  }

  /** Words again after a change of language. */
  relabel() {
    this.card.setAttribute('aria-label', t('d.nowPlaying'));
    this.card.querySelector('.np-title').textContent = t('d.nowPlaying');
    this.bar.setAttribute('aria-label', t('d.clipProgress'));
    this.draw();
  }

  /**
   * The screen's clip: a question's starts when answers open, at the server's moment, so every
   * projector in the room starts together; a reveal's starts at the reveal. A display that joins
   * late starts the clip where it would be by now. `q` is null for a reveal's clip.
   */
  follow(media, q, phase) {
    const key = media?.audio ? `${media.audio}:${q ? q.sequence : 'reveal'}:${phase}` : '';
    if (key === this.playing) return;
    this.playing = key;
    clearTimeout(this.startTimer);
    // The clip stays known after it stops (the host may play it again), until a question without one.
    if (media?.audio) {
      const start = (media.startMs ?? 0) / 1000;
      this.clip = { audio: media.audio, start, end: media.durationMs ? start + media.durationMs / 1000 : null, opensAt: q?.opensAt ?? null };
    } else if (q) this.clip = null;
    if (!media?.audio || (q && phase !== 'reading' && phase !== 'open')) { this.stop(); return; }
    if (!this.player.src.endsWith(media.audio)) this.player.src = media.audio;
    if (q && phase === 'reading') { this.player.pause(); this.startTimer = setTimeout(() => this.play(true), Math.max(0, q.opensAt - this.serverNow())); return; }
    this.play(!!q);
  }

  /** Plays the clip from its start (`late`: from where it would be now, since answers opened). */
  play(late = false) {
    if (!this.clip) return;
    clearTimeout(this.startTimer);
    if (!this.player.src.endsWith(this.clip.audio)) this.player.src = this.clip.audio;
    const behind = late && this.clip.opensAt ? Math.max(0, this.serverNow() - this.clip.opensAt) / 1000 : 0;
    this.player.currentTime = this.clip.start + behind;
    this.player.play().catch(() => this.blocked());
    this.draw();
  }

  stop() {
    clearTimeout(this.startTimer);
    this.player.pause();
    this.draw();
  }

  forget() {
    this.clip = null;
    this.stop();
  }

  /** The host's remote: `{action, volume}` (volume in percent, or null to leave it). */
  control({ action, volume }) {
    if (typeof volume === 'number') this.player.volume = Math.min(100, Math.max(0, volume)) / 100;
    if (action === 'play' || action === 'replay') this.play();
    else if (action === 'stop') this.stop();
  }

  /** Sound off on this screen mutes the clip too: what the console is told is what the room hears. */
  set muted(on) { this.player.muted = on; }

  /** The card: shown while the clip plays, with the bar and "elapsed / total" in whole seconds. */
  draw() {
    const on = !!this.clip && !this.player.paused && !this.player.ended;
    this.card.hidden = !on;
    document.body.classList.toggle('clip-playing', on);
    clearInterval(this.tick);
    if (!on) return;
    this.tick = setInterval(() => this.draw(), 500);
    const { start, end } = this.clip;
    const total = end ?? (Number.isFinite(this.player.duration) ? this.player.duration : NaN);
    const elapsed = Math.max(0, this.player.currentTime - start);
    const length = Math.max(0, total - start);
    const share = length > 0 ? Math.min(100, Math.round((elapsed / length) * 100)) : 0;
    this.fill.style.width = `${share}%`;
    this.bar.setAttribute('aria-valuenow', String(share));
    this.time.textContent = Number.isFinite(length) && length > 0
      ? t('d.clipTime', { elapsed: formatNumber(Math.min(Math.floor(elapsed), Math.round(length))), total: formatNumber(Math.round(length)) })
      : t('d.clipElapsed', { elapsed: formatNumber(Math.floor(elapsed)) });
  }
}

/**
 * The full-width "Click to turn on sound": a browser keeps a page silent until someone clicks it.
 * `onClick` turns the sound on; the page shows the prompt while its sound is off.
 */
export function soundPrompt(onClick) {
  const button = h('button', { type: 'button', id: 'sound-prompt', class: 'sound-prompt', hidden: true, onclick: onClick },
    noteIcon(), h('span', { 'data-i18n': 'd.clickForSound', text: t('d.clickForSound') }));
  // Over the page just under the top bar: it never covers the bar's own Sound button, and the
  // screen's layout (fitted to the whole screen) does not move when it comes and goes. In the bar's
  // landmark (position: fixed takes it out of the bar's row), so a screen reader finds it there.
  const bar = document.querySelector('.topbar');
  (bar ?? document.body).append(button);
  if (bar) new ResizeObserver(() => { button.style.top = `${Math.round(bar.getBoundingClientRect().bottom)}px`; }).observe(bar);
  return button;
}
