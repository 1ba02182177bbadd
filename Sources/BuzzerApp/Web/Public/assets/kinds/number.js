// A number typed on the phone: the closest guess wins (docs/kinds-typed.md, "number"). The reveal names the
// closest guesses and how far each was; each phone says how far its own was and its place. A
// question the pack marks plain (a year; `q.plain`) writes every number without separators.
import { t, tn, formatNumber, ordinal, parseNumber } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

/** 1,850 (or 1850 on a plain question), with a true minus sign, in the page's language. */
export const numberText = (n, q) => formatNumber(n, q?.plain ? { useGrouping: false } : undefined).replace(/^-/, '−');

/** The same default as the server's (NumberKind.isPlain): a whole answer of four digits is a year. */
const plainByDefault = (answer) => Number.isInteger(answer) && Math.abs(answer) >= 1000 && Math.abs(answer) <= 9999;

/** "26 away", or "spot on". */
const away = (d, q) => (d === 0 ? t('number.spotOn') : t('number.away', { d: numberText(d, q) }));

/**
 * The projector's and the console's list of the closest guesses: name, guess, how far; the winners
 * (the closest, ties and all) in the right answer's colour. On the projector the list is as large as
 * the reveal's bars, from the screen's size and its `--fit` (display.css); the console, which has
 * no `--fit`, keeps 1.3 times its text.
 */
function closest(q, reveal) {
  const guesses = reveal.closest ?? [];
  if (!guesses.length) return h('p', { class: 'meta', text: t('number.none') });
  const size = 'max(1.3em, calc(var(--fit, 0) * clamp(1.1rem, min(2.6vw, 4.6vh), 4.5rem)))';
  return h('ol', { class: 'number-closest', 'aria-label': t('number.closest'), style: { 'font-size': size, 'line-height': '1.35', margin: '0.3em 0', 'padding-left': '1.5em' } },
    // Each guess numbered by its place, as its phone says it: a tie shares one (1, 2, 2, 2, 5), 1 + the guesses strictly closer.
    guesses.map((g, i) => h('li', { value: String(guesses.findIndex((o) => o.distance === g.distance) + 1), class: g.distance === guesses[0].distance ? 'right' : '' },
      h('strong', { text: g.nickname ?? '', style: g.distance === guesses[0].distance ? { color: 'var(--right)' } : {} }),
      ` · ${numberText(g.value, q)} · ${away(g.distance, q)}`)));
}

/** The phone's result: the answer, the player's own guess, how far it was and its place. */
function result(rev, mine, q, r) {
  const truth = rev.correct.value;
  const answerWas = h('p', { class: 'answer-was' }, ...tn('p.answerWas', { answer: h('strong', { text: numberText(truth, q) }) }));
  if (typeof mine?.value !== 'number') return answerWas;
  const d = Math.abs(mine.value - truth);
  const place = r?.place ? (r.place === 1 ? t('p.guessBest', { away: away(d, q) }) : t('p.guessPlace', { away: away(d, q), place: ordinal(r.place) })) : away(d, q);
  return h('div', { class: 'number-result' }, answerWas,
    h('p', { class: 'lead' }, ...tn('p.yourAnswerIs', { answer: h('strong', { class: 'mine', text: numberText(mine.value, q) }) })),
    h('p', { class: 'lead', id: 'guess-place', text: place }));
}

/** The editor's right number and its "plain" box, which follows the answer until the host ticks it. */
function fields(q, base, ctx) {
  const box = h('input', { type: 'checkbox', 'data-path': `${base}.plain`, checked: q.plain ?? plainByDefault(q.answer), onchange: (e) => {
    // Only a choice that differs from the default is written, so the pack stays as short as it was.
    q.plain = e.currentTarget.checked === plainByDefault(q.answer) ? undefined : e.currentTarget.checked;
  } });
  return [
    ctx.field(`${base}.answer`, t('e.rightNumber'), ctx.input(q.answer, (v) => {
      q.answer = parseNumber(v);
      if (q.plain === undefined) box.checked = plainByDefault(q.answer);
    }, { inputmode: 'decimal' })),
    h('label', { class: 'check-row' }, box, t('e.numberPlain')),
  ];
}

export default {
  name: 'number',
  phone: (q, ctx) => [typedForm(ctx, { label: t('p.yourAnswerNumber'), attrs: { inputmode: 'decimal' }, parse: (raw) => {
    const value = parseNumber(raw);
    if (Number.isFinite(value)) return { kind: 'number', value };
    ctx.fail(t('p.typeNumber', { example: numberText(1912, q) }));
    return null;
  } })],
  answerText: (a, q) => numberText(a.value, q),
  correctText: (c, options, q) => numberText(c.value, q),
  hostKey: true,
  screen: () => h('p', { class: 'meta', text: t('d.typeNumber') }),
  revealLine: true,
  result,
  bars: closest,
  editor: {
    blank: () => ({ answer: 0 }),
    fields,
  },
};
