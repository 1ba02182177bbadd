// The boards every screen shows: the podium, the standings and the team tables.
import { t, ordinal } from '../i18n.js';
import { h } from '../dom.js';
import { formatScore } from '../options.js';

/**
 * The podium: up to three places, 2nd-1st-3rd so 1st stands in the middle; names as text.
 * `me` highlights the reader's own row.
 */
export function podium(rows, me) {
  const places = [2, 1, 3].map((rank) => rows.filter((r) => r.rank === rank));
  return h('ol', { class: 'podium', 'aria-label': t('podium.label') },
    places.map((group, i) => {
      const rank = [2, 1, 3][i];
      if (!group.length) return null;
      return h('li', { class: `step step-${rank}`, style: { order: String(i) } },
        h('span', { class: 'place', text: ordinal(rank) }),
        group.map((r) => h('span', { class: `who${r.player === me ? ' me' : ''}` },
          h('span', { class: 'name', text: r.nickname ?? r.name }),
          h('span', { class: 'pts', text: t('podium.points', { count: r.score, score: formatScore(r.score) }) }))),
        h('span', { class: 'block', 'aria-hidden': 'true' }));
    }));
}

/** Fixed column widths (app.css, in em of the table's text), so a long name cannot widen its column. */
const columns = (...names) => h('colgroup', {}, names.map((n) => h('col', { class: `col-${n}` })));

/** Fits the names again when the page's size or its fonts change under a drawn board (a phone turned,
 *  a browser's bar coming or going, the page's font arriving after the first fit). Set up once. */
const REFIT = { on: false, pending: false };
function refitOnChange() {
  if (REFIT.on) return;
  REFIT.on = true;
  const again = () => {
    if (REFIT.pending) return;
    REFIT.pending = true;
    requestAnimationFrame(() => { REFIT.pending = false; fitNames(document); });
  };
  addEventListener('resize', again);
  document.fonts?.addEventListener?.('loadingdone', again);
  document.fonts?.ready.then(again);
}

/**
 * Names wrap only between words (app.css); a single word too long for its box (a 24-letter
 * surname on a phone's podium step) is set smaller until it fits, down to 60%, and past that
 * breaks inside the word: a name is never cut.
 */
export function fitNames(root = document) {
  refitOnChange();
  for (const node of root.querySelectorAll('.board .name, .podium .name')) {
    node.style.removeProperty('font-size');
    node.style.removeProperty('overflow-wrap');
    const over = node.scrollWidth / Math.max(1, node.clientWidth);
    if (over > 1.01) node.style.fontSize = `${Math.max(0.6, Math.floor(100 / over) / 100)}em`;
    if (over > 1 / 0.6) node.style.overflowWrap = 'anywhere';
  }
}

/** A ranked table of players (leaderboard). */
export function standingsTable(rows, { me, limit = 10, caption = t('board.caption') } = {}) {
  return h('table', { class: 'board fixed' },
    h('caption', { text: caption }),
    columns('rank', 'name', 'score'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('board.rank') }), h('th', { scope: 'col', text: t('board.player') }), h('th', { scope: 'col', class: 'num', text: t('board.score') }))),
    h('tbody', {}, rows.slice(0, limit).map((r) => h('tr', { class: r.player === me ? 'me' : '' },
      h('td', { class: 'rank', text: ordinal(r.rank) }),
      h('th', { scope: 'row', class: 'name', text: r.nickname ?? r.name }),
      h('td', { class: 'num', text: formatScore(r.score) })))));
}

/** The team standings (nothing when nobody plays in a team); `mine` highlights the reader's team. */
export function teamTable(rows, { mine, limit = 10, caption = t('board.teams') } = {}) {
  if (!rows?.length) return null;
  return h('table', { class: 'board fixed teams' },
    h('caption', { text: caption }),
    columns('rank', 'name', 'members', 'score'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('board.rank') }), h('th', { scope: 'col', text: t('board.team') }),
      h('th', { scope: 'col', class: 'num', text: t('board.players') }), h('th', { scope: 'col', class: 'num', text: t('board.score') }))),
    h('tbody', {}, rows.slice(0, limit).map((r) => h('tr', { class: mine && r.name === mine ? 'me' : '' },
      h('td', { class: 'rank', text: ordinal(r.rank) }),
      h('th', { scope: 'row', class: 'name' }, r.name, mine && r.name === mine ? h('span', { class: 'sr-only', text: t('board.yourTeam') }) : null),
      h('td', { class: 'num', text: String(r.members ?? '') }),
      h('td', { class: 'num', text: formatScore(r.score) })))));
}

/** The team podium, when teams play: the same steps as the players'. */
export function teamPodium(rows, mine) {
  if (!rows?.length) return null;
  return h('section', { class: 'team-podium', 'aria-label': t('podium.teamLabel') },
    h('h2', { text: t('board.teams') }),
    podium(rows.map((r) => ({ ...r, nickname: r.name, player: r.name })), mine));
}
