// A number typed on the phone: right when it is the number (docs/game-rules.md).
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { formatScore } from '../options.js';
import { typedForm } from './shared.js';

export default {
  name: 'number',
  phone: (q, ctx) => [typedForm(ctx, { label: t('p.yourAnswerNumber'), attrs: { inputmode: 'decimal' }, parse: (raw) => {
    const value = Number(raw.replace(/[\s,]/g, ''));
    if (Number.isFinite(value)) return { kind: 'number', value };
    ctx.fail(t('p.typeNumber', { example: 1912 }));
    return null;
  } })],
  answerText: (a) => formatScore(a.value),
  correctText: (c) => formatScore(c.value),
  hostKey: true,
  screen: () => h('p', { class: 'meta', text: t('d.typeNumber') }),
  revealLine: true,
  bars: () => null,
  editor: {
    blank: () => ({ answer: 0 }),
    fields: (q, base, ctx) => ctx.field(`${base}.answer`, t('e.rightNumber'), ctx.input(q.answer, (v) => { q.answer = Number(v); }, { inputmode: 'decimal' })),
  },
};
