// A survey ("survey says"): players type a short answer; the server groups what the room said
// (case, accents, look-alike letters folded); the host may merge two groups before the reveal; the
// reveal shows the groups biggest first, as ranked bars or a cloud (docs/game-rules.md, "By kind").
import { t, formatNumber } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

/** The reveal's groups (`reveal.groups`): the ten biggest with their counts, and how many more. */
function groupsView(reveal) {
  const g = reveal?.groups;
  if (!g) return null;
  const most = Math.max(1, ...g.groups.map((x) => x.count));
  const more = g.more ? h('p', { class: 'hint survey-more', text: t('survey.more', { count: g.more }) }) : null;
  const tick = (x) => (x.accepted ? h('span', { class: 'tick', text: t('bars.correct') }) : null);
  if (g.display === 'cloud') {
    // Word size follows the count: the biggest group is three times the smallest's size.
    return h('div', { class: 'survey survey-cloud' },
      h('ul', { 'aria-label': t('bars.label'), style: { display: 'flex', 'flex-wrap': 'wrap', 'justify-content': 'center', 'align-items': 'baseline',
        gap: '0.4em 1.2em', 'list-style': 'none', padding: '0', margin: '0' } },
      g.groups.map((x) => h('li', { class: `cloud-word${x.accepted ? ' right' : ''}`, 'data-count': x.count,
        style: { 'font-size': `${(1 + (2 * x.count) / most).toFixed(2)}em`, 'overflow-wrap': 'anywhere', 'max-width': '100%' } },
      h('span', { class: 'word', text: x.text }), ' ', h('span', { class: 'count', text: `×${formatNumber(x.count)}` }), tick(x)))),
      more);
  }
  return h('div', { class: 'survey survey-bars' },
    h('ol', { class: 'bars', 'aria-label': t('bars.label') }, g.groups.map((x) => h('li', { class: `bar${x.accepted ? ' right' : ''}`, 'data-count': x.count },
      h('span', { class: 'label', style: { 'overflow-wrap': 'anywhere' } }, x.text, tick(x)),
      h('span', { class: 'track', 'aria-hidden': 'true' }, h('span', { class: 'fill', style: { width: `${(100 * x.count) / most}%` } })),
      h('span', { class: 'count', text: formatNumber(x.count) })))),
    more);
}

/** The host's pick while merging: the group to merge, on which question. */
const merging = { question: null, key: null };

/**
 * The console's groups so far (`waiting.groups`), each with its count: pick one ("Merge…"), then
 * the group it belongs to ("Merge here"); with a mouse, drag one onto another.
 */
function hostGroups(w, q, { command, redraw }) {
  const groups = w?.groups;
  if (!groups?.length) return [];
  if (merging.question !== q.sequence || !groups.some((g) => g.key === merging.key)) Object.assign(merging, { question: q.sequence, key: null });
  const picked = groups.find((g) => g.key === merging.key);
  const merge = (from, into) => { merging.key = null; command('merge_answers', { question: q.sequence, from: from.key, into: into.key }); redraw(); };
  const row = (g) => h('li', { class: `survey-group${g.key === merging.key ? ' picked' : ''}`, draggable: 'true', 'data-key': g.key,
    ondragstart: (e) => e.dataTransfer.setData('text/plain', g.key),
    ondragover: (e) => e.preventDefault(),
    ondrop: (e) => { e.preventDefault(); const from = groups.find((x) => x.key === e.dataTransfer.getData('text/plain')); if (from && from !== g) merge(from, g); } },
  h('span', { class: 'ttext', text: g.text }), ' ', h('span', { class: 'hint', text: `×${formatNumber(g.count)}` }), ' ',
  !picked ? h('button', { type: 'button', class: 'btn small', text: t('h.surveyMerge'), 'aria-label': t('h.surveyMergeLabel', { text: g.text }),
    onclick: () => { merging.key = g.key; redraw(); } })
    : g === picked ? h('button', { type: 'button', class: 'btn small ghost', text: t('h.surveyCancel'), onclick: () => { merging.key = null; redraw(); } })
      : h('button', { type: 'button', class: 'btn small primary', text: t('h.surveyMergeHere'), 'aria-label': t('h.surveyMergeHereLabel', { from: picked.text, into: g.text }),
        onclick: () => merge(picked, g) }));
  return [h('section', { class: 'survey-groups', 'aria-labelledby': 'survey-groups-title' },
    h('h2', { id: 'survey-groups-title', text: t('h.surveyGroups') }),
    h('p', { class: 'hint', text: t('h.surveyMergeHint') }),
    h('ul', { class: 'typed-list' }, groups.map(row)))];
}

/** `<select>` of `values`, each named by `prefix + value`. */
const choose = (values, current, prefix, onchange) => h('select', { onchange: (e) => onchange(e.currentTarget.value) },
  values.map((v) => h('option', { value: v, text: t(`${prefix}${v}`), selected: v === current })));

export default {
  name: 'survey',
  phone: (q, ctx) => [typedForm(ctx, { label: t('p.yourAnswerLabel'), attrs: { spellcheck: 'false' },
    parse: (raw) => ({ kind: 'survey', text: raw }) })],
  answerText: (a) => a.text,
  correctText: (c) => (c.accepted ?? []).join(', '),
  screen: () => h('p', { class: 'meta', text: t('d.typeAnswer') }),
  bars: (q, reveal) => groupsView(reveal),
  allRightKey: 'd.surveyAnswered',
  /** The phone's own group: what it was, how many said it, and (rare) the answers that scored. */
  result: (rev, mine, q, r) => h('div', { class: 'survey-result' },
    r?.group ? h('p', { class: 'answer-was', text: t('p.surveyGroup', { count: r.group.count, answer: r.group.text }) }) : null,
    rev.correct?.kind === 'text' ? h('p', { class: 'hint', text: t('p.surveyAccepted', { answers: rev.correct.accepted.join(', ') }) }) : null),
  hostGroups,
  editor: {
    blank: () => ({ scoring: 'poll', display: 'bars', accepted: [] }),
    noAnswer: true,
    fields: (q, base, ctx) => [
      ctx.field(`${base}.scoring`, t('e.surveyScoring'), choose(['poll', 'popular', 'rare'], q.scoring ?? 'poll', 'e.surveyScoring.', (v) => {
        q.scoring = v;
        if (v !== 'rare') q.accepted = [];
        ctx.redraw();
      })),
      q.scoring === 'rare' ? ctx.field(`${base}.accepted`, t('e.accepted'), h('textarea', { rows: 3, text: (q.accepted ?? []).join('\n'),
        oninput: (e) => { q.accepted = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }),
      { hint: t('e.surveyAcceptedHint') }) : null,
      ctx.field(`${base}.display`, t('e.surveyDisplay'), choose(['bars', 'cloud'], q.display ?? 'bars', 'e.surveyDisplay.', (v) => { q.display = v; })),
    ],
  },
};
