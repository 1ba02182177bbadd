// The tiebreak's shared parts: who plays, and how it came out.
import { t, ordinal, formatList } from '../i18n.js';
import { h } from '../dom.js';
import { formatScore } from '../options.js';

/** "Ann and Bob" / "Ann, Bob and Cy": who plays a tiebreak. */
export function entrantNames(tiebreak) {
  return formatList((tiebreak?.entrants ?? []).map((e) => e.name));
}

/** How a tiebreak came out: place, name, their number and how far off, the right number in the caption. */
export function tiebreakTable(result) {
  if (!result) return null;
  return h('table', { class: 'board tiebreak-result' },
    h('caption', { text: t('tiebreak.caption', { text: result.text, answer: formatScore(result.answer) }) }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('tiebreak.place') }), h('th', { scope: 'col', text: t('tiebreak.name') }),
      h('th', { scope: 'col', text: t('tiebreak.answer') }), h('th', { scope: 'col', text: t('tiebreak.offBy') }))),
    h('tbody', {}, result.rows.map((r) => h('tr', { class: r.place === 1 ? 'me' : '' },
      h('td', { text: ordinal(r.place) }), h('td', { text: r.name }),
      h('td', { text: r.value == null ? t('tiebreak.noAnswer') : formatScore(r.value) }),
      h('td', { text: r.off == null ? '—' : formatScore(r.off) })))));
}
