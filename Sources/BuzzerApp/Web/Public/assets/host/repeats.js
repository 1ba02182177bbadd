// The create form's warning (docs/web-console.md, "Questions asked before"): with a library pack and
// one of the server's leagues chosen, GET /api/questions/stats says which of the pack's questions
// that league asked in the last 90 days; "Skip those" plays the rest. Skipping is done here: the
// pack is read with the edit token and sent inline without them, so the server needs no new field.
import { $, h, fill, say, load, t } from '../common.js';
import { TOKEN_KEY, live } from './store.js';

export const REPEAT_DAYS = 90;

/** What the warning found for the pack and league on show, and whether the host chose to skip. */
const state = { key: '', repeated: [], skip: false, asking: 0 };

/** The empty box under the league field; `watchRepeats` fills it. */
export const repeatsBox = () => h('div', { id: 'repeats', class: 'warn repeats', role: 'status', hidden: true });

/** Asks again whenever the pack or the league changes. */
export function watchRepeats(form) {
  const ask = () => check(form);
  form.addEventListener('change', (e) => { if (e.target.name === 'pack' || e.target.id === 'league') ask(); });
  ask();
}

async function check(form) {
  const box = $('#repeats', form);
  const pack = form.pack?.value ?? '';
  const league = form.league?.value ?? '';
  const token = load(TOKEN_KEY);
  const key = `${pack}\n${league}`;
  if (key !== state.key) Object.assign(state, { key, repeated: [], skip: false });
  if (!box || !pack || !league || league === '+new' || !token) { if (box) box.hidden = true; return; }
  const asking = ++state.asking;
  let json = null;
  try {
    const response = await fetch(`/api/questions/stats?pack=${encodeURIComponent(pack)}&league=${encodeURIComponent(league)}&days=${REPEAT_DAYS}`,
      { cache: 'no-store', headers: { Authorization: `Bearer ${token}` } });
    json = response.ok ? await response.json() : null;
  } catch { json = null; }
  if (asking !== state.asking || key !== state.key) return;
  state.repeated = (json?.questions ?? []).filter((q) => q.askedInLeagueAt != null);
  render(box, json);
}

function render(box, json) {
  const repeated = state.repeated;
  if (!json || !repeated.length) { box.hidden = true; fill(box); return; }
  const name = (q) => q.stats?.text ?? '';
  box.hidden = false;
  fill(box,
    h('p', { class: 'repeats-title', text: t('h.repeatsWarning', { count: repeated.length, total: json.questions.length, days: REPEAT_DAYS }) }),
    h('ul', { class: 'repeats-list' }, repeated.map((q) => h('li', { text: name(q) }))),
    state.skip
      ? h('p', {}, h('span', { class: 'repeats-skipped', text: t('h.repeatsSkipped', { count: repeated.length }) }), ' ',
        h('button', { type: 'button', class: 'btn small ghost', id: 'repeats-keep', text: t('h.repeatsKeep'), onclick: () => toggle(box, json, false) }))
      : h('button', { type: 'button', class: 'btn small', id: 'repeats-skip', text: t('h.repeatsSkip'),
        disabled: repeated.length === json.questions.length, onclick: () => toggle(box, json, true) }));
}

function toggle(box, json, skip) {
  state.skip = skip;
  render(box, json);
  $(skip ? '#repeats-keep' : '#repeats-skip', box)?.focus();
  say(live, skip ? t('h.repeatsSkipped', { count: state.repeated.length }) : t('h.repeatsKept'));
}

/** With "Skip those" on for `pack`: the pack without its repeated questions (empty rounds dropped),
 *  to send inline; else null (the pack is sent by name as before). */
export async function packWithoutRepeats(pack, league) {
  if (!state.skip || state.key !== `${pack}\n${league}` || !state.repeated.length) return null;
  const response = await fetch(`/api/packs/${encodeURIComponent(pack)}`, { cache: 'no-store', headers: { Authorization: `Bearer ${load(TOKEN_KEY)}` } });
  if (!response.ok) return null;
  const doc = await response.json();
  const left = new Set(state.repeated.map((q) => `${q.round}/${q.index}`));
  const rounds = (doc.rounds ?? [{ questions: doc.questions ?? [] }])
    .map((round, r) => ({ ...round, questions: (round.questions ?? []).filter((_, i) => !left.has(`${r}/${i}`)) }))
    .filter((round) => round.questions.length);
  delete doc.questions;
  return { ...doc, rounds };
}

