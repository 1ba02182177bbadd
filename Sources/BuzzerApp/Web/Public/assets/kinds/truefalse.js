// A true/false question.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { bars } from './shared.js';

const words = (value) => (value ? t('tf.true') : t('tf.false'));
const mark = (value) => h('span', { class: 'marker', 'aria-hidden': 'true' }, h('span', { class: 'letter', text: value ? '✓' : '✗' }));

export default {
  name: 'truefalse',
  phone: (q, ctx) => [h('div', { class: 'answers n2 tf', role: 'group', 'aria-label': t('q.answers') },
    [true, false].map((value) => h('button', { type: 'button', class: `answer opt-${value}`, disabled: !ctx.open,
      onclick: () => ctx.send({ kind: 'truefalse', value }) }, mark(value), h('span', { class: 'atext', text: words(value) }))))],
  answerText: (a) => words(a.value),
  correctText: (c) => words(c.value),
  hostKey: true,
  screen: () => h('ul', { class: 'answers' },
    [true, false].map((v) => h('li', { class: `answer opt-${v}` }, mark(v), h('span', { class: 'atext', text: words(v) })))),
  bars: (q, reveal) => bars({ labels: [words(true), words(false)], tf: true,
    counts: [reveal.trueFalseCounts?.[1] ?? 0, reveal.trueFalseCounts?.[0] ?? 0],
    right: reveal.correct?.kind === 'truefalse' ? [reveal.correct.value ? 0 : 1] : [] }),
  editor: {
    blank: () => ({ answer: true }),
    fields: (q, base, ctx) => ctx.field(`${base}.answer`, t('e.rightAnswer'), h('select', { onchange: (e) => { q.answer = e.currentTarget.value === 'true'; } },
      h('option', { value: 'true', text: words(true), selected: q.answer === true }), h('option', { value: 'false', text: words(false), selected: q.answer === false }))),
  },
};
