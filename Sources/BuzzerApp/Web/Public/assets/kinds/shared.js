// What the option kinds (choice, multi, poll, order) and true/false share: the bars of a reveal,
// the projector's list of options, and the editor's option rows.
import { t, formatNumber } from '../i18n.js';
import { h } from '../dom.js';
import { LETTERS, marker } from '../options.js';

/** Horizontal bars of how many picked each option (reveal). `ids` puts them in another order (order
 *  questions: the right order); `right` are the right ones; `tf` draws true/false without letters;
 *  `top` (a poll, which has no right one) marks the most chosen. */
export function bars({ labels, counts, right = [], ids, tf = false, top = false }) {
  const most = Math.max(1, ...counts.map((c) => c ?? 0));
  if (top && Math.max(0, ...counts.map((c) => c ?? 0)) > 0) right = counts.flatMap((c, i) => (c === most ? [i] : []));
  const mark = top ? 'bars.mostChosen' : 'bars.correct';
  return h('ul', { class: `bars${right.length ? ' has-right' : ''}`, 'aria-label': t('bars.label') },
    labels.map((label, k, _, i = ids?.[k] ?? k) => h('li', { class: `bar opt-${tf ? (i === 0 ? 'true' : 'false') : i}${right.includes(i) ? ' right' : ''}` },
      tf ? null : marker(i),
      h('span', { class: 'label' }, h('span', { class: 'sr-only', text: tf ? '' : `${LETTERS[i]}: ` }), label,
        right.includes(i) ? h('span', { class: 'tick', text: t(mark) }) : null),
      h('span', { class: 'track', 'aria-hidden': 'true' }, h('span', { class: 'fill', style: { width: `${(100 * (counts[k] ?? 0)) / most}%` } })),
      h('span', { class: 'count', text: formatNumber(counts[k] ?? 0) }))));
}

/** Bars for a question with options: how many picked each. */
export const optionBars = (q, reveal) => bars({ labels: q.options ?? [], counts: reveal.optionCounts ?? [],
  right: reveal.correct?.kind === 'options' ? reveal.correct.options : [] });

/** The projector's options, before the reveal. */
export const screenOptions = (q) => h('ul', { class: 'answers', 'aria-label': t('q.answers') },
  q.options.map((text, i) => h('li', { class: `answer opt-${i}` }, marker(i), h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), h('span', { class: 'atext', text }))));

/** Options as words: "A: Paris, C: Rome". */
export const optionWords = (indices, options) => indices.map((i) => `${LETTERS[i]}: ${options[i]}`).join(', ');

/** One phone button for option `i` (`extra` nodes follow its text). */
export const optionButton = (q, i, attrs, ...extra) => h('button', { type: 'button', class: `answer opt-${i}`, ...attrs },
  marker(i), h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), h('span', { class: 'atext', text: q.options[i] }), ...extra);

/** The phone's buttons, one per option; a tap sends it (choice and poll). */
export const optionTaps = (q, ctx) => [h('div', { class: `answers n${q.options.length}`, role: 'group', 'aria-label': t('q.answers') },
  q.options.map((_, i) => optionButton(q, i, { disabled: !ctx.open, onclick: () => ctx.send({ kind: q.kind, option: i }) })))];

/**
 * The editor's options of a choice, multi or poll question, each with its right-answer mark, its
 * own problem beside it, and Remove. `ctx` is the editor's: field helpers, problems, redraw.
 */
export function optionFields(q, base, ctx) {
  const right = q.kind === 'choice' ? [q.answer] : q.kind === 'multi' ? q.answer ?? [] : [];
  const rows = q.options.map((text, o) => optionRow(q, base, right, text, o, ctx));
  // One option's problem goes beside that option; the list's own (count, duplicates, the right one) under the list.
  const errs = [...ctx.problems.filter((p) => p.path === `${base}.options`), ...ctx.problemsAt(`${base}.answer`)];
  const id = `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-options`;
  // One group, named by its label: the right-answer radios share a name, so they must be grouped.
  return h('div', { class: `field${errs.length ? ' invalid' : ''}`, 'data-path': `${base}.options`,
    role: q.kind === 'choice' ? 'radiogroup' : 'group', 'aria-labelledby': `${id}-label` },
    h('p', { class: 'label', id: `${id}-label`, text: q.kind === 'poll' ? t('e.options') : q.kind === 'choice' ? t('e.optionsChoice') : t('e.optionsMulti') }),
    h('ul', { class: 'option-list' }, rows),
    q.options.length < 6 ? h('button', { type: 'button', class: 'btn small', text: t('e.addOption'), onclick: () => { q.options.push(''); ctx.redraw(); } }) : null,
    errs.length ? h('p', { id: `${id}-error`, class: 'field-error', text: ctx.sentences(errs) }) : null);
}

/** One option: right or not, its text with its own problem (`…options[4]`) beside it, and Remove. */
function optionRow(q, base, right, text, o, ctx) {
  const path = `${base}.options[${o}]`;
  const id = `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const control = h('input', { id, value: text, 'aria-label': t('e.optionN', { n: o + 1 }), autocomplete: 'off', maxlength: 200, 'data-option': o, 'data-path': path,
    oninput: (e) => { q.options[o] = e.currentTarget.value; } });
  const error = ctx.errorFor(control, id, ctx.problems.filter((p) => p.path === path));
  return h('li', { class: 'option-row' },
    // The radios share a name, so each is also labelled by the list's label (axe "radiogroup").
    q.kind === 'poll' ? null : h('span', { id: `${id}-right`, class: 'sr-only', text: t('e.optionRight', { n: o + 1 }) }),
    q.kind === 'poll' ? null : h('input', { type: q.kind === 'choice' ? 'radio' : 'checkbox', name: `${base}-right`, checked: right.includes(o),
      'aria-labelledby': `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-options-label ${id}-right`, onchange: (e) => {
        if (q.kind === 'choice') q.answer = o;
        else q.answer = e.currentTarget.checked ? [...new Set([...(q.answer ?? []), o])].sort() : (q.answer ?? []).filter((x) => x !== o);
      } }),
    control,
    q.options.length > 2 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.removeOption', { n: o + 1 }), text: '✕', onclick: () => {
      q.options.splice(o, 1);
      if (q.kind === 'choice') q.answer = Math.min(q.answer ?? 0, q.options.length - 1);
      if (q.kind === 'multi') q.answer = (q.answer ?? []).filter((x) => x !== o).map((x) => (x > o ? x - 1 : x));
      ctx.redraw();
    } }) : null,
    error);
}

/** A typed answer's phone form (text and number), with the check `parse` makes before sending. */
export function typedForm(ctx, { label, attrs, parse, inline = false }) {
  return h('form', { class: `typed${inline ? ' inline' : ''}`, onsubmit: (e) => {
    e.preventDefault();
    const raw = e.currentTarget.typed.value.trim();
    if (!raw) return;
    const answer = parse(raw);
    if (answer) ctx.send(answer);
  } },
    h('label', { for: 'typed', text: label }),
    h('input', { id: 'typed', name: 'typed', autocomplete: 'off', disabled: !ctx.open, maxlength: 200, ...attrs }),
    h('button', { type: 'submit', class: 'btn primary big lock-in', disabled: !ctx.open, text: t('p.lockIn') }));
}
