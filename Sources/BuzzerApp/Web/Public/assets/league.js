// The league page (docs/league.md): `/league/ID` on a phone shows every table with "you" and your
// team highlighted, your trend and your nights; with `?screen=projector` the league's name, its QR
// code and its tables as large as they fit (league/projector.js), paging only what does not fit. It
// polls the standings' JSON, which answers 304 while no game of the league ended.
import { $, fill, h, load, say, t, ordinal } from './common.js';
import { layOut, drawSlide } from './league/projector.js';
import { loadNight, nightView } from './league/night.js';
import { ownerGames } from './league/owner-games.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage, formatNumber, formatDate, DISPLAY_LANG_KEY } from './i18n.js';

const params = new URLSearchParams(location.search);
const projector = params.get('screen') === 'projector';
// A phone: its own pick, the link, then the browser's languages. The projector: the link (the console
// adds the night's language), then the big screen's language set on this browser (display.js's key).
await startI18n(projector
  ? pickLanguage(languageFromURL(), storedLanguage(DISPLAY_LANG_KEY), navigator.languages)
  : pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['league']);

/** The words of a standing: a period's name, the trend, the columns. */
const period = (p) => t(`l.period.${p}`);
const trendText = (n) => (n > 0 ? t('l.trend.up', { n }) : n < 0 ? t('l.trend.down', { n: -n }) : t('l.trend.same'));
const col = (name) => t(`l.col.${name}`);
const kindName = (kind) => t(kind === 'teams' ? 'l.teams' : 'l.players');
const caption = (p, kind) => t('l.caption', { period: period(p), kind: kindName(kind) });
const scoringName = (s) => t(s === 'places' ? 'l.scoring.places' : 'l.scoring.points');
/** "You: 1st of 26 this season, up 2 since last week" (no trend for tonight and this week). */
function youAre(row, table) {
  const words = { place: ordinal(row.rank), n: table.players.length, period: t(`l.in.${table.period}`) };
  const withTrend = table.period !== 'tonight' && table.period !== 'week' && row.trend !== null && row.trend !== undefined;
  return withTrend ? t('l.youAreTrend', { ...words, trend: trendText(row.trend) }) : t('l.youAre', words);
}

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const gameKey = params.get('game');
const main = $('#main');
const live = $('#live');
if (projector) document.body.classList.add('projector');

/** The page's one store: the league (`doc`, its `etag`), this browser's own rows (`mine`), the table
 *  chosen, the night open (`night`: its game's key and JSON), the owner panel's last word, and the
 *  projector's slides. */
const S = { doc: null, etag: null, mine: null, choice: { period: 'tonight', kind: 'teams' }, night: null, ownerSaid: '', slides: [], slide: 0 };
const POLL_MS = 5000, SLIDE_MS = 8000;

async function poll() {
  try {
    const response = await fetch(`/api/leagues/${encodeURIComponent(id)}`, { cache: 'no-store', headers: S.etag ? { 'If-None-Match': S.etag } : {} });
    if (response.status === 404) { fill(main, h('p', { class: 'card league-empty', text: t('l.unknown') })); return; }
    if (response.status === 304) return;
    if (!response.ok) return;
    S.etag = response.headers.get('ETag');
    S.doc = await response.json();
    if (!projector) await loadMine();
    // A correction changes the standings: the night open follows it.
    if (S.night) S.night.doc = await loadNight(id, S.night.key);
    // Drawn again: whoever was on a control (Back, a period) stays on it.
    const focused = main.contains(document.activeElement) ? document.activeElement.id : '';
    render();
    if (focused && !main.contains(document.activeElement)) document.getElementById(focused)?.focus();
  } catch { say(live, t('l.offline')); }
}

/** This phone's rows and nights: asked with its own device id, which nobody else holds. */
async function loadMine() {
  const device = load('buzzer.device');
  if (!device) { S.mine = null; return; }
  try {
    const response = await fetch(`/api/leagues/${encodeURIComponent(id)}/me`, { cache: 'no-store', headers: { Authorization: `Bearer ${device}` } });
    S.mine = response.ok ? await response.json() : null;
  } catch { S.mine = null; }
}

function trendCell(row, period) {
  if (period === 'tonight' || period === 'week') return h('td', { text: '' });
  if (row.trend === null || row.trend === undefined) return h('td', { text: t('l.new') });
  const text = row.trend > 0 ? `▲ ${formatNumber(row.trend)}` : row.trend < 0 ? `▼ ${formatNumber(-row.trend)}` : '＝';
  return h('td', { class: row.trend > 0 ? 'trend-up' : row.trend < 0 ? 'trend-down' : '', text, 'aria-label': trendText(row.trend) });
}

