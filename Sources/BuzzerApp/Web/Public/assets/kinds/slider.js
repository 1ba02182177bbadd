// slider: docs/kinds-typed.md.
import { t, formatNumber } from '../i18n.js';
import { h } from '../dom.js';

const num = (n) => formatNumber(n).replace(/^-/, '−'), R = 'var(--right)';
const sc = (q) => { const f = q?.figures ?? {}, a = f.min ?? 0; return { a, b: f.max > a ? f.max : a + 1, st: f.step > 0 ? f.step : 1, tol: f.tolerance }; };
const at = (s, v) => `${Math.min(100, Math.max(0, (100 * (v - s.a)) / (s.b - s.a)))}%`;
const abs = (left, x) => ({ position: 'absolute', top: 0, bottom: 0, left, ...x });
const correctText = (c, o, q) => num(c.value) + (sc(q).tol ? ` ± ${num(sc(q).tol)}` : '');

function phone(q, ctx) {
  const s = sc(q), v = s.a + Math.round((s.b - s.a) / s.st / 2) * s.st, out = h('output', { class: 'slider-value', text: num(v) });
  const input = h('input', { type: 'range', class: 'slider-input', min: s.a, max: s.b, step: s.st, value: v, disabled: !ctx.open,
    'aria-label': t('slider.drag'), style: { width: '100%', height: '3rem' }, oninput: (e) => { out.textContent = num(+e.currentTarget.value); } });
  return [h('div', { style: { display: 'grid', gap: '1rem' } }, out, input,
    h('button', { type: 'button', class: 'btn primary slider-lock', text: t('slider.lock'), disabled: !ctx.open, onclick: () => ctx.send({ kind: 'number', value: +input.value }) }))];
}

function bars(q, rev) {
  const s = sc(q), v = rev.correct?.value, gs = rev.closest ?? [], ok = (g) => (s.tol != null ? g.distance <= s.tol : g.distance === gs[0].distance);
  return h('figure', { class: 'slider-reveal' },
    h('div', { style: { position: 'relative', height: '3em', 'border-bottom': '.15em solid' } },
      s.tol != null && v != null ? h('span', { class: 'slider-band', style: abs(at(s, v - s.tol), { right: `calc(100% - ${at(s, v + s.tol)})`, background: R, opacity: 0.3 }) }) : null,
      gs.map((g) => h('span', { class: `slider-guess${ok(g) ? ' right' : ''}`,
        style: abs(`calc(${at(s, g.value)} - .4em)`, { top: 'auto', width: '.8em', height: '.8em', 'border-radius': '50%', background: ok(g) ? R : 'currentColor' }) })),
      v == null ? null : h('span', { class: 'slider-answer', style: abs(at(s, v), { 'border-left': `.2em solid ${R}` }) })),
    h('strong', { text: v == null ? '' : correctText(rev.correct, 0, q) }));
}

const fields = (q, base, ctx) => ['min', 'max', 'step', 'answer', 'tolerance'].map((k) => ctx.field(`${base}.${k}`, t(`e.slider.${k}`),
  ctx.input(q[k] ?? '', (v) => { q[k] = k === 'tolerance' && !`${v}`.trim() ? undefined : +`${v}`.replace(',', '.'); }, { inputmode: 'decimal' })));

export default {
  name: 'slider', phone, correctText, hostKey: true, revealLine: true, bars, answerText: (a) => num(a.value),
  screen: (q) => h('p', { class: 'meta', text: t('slider.screen', { min: num(sc(q).a), max: num(sc(q).b) }) }),
  editor: { blank: () => ({ min: 0, max: 100, step: 1, answer: 50 }), fields },
};
