// The league page (docs/league.md): `/league/ID` on a phone shows every table with "you" and your
// team highlighted, your trend and your nights; with `?screen=projector` it shows one big table at a
// time and turns the pages by itself. It polls the standings' JSON, which answers 304 while no game
// of the league ended.
import { $, fill, h, load, say } from './common.js';

/** Every string this page shows, in one place for the translations. */
const T = {
  title: (name) => `${name}: standings`,
  periods: { tonight: 'Tonight', week: 'This week', month: 'This month', season: 'This season', all: 'All time' },
  teams: 'Teams', players: 'Players',
  rank: 'Rank', team: 'Team', player: 'Player', games: 'Games', points: 'Points', wins: 'Wins', avgPlace: 'Avg place', trend: 'Trend',
  scoring: { points: 'Total points', places: 'League points by place (10, 8, 6, 5, 4, 3, 2, 1)' },
  noGames: 'No games in this period yet.',
  newRow: 'new', up: (n) => `▲ ${n}`, down: (n) => `▼ ${n}`, same: '＝',
  trendSay: (n) => (n > 0 ? `up ${n} since last week` : n < 0 ? `down ${-n} since last week` : 'same place as last week'),
  page: (i, n) => `Page ${i} of ${n}`,
  scan: 'Your nights: scan with your phone',
  yourNights: 'Your nights', noNights: 'This phone has not played in this league yet.',
  night: (n) => `${n.title}, ${new Date(n.startedAt).toLocaleDateString()}: ${ordinal(n.place)} of ${n.players}, ${n.score} points`,
  results: 'Results', backToLeague: 'Back to the league',
  game: (g) => `${g.title}, ${new Date(g.startedAt).toLocaleString()}`,
  unknown: 'There is no league with this name yet.',
  offline: 'Cannot reach the server; showing the last standings.',
  you: 'you',
  youAre: (place, n, period, trend) => `You: ${ordinal(place)} of ${n} ${period.toLowerCase()}`
    + (trend === null || trend === undefined ? '' : trend > 0 ? `, up ${trend} since last week` : trend < 0 ? `, down ${-trend} since last week` : ', same place as last week'),
  owner: 'League owner',
  ownerHint: 'This browser holds the host link, so it may change the league.',
  joinTitle: 'Join two names into one',
  joinHint: 'For a team that spelt its name another way, or a player on a new phone.',
  kind: 'Join', from: 'Count', into: 'as', join: 'Join them',
  aliases: 'Joined so far', undo: (a) => `Undo ${a}`, noAliases: 'Nothing joined yet.',
  scoringLabel: 'Scoring', save: 'Save scoring',
  saved: 'Saved.', failed: (m) => `Not saved: ${m}`,
};
const ordinal = (n) => { const s = ['th', 'st', 'nd', 'rd'], v = n % 100; return n + (s[(v - 20) % 10] || s[v] || s[0]); };

const id = decodeURIComponent(location.pathname.split('/')[2] || '');
const params = new URLSearchParams(location.search);
const projector = params.get('screen') === 'projector';
const gameKey = params.get('game');
const main = $('#main');
const live = $('#live');
if (projector) document.body.classList.add('projector');

let doc = null, etag = null, mine = null, choice = { period: 'tonight', kind: 'teams' }, ownerSaid = '';
let slides = [], slide = 0, perPage = 0;
const POLL_MS = 5000, SLIDE_MS = 8000;

async function poll() {
  try {
    const response = await fetch(`/api/leagues/${encodeURIComponent(id)}`, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} });
    if (response.status === 404) { fill(main, h('p', { class: 'card league-empty', text: T.unknown })); return; }
    if (response.status === 304) return;
    if (!response.ok) return;
    etag = response.headers.get('ETag');
    doc = await response.json();
    if (!projector) await loadMine();
    render();
  } catch { say(live, T.offline); }
}