function table(tableDoc, kind, rows, caption) {
  const mineKeys = new Set(kind === 'teams' ? S.mine?.teams ?? [] : S.mine?.players ?? []);
  return h('table', { class: 'league-table', id: `table-${tableDoc.period}-${kind}` },
    h('caption', { text: caption }),
    h('thead', {}, h('tr', {},
      ['rank', kind === 'teams' ? 'team' : 'player', 'games', 'points', 'wins', 'avgPlace', 'trend']
        .map((name) => (name === 'trend'
          // A phone shows "±" under the heading's name (long in Spanish and French), which screen readers read.
          ? h('th', { scope: 'col', 'aria-label': col(name) }, h('span', { class: 'wide' }, col(name)), h('span', { class: 'narrow', 'aria-hidden': 'true' }, '±'))
          : h('th', { scope: 'col', class: name === 'wins' ? 'wins' : null, text: col(name) }))))),
    h('tbody', {}, rows.map((row) => h('tr', { class: mineKeys.has(row.key) ? 'me' : '', 'data-key': row.key },
      h('td', { text: formatNumber(row.rank) }),
      h('td', { text: row.name + (mineKeys.has(row.key) ? ` (${t('l.you')})` : '') }),
      h('td', { text: formatNumber(row.games) }),
      h('td', { text: formatNumber(row.points) }),
      h('td', { class: 'wins', text: formatNumber(row.wins) }),
      h('td', { text: formatNumber(row.averagePlace, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }),
      trendCell(row, tableDoc.period)))));
}

function render() {
  if (!S.doc) return;
  const s = S.doc.standings;
  document.title = t('l.title', { name: s.name });
  $('#league-name').textContent = s.name;
  if (gameKey) { renderGame(); return; }
  if (projector) { buildSlides(); showSlide(); return; }
  if (S.night) { fill(main, nightView(S.night.doc, closeNight)); return; }
  const current = s.tables.find((t) => t.period === S.choice.period) ?? s.tables[0];
  const rows = current[S.choice.kind];
  const myKeys = new Set(S.mine?.players ?? []);
  const myRow = current.players.find((r) => myKeys.has(r.key));
  fill(main,
    h('h1', { text: s.name }),
    h('p', { class: 'hint', text: scoringName(s.scoring) }),
    myRow ? h('p', { class: 'lead', id: 'my-standing', text: youAre(myRow, current) }) : null,
    h('div', { class: 'league-controls', role: 'group', 'aria-label': t('l.periodGroup') },
      s.tables.map((tbl) => h('button', { type: 'button', class: 'btn', id: `period-${tbl.period}`, 'aria-pressed': String(tbl.period === current.period), text: period(tbl.period),
        onclick: () => { S.choice.period = tbl.period; render(); } }))),
    h('div', { class: 'league-controls', role: 'group', 'aria-label': t('l.kindGroup') },
      ['teams', 'players'].map((k) => h('button', { type: 'button', class: 'btn', id: `kind-${k}`, 'aria-pressed': String(k === S.choice.kind), text: kindName(k),
        onclick: () => { S.choice.kind = k; render(); } }))),
    rows.length ? table(current, S.choice.kind, rows, caption(current.period, S.choice.kind)) : h('p', { class: 'league-empty', text: t('l.noGames') }),
    h('section', { 'aria-labelledby': 'nights-title' },
      h('h2', { id: 'nights-title', text: t('l.yourNights') }),
      S.mine?.nights?.length
        ? h('ul', { class: 'nights', id: 'nights' }, S.mine.nights.map((n, i) => h('li', { 'data-game': n.game },
          h('a', { href: `/league/${encodeURIComponent(id)}?game=${encodeURIComponent(n.game)}`, id: `night-${i}`,
            text: t('l.night', { title: n.title, date: formatDate(n.startedAt, { dateStyle: 'medium' }), place: ordinal(n.place), n: n.players, score: n.score, count: n.score }) }),
          h('button', { type: 'button', class: 'btn small night-open', 'data-open': n.game, 'aria-describedby': `night-${i}`, text: t('l.openNight'),
            onclick: () => openNight(n.game) }),
          correctionLines(n))))
        : h('p', { class: 'hint', text: t('l.noNights') })),
    load('buzzer.editToken') ? ownerPanel() : null);
}

/** Opens a night's questions in place of the tables, at `?night=KEY` (a link to it opens it, and the
 *  phone's own Back button closes it); the focus moves to its heading. */
async function openNight(key, push = true) {
  if (push) {
    const url = new URL(location.href);
    url.searchParams.set('night', key);
    history.pushState({ night: key }, '', url);
  }
  S.night = { key, doc: await loadNight(id, key) };
  render();
  window.scrollTo(0, 0);
  $('#night-title')?.focus();
}

/** The tables again, the focus on the button that opened the night. */
function showTables(key) {
  S.night = null;
  render();
  [...main.querySelectorAll('.night-open')].find((b) => b.dataset.open === key)?.focus();
}

/** The view's Back control: the browser's own Back when the night has a history entry, so both agree. */
function closeNight() {
  if (history.state?.night) { history.back(); return; }
  const url = new URL(location.href);
  url.searchParams.delete('night');
  history.replaceState(null, '', url);
  showTables(S.night?.key);
}

window.addEventListener('popstate', () => {
  const key = new URLSearchParams(location.search).get('night');
  if (key) openNight(key, false);
  else if (S.night) showTables(S.night.key);
});

/** A night's corrections after the game, each "Corrected on DATE: reason."; the last one with the
 *  place it moved the phone from, when a correction moved it. */
function correctionLines(n) {
  const made = n.corrections ?? [];
  return made.map((c, i) => h('p', { class: 'night-correction' }, (i === made.length - 1 && n.placeBefore)
    ? t('l.correctedPlace', { date: formatDate(c.at, { dateStyle: 'medium' }), reason: c.reason, before: ordinal(n.placeBefore), place: ordinal(n.place) })
    : t('l.corrected', { date: formatDate(c.at, { dateStyle: 'medium' }), reason: c.reason })));
}

/** What the league's owner (this browser holds the edit token) may change: aliases, scoring, and a game's corrections. */
function ownerPanel() {
  const all = S.doc.standings.tables.find((t) => t.period === 'all') ?? { teams: [], players: [] };
  const kind = S.choice.ownerKind ?? 'teams';
  const rows = all[kind];
  const label = (r) => t('l.gamesOf', { name: r.name, count: r.games });
  const value = (r) => (kind === 'teams' ? r.name : r.key);
  const status = h('p', { id: 'owner-status', role: 'status', text: S.ownerSaid });
  const send = async (method, path, body) => {
    const response = await fetch(path, { method, headers: { Authorization: `Bearer ${load('buzzer.editToken')}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined });
    const reply = await response.json().catch(() => ({}));
    if (!response.ok) { S.ownerSaid = status.textContent = t('l.failed', { reason: String(reply.error ?? response.status) }); return; }
    S.ownerSaid = t('l.saved');
    S.etag = null;
    await poll();
    say(live, t('l.saved'));
  };
  const base = `/api/leagues/${encodeURIComponent(id)}`;
  const aliases = [...S.doc.teamAliases.map((a) => ({ ...a, kind: 'team', text: `${a.from} = ${a.into}` })),
    ...S.doc.playerAliases.map((a) => ({ ...a, kind: 'player', text: `${nameOf(a.from)} = ${nameOf(a.into)}` }))];
  return h('section', { class: 'card owner', 'aria-labelledby': 'owner-title' },
    h('h2', { id: 'owner-title', text: t('l.owner') }),
    h('p', { class: 'hint', text: t('l.ownerHint') }),
    h('form', { id: 'alias-form', onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      if (f.from.value && f.into.value && f.from.value !== f.into.value) {
        send('POST', `${base}/aliases`, { kind: kind === 'teams' ? 'team' : 'player', from: f.from.value, into: f.into.value });
      }
    } },
      h('h3', { text: t('l.joinTitle') }),
      h('p', { class: 'hint', text: t('l.joinHint') }),
      h('div', { class: 'field' }, h('label', { for: 'alias-kind', text: t('l.kind') }),
        h('select', { id: 'alias-kind', onchange: (e) => { S.choice.ownerKind = e.currentTarget.value; render(); } },
          ['teams', 'players'].map((k) => h('option', { value: k, text: kindName(k), selected: k === kind })))),
      h('div', { class: 'field' }, h('label', { for: 'alias-from', text: t('l.from') }),
        h('select', { id: 'alias-from', name: 'from' }, rows.map((r) => h('option', { value: value(r), text: label(r) })))),
      h('div', { class: 'field' }, h('label', { for: 'alias-into', text: t('l.into') }),
        h('select', { id: 'alias-into', name: 'into' }, rows.map((r) => h('option', { value: value(r), text: label(r) })))),
      h('button', { type: 'submit', class: 'btn', id: 'alias-join', text: t('l.join') })),
    h('h3', { text: t('l.aliases') }),
    aliases.length
      ? h('ul', { class: 'nights', id: 'aliases' }, aliases.map((a) => h('li', {}, `${a.text} `,
        h('button', { type: 'button', class: 'btn ghost', text: t('l.undo', { alias: a.text }),
          onclick: () => send('DELETE', `${base}/aliases?kind=${a.kind}&from=${encodeURIComponent(a.from)}`) }))))
      : h('p', { class: 'hint', text: t('l.noAliases') }),
    h('form', { id: 'scoring-form', onsubmit: (e) => { e.preventDefault(); send('PUT', base, { scoring: e.currentTarget.scoring.value }); } },
      h('div', { class: 'field' }, h('label', { for: 'league-scoring', text: t('l.scoringLabel') }),
        h('select', { id: 'league-scoring', name: 'scoring' },
          ['points', 'places'].map((s) => h('option', { value: s, text: scoringName(s), selected: s === S.doc.standings.scoring })))),
      h('button', { type: 'submit', class: 'btn', text: t('l.save') })),
    status,
    ownerGames(S.doc.games, () => { S.etag = null; poll(); }));
}

/** A player row's name by its key, for the list of joined players. */
function nameOf(key) {
  const row = S.doc.standings.tables.flatMap((t) => t.players).find((r) => r.key === key);
  return row ? row.name : key;
}

/** The projector's pages for this screen (league/projector.js), then the one showing. */
function projectorContext() {
  return { doc: S.doc, id, table, caption, scoring: scoringName(S.doc.standings.scoring) };
}

function buildSlides() {
  S.slides = layOut(main, projectorContext());
  // How many pages turn (1: none), for whoever checks the projector without watching it for 8 s.
  main.dataset.pages = String(S.slides.length);
  if (S.slide >= S.slides.length) S.slide = 0;
}

function showSlide() {
  if (!S.slides.length) { fill(main, h('p', { class: 'league-empty', text: t('l.noGames') })); return; }
  drawSlide(main, projectorContext(), S.slides[S.slide], S.slide, S.slides.length);
}

// A new screen size: the pages are measured again.
window.addEventListener('resize', () => { if (projector && S.doc && !gameKey) { buildSlides(); showSlide(); } });

async function renderGame() {
  const response = await fetch(`/api/leagues/${encodeURIComponent(id)}/games/${encodeURIComponent(gameKey)}`, { cache: 'no-store' });
  if (!response.ok) { fill(main, h('p', { class: 'league-empty', text: t('l.unknown') })); return; }
  const g = await response.json();
  const rows = (list, kind) => h('table', { class: 'league-table', id: `game-${kind}` },
    h('caption', { text: kindName(kind) }),
    h('thead', {}, h('tr', {}, ['rank', kind === 'teams' ? 'team' : 'player', 'points'].map((name) => h('th', { scope: 'col', text: col(name) })))),
    h('tbody', {}, list.map((r) => h('tr', {}, h('td', { text: formatNumber(r.rank) }), h('td', { text: r.name }), h('td', { text: formatNumber(r.score) })))));
  fill(main, h('h1', { text: t('l.results') }), h('p', { text: t('l.game', { title: g.title, date: formatDate(g.startedAt) }) }),
    g.teams.length ? rows(g.teams, 'teams') : null, rows(g.players, 'players'),
    h('p', {}, h('a', { href: `/league/${encodeURIComponent(id)}`, text: t('l.back') })));
}

if (!projector) $('.topbar').append(languagePicker());
onLanguage(() => render());

// Pages turn only when there is more than one.
if (projector) setInterval(() => { if (S.slides.length > 1) { S.slide = (S.slide + 1) % S.slides.length; showSlide(); } }, SLIDE_MS);
// A link to a night opens it: the first poll reads it with the standings.
if (!projector && !gameKey && params.get('night')) S.night = { key: params.get('night'), doc: null };
setInterval(poll, POLL_MS);
poll();
