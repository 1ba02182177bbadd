// One of "your nights", question by question (docs/league.md): what this phone answered, what was
// right, the points and the time, beside the room's share of right answers. Asked with the phone's
// own device id, which nobody else holds; the server answers 404 to anyone else.
import { h, t, load, ordinal, kind, loadKinds, correctText } from '../common.js';
import { formatNumber, formatDate } from '../i18n.js';

/** The night of game `key` in league `id` for this phone: its JSON, or null when it cannot be shown. */
export async function loadNight(id, key) {
  const device = load('buzzer.device');
  if (!device) return null;
  try {
    const response = await fetch(`/api/leagues/${encodeURIComponent(id)}/me/games/${encodeURIComponent(key)}`,
      { cache: 'no-store', headers: { Authorization: `Bearer ${device}` } });
    if (!response.ok) return null;
    const night = await response.json();
    // Each kind words its answers (kinds/NAME.js and its catalogue); one that cannot load leaves the results' text.
    await loadKinds(night.questions.map((q) => q.kind));
    return night;
  } catch { return null; }
}

/** "4.2 s": a response time to a tenth of a second, in the page's language. */
const seconds = (ms) => t('l.q.seconds', { s: formatNumber(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });

/** The question as its kind's words read it: its tiles in pack order, plain numbers, figures. */
const asked = (q) => ({ kind: q.kind, options: q.options ?? [], plain: q.plain || undefined, figures: q.figures ?? undefined });

/** Whether the kind words this question's values: a question with tiles (options, items) keeps the
 *  results' text, the pack's own words, without the letters the phone showed in its shuffled order. */
const worded = (q, k) => k.nightAnswer || !q.options?.length;

/** The player's answer in the kind's words, in the page's language (`nightAnswer` where the kind says
 *  more than the answer, a pin's distance, a press's place), else the results' text. */
function answerWords(q) {
  const k = kind(q.kind);
  const words = q.answerValue && worded(q, k) ? (k.nightAnswer ?? k.answerText)(q.answerValue, asked(q), q.rightValue) : '';
  return words || q.answer;
}

/** The right answer in the kind's words (a pin's target and how near counts), else the results' text. */
const rightWords = (q) => (q.rightValue && worded(q, kind(q.kind)) ? correctText(q.rightValue, asked(q)) : '') || q.right;

/** The player's answer with ✓ or ✗ (said in words to screen readers), or why there is none. */
function answerLine(q) {
  if (q.answer === null) return h('p', { class: 'q-answer' }, t('l.q.noAnswer'));
  const label = q.answeredBy ? t('l.q.teamAnswer', { name: q.answeredBy }) : t('l.q.yourAnswer');
  const mark = q.correct === true ? ['✓', 'right', t('l.q.right')] : q.correct === false ? ['✗', 'wrong', t('l.q.wrong')] : null;
  return h('p', { class: 'q-answer' }, `${label} `, h('strong', { text: answerWords(q) }),
    mark ? h('span', { class: `q-mark ${mark[1]}` }, ' ', h('span', { 'aria-hidden': 'true', text: mark[0] }), h('span', { class: 'sr-only', text: mark[2] })) : null);
}

function question(q) {
  return h('li', { class: `night-q${q.voided ? ' voided' : ''}`, 'data-number': String(q.number) },
    h('h2', {}, h('span', { class: 'q-number', text: t('l.q.number', { n: q.number }) }), ' ', q.text),
    answerLine(q),
    q.right !== null ? h('p', { class: 'q-right' }, `${t('l.q.rightAnswer')} `, h('strong', { text: rightWords(q) })) : null,
    q.voided ? h('p', { class: 'q-note', text: t('l.q.voided') }) : q.skipped ? h('p', { class: 'q-note', text: t('l.q.skipped') }) : null,
    h('p', { class: 'q-meta' },
      h('span', { class: 'q-points', text: t('l.q.points', { n: formatNumber(q.points), count: q.points }) }),
      q.responseMs !== null ? h('span', { class: 'q-time', text: seconds(q.responseMs) }) : null),
    q.percentRight !== null ? h('p', { class: 'q-room', text: t('l.q.room', { percent: formatNumber(q.percentRight / 100, { style: 'percent' }) }) }) : null);
}

/** The night's view: a back control, its heading (which takes the focus when it opens), the game's
 *  place and score, its corrections, and one card per question. `night` null: it could not be read. */
export function nightView(night, back) {
  const backButton = h('button', { type: 'button', class: 'btn ghost', id: 'night-back', text: t('l.backToNights'), onclick: back });
  if (!night) return [backButton, h('h1', { id: 'night-title', tabindex: '-1', text: t('l.nightMissing') })];
  return [backButton,
    h('section', { class: 'night', 'aria-labelledby': 'night-title' },
      h('h1', { id: 'night-title', tabindex: '-1', text: t('l.game', { title: night.title, date: formatDate(night.startedAt, { dateStyle: 'medium' }) }) }),
      h('p', { class: 'lead', id: 'night-summary', text: t('l.nightSummary', { name: night.nickname, place: ordinal(night.place), n: night.players, score: formatNumber(night.score), count: night.score }) }),
      night.team ? h('p', { class: 'hint', text: t('l.nightTeam', { team: night.team, place: ordinal(night.teamPlace ?? 0) }) }) : null,
      night.corrections.length
        ? h('ul', { class: 'night-corrections' }, night.corrections.map((c) => h('li', { text: t('l.corrected', { date: formatDate(c.at, { dateStyle: 'medium' }), reason: c.reason }) })))
        : null,
      h('ol', { class: 'night-questions', id: 'night-questions' }, night.questions.map(question)))];
}