/** This phone's rows and nights: asked with its own device id, which nobody else holds. */
async function loadMine() {
  const device = load('buzzer.device');
  if (!device) { mine = null; return; }
  try {
    const response = await fetch(`/api/leagues/${encodeURIComponent(id)}/me`, { cache: 'no-store', headers: { Authorization: `Bearer ${device}` } });
    mine = response.ok ? await response.json() : null;
  } catch { mine = null; }
}

function trendCell(row, period) {
  if (period === 'tonight' || period === 'week') return h('td', { text: '' });
  if (row.trend === null || row.trend === undefined) return h('td', { text: T.newRow });
  const text = row.trend > 0 ? T.up(row.trend) : row.trend < 0 ? T.down(-row.trend) : T.same;
  return h('td', { class: row.trend > 0 ? 'trend-up' : row.trend < 0 ? 'trend-down' : '', text, 'aria-label': T.trendSay(row.trend) });
}

function table(tableDoc, kind, rows, caption) {
  const mineKeys = new Set(kind === 'teams' ? mine?.teams ?? [] : mine?.players ?? []);
  return h('table', { class: 'league-table', id: `table-${tableDoc.period}-${kind}` },
    h('caption', { text: caption }),
    h('thead', {}, h('tr', {},
      [T.rank, kind === 'teams' ? T.team : T.player, T.games, T.points, T.wins, T.avgPlace, T.trend]
        .map((t) => h('th', { scope: 'col', class: t === T.wins ? 'wins' : null, text: t })))),
    h('tbody', {}, rows.map((row) => h('tr', { class: mineKeys.has(row.key) ? 'me' : '', 'data-key': row.key },
      h('td', { text: String(row.rank) }),
      h('td', { text: row.name + (mineKeys.has(row.key) ? ` (${T.you})` : '') }),
      h('td', { text: String(row.games) }),
      h('td', { text: String(row.points) }),
      h('td', { class: 'wins', text: String(row.wins) }),
      h('td', { text: row.averagePlace.toFixed(2) }),
      trendCell(row, tableDoc.period)))));
}

function render() {
  if (!doc) return;
  const s = doc.standings;
  document.title = T.title(s.name);
  $('#league-name').textContent = s.name;
  if (gameKey) { renderGame(); return; }
  if (projector) { buildSlides(); showSlide(); return; }
  const current = s.tables.find((t) => t.period === choice.period) ?? s.tables[0];
  const rows = current[choice.kind];
  const myKeys = new Set(mine?.players ?? []);
  const myRow = current.players.find((r) => myKeys.has(r.key));
  fill(main,
    h('h1', { text: s.name }),
    h('p', { class: 'hint', text: T.scoring[s.scoring] }),
    myRow ? h('p', { class: 'lead', id: 'my-standing', text: T.youAre(myRow.rank, current.players.length, T.periods[current.period],
      current.period === 'tonight' || current.period === 'week' ? undefined : myRow.trend) }) : null,
    h('div', { class: 'league-controls', role: 'group', 'aria-label': 'Period' },
      s.tables.map((t) => h('button', { type: 'button', class: 'btn', id: `period-${t.period}`, 'aria-pressed': String(t.period === current.period), text: T.periods[t.period],
        onclick: () => { choice.period = t.period; render(); } }))),
    h('div', { class: 'league-controls', role: 'group', 'aria-label': 'Teams or players' },
      ['teams', 'players'].map((k) => h('button', { type: 'button', class: 'btn', id: `kind-${k}`, 'aria-pressed': String(k === choice.kind), text: T[k],
        onclick: () => { choice.kind = k; render(); } }))),
    rows.length ? table(current, choice.kind, rows, `${T.periods[current.period]}: ${T[choice.kind]}`) : h('p', { class: 'league-empty', text: T.noGames }),
    h('section', { 'aria-labelledby': 'nights-title' },
      h('h2', { id: 'nights-title', text: T.yourNights }),
      mine?.nights?.length
        ? h('ul', { class: 'nights', id: 'nights' }, mine.nights.map((n) => h('li', { 'data-game': n.game },
          h('a', { href: `/league/${encodeURIComponent(id)}?game=${encodeURIComponent(n.game)}`, text: T.night(n) }))))
        : h('p', { class: 'hint', text: T.noNights })),
    load('buzzer.editToken') ? ownerPanel() : null);
}

