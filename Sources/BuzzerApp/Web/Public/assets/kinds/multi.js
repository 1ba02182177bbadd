// A multi question: every right option of 2 to 6, locked in together; partial credit per item.
import { t, tn } from '../i18n.js';
import { h } from '../dom.js';
import { marker, LETTERS } from '../options.js';
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

/** How each option fared for the player: picked and right, picked and wrong, right but missed, or neither. */
const PICKS = {
  right: { icon: '✓', key: 'p.pickRight', edge: 'var(--right)' },
  wrong: { icon: '✗', key: 'p.pickWrong', edge: 'var(--wrong)' },
  missed: { icon: '○', key: 'p.pickMissed', edge: 'var(--right)' },
  none: { icon: '', key: null, edge: 'transparent' },
};

/** The phone's result: every option, marked with what the player picked, what was right and what they missed. */
function result(rev, mine, q) {
  if (!mine?.options) return h('p', { class: 'answer-was' }, ...tn('p.answerWas', { answer: h('strong', { text: optionWords(rev.correct.options ?? [], q.options) }) }));
  const right = new Set(rev.correct.options ?? []), picked = new Set(mine?.options ?? []);
  return h('ul', { class: 'multi-result', 'aria-label': t('p.yourPicks'), style: { 'list-style': 'none', padding: '0', margin: '0.75rem 0', display: 'grid', gap: '0.4rem', 'text-align': 'left' } },
    q.options.map((text, i) => {
      const how = picked.has(i) ? (right.has(i) ? 'right' : 'wrong') : right.has(i) ? 'missed' : 'none';
      const p = PICKS[how];
      return h('li', { class: `pick-${how}`, 'data-pick': how, style: { display: 'flex', 'align-items': 'center', gap: '0.6rem', padding: '0.45rem 0.6rem',
        'border-radius': '0.6rem', background: 'var(--surface-2)', border: `0.2rem ${how === 'missed' ? 'dashed' : 'solid'} ${p.edge}`, opacity: how === 'none' ? '0.75' : '1' } },
        h('span', { 'aria-hidden': 'true', style: { 'font-weight': '900', 'font-size': '1.3rem', 'min-width': '1.2rem', 'text-align': 'center' }, text: p.icon }),
        h('span', { class: `opt-${i}`, style: { 'border-radius': '0.4rem', padding: '0.15rem 0.35rem', flex: 'none' } }, marker(i)),
        h('span', { style: { 'min-width': '0', 'overflow-wrap': 'anywhere' } },
          h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), h(right.has(i) ? 'strong' : 'span', { class: 'pick-text', text }),
          p.key ? h('span', { class: 'hint', style: { display: 'block' }, text: t(p.key) }) : null));
    }));
}

export default {
  name: 'multi',
  phone,
  result,
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
