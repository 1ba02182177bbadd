// A choice question: one right option of 2 to 6.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { optionBars, screenOptions, optionWords, optionButton, optionFields } from './shared.js';

/** The phone's buttons, one per option; a tap sends it. Poll questions use the same. */
export const optionTaps = (q, ctx) => [h('div', { class: `answers n${q.options.length}`, role: 'group', 'aria-label': t('q.answers') },
  q.options.map((_, i) => optionButton(q, i, { disabled: !ctx.open, onclick: () => ctx.send({ kind: q.kind, option: i }) })))];

export default {
  name: 'choice',
  phone: optionTaps,
  answerText: (a, q) => optionWords([a.option], q.options),
  correctText: (c, options) => optionWords(c.options, options),
  screen: screenOptions,
  bars: optionBars,
  editor: {
    blank: () => ({ options: ['', ''], answer: 0 }),
    options: true,
    fields: optionFields,
  },
};