/** What the league's owner (this browser holds the edit token) may change: aliases and scoring. */
function ownerPanel() {
  const all = doc.standings.tables.find((t) => t.period === 'all') ?? { teams: [], players: [] };
  const kind = choice.ownerKind ?? 'teams';
  const rows = all[kind];
  const label = (r) => `${r.name} (${r.games} ${r.games === 1 ? 'game' : 'games'})`;
  const value = (r) => (kind === 'teams' ? r.name : r.key);
  const status = h('p', { id: 'owner-status', role: 'status', text: ownerSaid });
  const send = async (method, path, body) => {
    const response = await fetch(path, { method, headers: { Authorization: `Bearer ${load('buzzer.editToken')}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined });
    const reply = await response.json().catch(() => ({}));
    if (!response.ok) { ownerSaid = status.textContent = T.failed(reply.error ?? response.status); return; }
    ownerSaid = T.saved;
    etag = null;
    await poll();
    say(live, T.saved);
  };
  const base = `/api/leagues/${encodeURIComponent(id)}`;
  const aliases = [...doc.teamAliases.map((a) => ({ ...a, kind: 'team', text: `${a.from} = ${a.into}` })),
    ...doc.playerAliases.map((a) => ({ ...a, kind: 'player', text: `${nameOf(a.from)} = ${nameOf(a.into)}` }))];
  return h('section', { class: 'card owner', 'aria-labelledby': 'owner-title' },
    h('h2', { id: 'owner-title', text: T.owner }),
    h('p', { class: 'hint', text: T.ownerHint }),
    h('form', { id: 'alias-form', onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      if (f.from.value && f.into.value && f.from.value !== f.into.value) {
        send('POST', `${base}/aliases`, { kind: kind === 'teams' ? 'team' : 'player', from: f.from.value, into: f.into.value });
      }
    } },
      h('h3', { text: T.joinTitle }),
      h('p', { class: 'hint', text: T.joinHint }),
      h('div', { class: 'field' }, h('label', { for: 'alias-kind', text: T.kind }),
        h('select', { id: 'alias-kind', onchange: (e) => { choice.ownerKind = e.currentTarget.value; render(); } },
          ['teams', 'players'].map((k) => h('option', { value: k, text: T[k], selected: k === kind })))),
      h('div', { class: 'field' }, h('label', { for: 'alias-from', text: T.from }),
        h('select', { id: 'alias-from', name: 'from' }, rows.map((r) => h('option', { value: value(r), text: label(r) })))),
      h('div', { class: 'field' }, h('label', { for: 'alias-into', text: T.into }),
        h('select', { id: 'alias-into', name: 'into' }, rows.map((r) => h('option', { value: value(r), text: label(r) })))),
      h('button', { type: 'submit', class: 'btn', id: 'alias-join', text: T.join })),
    h('h3', { text: T.aliases }),
    aliases.length
      ? h('ul', { class: 'nights', id: 'aliases' }, aliases.map((a) => h('li', {}, `${a.text} `,
        h('button', { type: 'button', class: 'btn ghost', text: T.undo(a.text),
          onclick: () => send('DELETE', `${base}/aliases?kind=${a.kind}&from=${encodeURIComponent(a.from)}`) }))))
      : h('p', { class: 'hint', text: T.noAliases }),
    h('form', { id: 'scoring-form', onsubmit: (e) => { e.preventDefault(); send('PUT', base, { scoring: e.currentTarget.scoring.value }); } },
      h('div', { class: 'field' }, h('label', { for: 'league-scoring', text: T.scoringLabel }),
        h('select', { id: 'league-scoring', name: 'scoring' },
          ['points', 'places'].map((s) => h('option', { value: s, text: T.scoring[s], selected: s === doc.standings.scoring })))),
      h('button', { type: 'submit', class: 'btn', text: T.save })),
    status);
}

/** A player row's name by its key, for the list of joined players. */
function nameOf(key) {
  const row = doc.standings.tables.flatMap((t) => t.players).find((r) => r.key === key);
  return row ? row.name : key;
}

/** The projector's pages: each period's teams then players, cut to what fits the screen. */
function buildSlides() {
  // A first guess from the type size (3.4vh a row); showSlide() takes rows off until nothing scrolls.
  if (!perPage) perPage = Math.max(3, Math.floor(0.7 / (0.034 * 1.9)) - 1);
  slides = [];
  for (const t of doc.standings.tables) {
    for (const kind of ['teams', 'players']) {
      const rows = t[kind];
      if (!rows.length) continue;
      const pages = Math.ceil(rows.length / perPage);
      for (let p = 0; p < pages; p++) slides.push({ t, kind, rows: rows.slice(p * perPage, (p + 1) * perPage), page: p + 1, pages });
    }
  }
  if (slide >= slides.length) slide = 0;
}

function showSlide() {
  if (!slides.length) { fill(main, h('p', { class: 'league-empty', text: T.noGames })); return; }
  const s = slides[slide];
  fill(main, h('h1', { class: 'sr-only', text: T.title(doc.standings.name) }),
    table(s.t, s.kind, s.rows, `${T.periods[s.t.period]}: ${T[s.kind]}`),
    h('div', { class: 'league-page-note' },
      h('span', { text: `${T.scoring[doc.standings.scoring]} · ${T.page(slide + 1, slides.length)}` }),
      h('span', { class: 'league-qr' }, T.scan, h('img', { src: `/api/leagues/${encodeURIComponent(id)}/qr.svg`, alt: T.scan, id: 'league-qr' }))));
  // Past the screen (the page scrolls, or the table runs into the note), or room left between them.
  const tableBottom = $('.league-table').getBoundingClientRect().bottom;
  const noteTop = $('.league-page-note').getBoundingClientRect().top;
  const scrolls = document.documentElement.scrollHeight - window.innerHeight;
  const over = scrolls > 1 ? scrolls : tableBottom - noteTop;
  const row = $('.league-table tbody tr')?.getBoundingClientRect().height || 0;
  if (over > 1 && perPage > 3 && s.rows.length > 3) {
    perPage = Math.min(perPage, s.rows.length) - Math.max(1, Math.ceil(over / (row || 1)));
    perPage = Math.max(3, perPage);
    buildSlides();
    showSlide();
  } else if (over < -row && row > 0 && s.rows.length === perPage && s.t[s.kind].length > perPage && !showSlide.grown) {
    // Room for more rows on this screen: once, as many as fit.
    showSlide.grown = true;
    perPage += Math.floor(-over / row);
    buildSlides();
    showSlide();
  }
}

// A new screen size: guess the rows per page again.
window.addEventListener('resize', () => { if (projector && doc) { perPage = 0; showSlide.grown = false; buildSlides(); showSlide(); } });

async function renderGame() {
  const response = await fetch(`/api/leagues/${encodeURIComponent(id)}/games/${encodeURIComponent(gameKey)}`, { cache: 'no-store' });
  if (!response.ok) { fill(main, h('p', { class: 'league-empty', text: T.unknown })); return; }
  const g = await response.json();
  const rows = (list, kind) => h('table', { class: 'league-table', id: `game-${kind}` },
    h('caption', { text: T[kind] }),
    h('thead', {}, h('tr', {}, [T.rank, kind === 'teams' ? T.team : T.player, T.points].map((t) => h('th', { scope: 'col', text: t })))),
    h('tbody', {}, list.map((r) => h('tr', {}, h('td', { text: String(r.rank) }), h('td', { text: r.name }), h('td', { text: String(r.score) })))));
  fill(main, h('h1', { text: T.results }), h('p', { text: T.game(g) }),
    g.teams.length ? rows(g.teams, 'teams') : null, rows(g.players, 'players'),
    h('p', {}, h('a', { href: `/league/${encodeURIComponent(id)}`, text: T.backToLeague })));
}

if (projector) setInterval(() => { if (slides.length) { slide = (slide + 1) % slides.length; showSlide(); } }, SLIDE_MS);
setInterval(poll, POLL_MS);
poll();
