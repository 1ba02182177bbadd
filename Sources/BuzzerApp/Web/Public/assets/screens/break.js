// The slide between rounds, on every page, with its countdown by the server's clock.
import { t, tn } from '../i18n.js';
import { h } from '../dom.js';
import { serverNow } from '../clock.js';

/** The slide between rounds: title, text, what comes next, and its countdown (`tickBreak` moves it). */
export function breakSlide(b, headingId = 'break-title') {
  return [h('p', { class: 'eyebrow', text: t('q.break') }),
    h('h1', { id: headingId, text: b.title }),
    b.text ? h('p', { class: 'break-text', text: b.text }) : null,
    b.upNext ? h('p', { class: 'break-next' }, ...tn('q.upNext', { next: h('strong', { text: b.upNext }) })) : null,
    h('p', { id: 'break-left', class: 'break-left', role: 'timer' })];
}

/** The one running break countdown (a redraw replaces it). */
const ticking = { timer: null };
/** Redraws the countdown every second by the server's clock: "Back in 9:41", then "Back any moment". */
export function tickBreak(b) {
  clearInterval(ticking.timer);
  const step = () => {
    const node = document.getElementById('break-left');
    if (!node) { clearInterval(ticking.timer); return; }
    const s = Math.ceil(((b.endsAt ?? 0) - serverNow()) / 1000);
    node.textContent = typeof b.endsAt !== 'number' ? '' : s > 0 ? t('q.backIn', { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` }) : t('q.backSoon');
  };
  step();
  ticking.timer = setInterval(step, 1000);
}
