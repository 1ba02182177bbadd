// A multi question: every right option of 2 to 6, locked in together; partial credit per item.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { optionBars, screenOptions, optionWords, optionButton, optionFields } from './shared.js';

/** Taps toggle options; the lock-in button sends them all. */
function phone(q, ctx) {
  const picked = new Set();
  const submit = h('button', { type: 'button', id: 'lock-multi', class: 'btn primary big', disabled: true, text: t('p.lockInAnswers'),
    onclick: () => ctx.send({ kind: 'multi', options: [...picked].sort() }) });
  return [h('p', { class: 'hint', text: t('p.pickEvery') }),
    h('div', { class: `answers n${q.options.length}`, role: 'group', 'aria-label': t('p.answersMulti') },
      q.options.map((_, i) => optionButton(q, i, { 'aria-pressed': 'false', disabled: !ctx.open, onclick: (e) => {
        if (picked.has(i)) picked.delete(i); else picked.add(i);
        e.currentTarget.setAttribute('aria-pressed', String(picked.has(i)));
        submit.disabled = picked.size === 0 || !ctx.answerable();
      } }, h('span', { class: 'check', 'aria-hidden': 'true', text: '✓' })))),
    submit];
}

export default {
  name: 'multi',
  phone,
  answerText: (a, q) => optionWords(a.options, q.options),
  correctText: (c, options) => optionWords(c.options, options),
  screen: screenOptions,
  bars: optionBars,
  editor: {
    blank: () => ({ options: ['', ''], answer: [0] }),
    options: true,
    credit: true,
    fields: optionFields,
  },
};
