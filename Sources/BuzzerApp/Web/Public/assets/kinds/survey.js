// A survey: typed answers grouped by the server, merged by the host, shown as bars or a cloud.
import { t, formatNumber } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

const wrap = { 'overflow-wrap': 'anywhere' };

/** The reveal's biggest groups, and how many more. */
function groupsView(reveal) {
  const g = reveal?.groups;
  if (!g) return null;
  const most = Math.max(1, ...g.groups.map((x) => x.count)), cloud = g.display === 'cloud';
  return h('div', { class: `survey-${g.display}` },
    h('ol', { class: cloud ? 'cloud' : 'bars', 'aria-label': t('bars.label'), style: cloud ? { display: 'flex', 'flex-wrap': 'wrap', gap: '0.4em 1.2em', 'list-style': 'none', padding: '0' } : {} },
      g.groups.map((x) => h('li', { class: `${cloud ? 'word' : 'bar'}${x.scored ? ' right' : ''}`,
        style: cloud ? { 'font-size': `${(1 + (2 * x.count) / most).toFixed(2)}em`, ...wrap } : {} },
      h('span', { class: 'label', style: wrap }, x.text, x.scored ? h('span', { class: 'tick', text: t('bars.correct') }) : null),
      cloud ? ' ' : h('span', { class: 'track', 'aria-hidden': 'true' }, h('span', { class: 'fill', style: { width: `${(100 * x.count) / most}%` } })),
      h('span', { class: 'count', text: formatNumber(x.count) })))),
    g.more ? h('p', { class: 'hint', text: t('survey.more', { count: g.more }) }) : null);
}

const merging = { q: null, key: null };

/** The console's groups (`waiting.groups`): "Merge…" one, then "Merge here" another. */
function hostGroups(w, q, { command, redraw }) {
  if (!w?.groups?.length) return [];
  if (merging.q !== q.sequence) Object.assign(merging, { q: q.sequence, key: null });
  const picked = w.groups.find((g) => g.key === merging.key);
  const btn = (cls, text, label, onclick) => h('button', { type: 'button', class: `btn small ${cls}`, text, 'aria-label': label, onclick });
  const pick = (key) => () => { merging.key = key; redraw(); };
  return [h('section', { class: 'survey-groups' },
    h('h2', { text: t('h.surveyGroups') }),
    h('p', { class: 'hint', text: t('h.surveyMergeHint') }),
    h('ul', { class: 'typed-list' }, w.groups.map((g) => h('li', { 'data-key': g.key },
      h('span', { class: 'ttext', text: g.text }), ` ×${formatNumber(g.count)} `,
      !picked ? btn('', t('h.surveyMerge'), t('h.surveyMergeLabel', { text: g.text }), pick(g.key))
        : g === picked ? btn('ghost', t('h.surveyCancel'), null, pick(null))
          : btn('primary', t('h.surveyMergeHere'), t('h.surveyMergeHereLabel', { from: picked.text, into: g.text }), () => {
            command('merge_answers', { question: q.sequence, from: picked.key, into: g.key });
            pick(null)();
          })))))];
}

const choose = (values, now, prefix, set) => h('select', { onchange: (e) => set(e.currentTarget.value) },
  values.map((v) => h('option', { value: v, text: t(prefix + v), selected: v === now })));

export default {
  name: 'survey',
  phone: (q, ctx) => [typedForm(ctx, { label: t('p.yourAnswerLabel'), parse: (text) => ({ kind: 'survey', text }) })],
  answerText: (a) => a.text,
  correctText: (c) => (c.accepted ?? []).join(', '),
  screen: () => h('p', { class: 'meta', text: t('d.typeAnswer') }),
  bars: (q, reveal) => groupsView(reveal),
  allRightKey: 'd.answersCounted',
  result: (rev, mine, q, r) => h('div', {},
    r?.group ? h('p', { class: 'answer-was', text: t('p.surveyGroup', { count: r.group.count, answer: r.group.text }) }) : null,
    rev.correct?.accepted ? h('p', { class: 'hint', text: t('p.surveyAccepted', { answers: rev.correct.accepted.join(', ') }) }) : null),
  hostGroups,
  editor: {
    blank: () => ({ scoring: 'poll', display: 'bars', accepted: [] }),
    noAnswer: true,
    fields: (q, base, ctx) => [
      ctx.field(`${base}.scoring`, t('e.surveyScoring'), choose(['poll', 'popular', 'rare'], q.scoring, 'e.surveyScoring.', (v) => {
        Object.assign(q, { scoring: v }, v === 'rare' ? {} : { accepted: [] });
        ctx.redraw();
      })),
      q.scoring === 'rare' ? ctx.field(`${base}.accepted`, t('e.accepted'), h('textarea', { rows: 3, text: q.accepted.join('\n'),
        oninput: (e) => { q.accepted = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }), { hint: t('e.surveyAcceptedHint') }) : null,
      ctx.field(`${base}.display`, t('e.surveyDisplay'), choose(['bars', 'cloud'], q.display, 'e.surveyDisplay.', (v) => { q.display = v; })),
    ],
  },
};
