import { t } from '../i18n.js';
import { h } from '../dom.js';

const lines = (v) => v.split('\n').map((s) => s.trim()).filter(Boolean);

function phone(q, ctx) {
  const box = h('textarea', { id: 'litems' });
  return [h('form', { class: 'typed', onsubmit: (e) => { e.preventDefault(); ctx.send({ kind: 'texts', texts: lines(box.value) }); } },
    h('label', { for: 'litems', text: t('list.type', { n: q.figures.max }) }), box, h('button', { class: 'btn primary big', disabled: !ctx.open, text: t('p.lockIn') }))];
}

export default {
  name: 'list', phone, hostKey: true, answerText: (a) => a.texts.join(' / '), correctText: (c) => c.accepted.join(' / '),
  bars: (q, r) => h('ul', { class: 'list' }, r.correct.accepted.map((x, i) => h('li', { text: `${x} · ${r.optionCounts[i]}` }))),
  screen: () => h('p', { class: 'meta', text: t('list.screen') }),
  editor: {
    blank: () => ({ answer: [''] }),
    fields: (q, b, ctx) => ['answer', 'max'].map((k) => ctx.field(`${b}.${k}`, t(`e.list.${k}`), k === 'max'
      ? ctx.input(q.max ?? '', (v) => { q.max = +v || undefined; }) : h('textarea', { text: q.answer.join('\n'), oninput: (e) => { q.answer = lines(e.currentTarget.value); } }))),
  },
};
