// The projector's podium (display.js, game ended): the whole screen, places rising 3rd, 2nd, then
// 1st after a drum roll, the winner's name and score as large as a question's text (display.css).
// A team game shows the teams' podium first (what the tables played for), then the players', and
// then turns between the two, each shown whole from its second turn on.
import { t, ordinal } from '../i18n.js';
import { h } from '../dom.js';
import { formatScore } from '../options.js';

/** A podium's entrance lasts this long (display.css: 1st rises at 4.6 s for 0.8 s), then it holds. */
const REVEAL_MS = 5600;
const HOLD_MS = 7000;

/**
 * The three places of `rows` (rank 1 to 3), each in its own column: 2nd left, 1st in the middle and
 * widest, 3rd right. Players who tie share a step and, having the same score, one score under their
 * names. A place nobody holds (two firsts, so no second) leaves its column empty: 1st stays in the middle.
 */
function steps(rows) {
  return h('ol', { class: 'podium' }, [1, 2, 3].map((rank) => {
    const group = rows.filter((r) => r.rank === rank);
    if (!group.length) return null;
    const score = group[0].score;
    return h('li', { class: `step step-${rank}${group.length > 1 ? ' tied' : ''}` },
      h('span', { class: 'place', text: ordinal(rank) }),
      group.map((r) => h('span', { class: 'who' }, h('span', { class: 'name', text: r.nickname ?? r.name }))),
      h('span', { class: 'pts', text: t('podium.points', { count: score, score: formatScore(score) }) }),
      h('span', { class: 'block', 'aria-hidden': 'true' }));
  }));
}

/**
 * Blocks as high as the names leave room for, and never higher than 1st's: 2nd's at most 70% of
 * it, 3rd's 45%, so a tie or a long name that squeezes 1st's block keeps the podium's shape.
 */
export function levelBlocks(root) {
  for (const podium of root.querySelectorAll('.podium-panel:not([hidden]) .podium')) {
    const blocks = [1, 2, 3].map((rank) => podium.querySelector(`.step-${rank} .block`));
    for (const b of blocks) b?.style.removeProperty('max-height');
    const top = blocks[0]?.offsetHeight;  // not the rect: the entrance scales the steps
    if (!top) continue;
    if (blocks[1]) blocks[1].style.maxHeight = `${Math.round(top * 0.7)}px`;
    if (blocks[2]) blocks[2].style.maxHeight = `${Math.round(top * 0.45)}px`;
  }
}

function panel(rows, kind, labelled) {
  return h('section', { class: `podium-panel ${kind === 'teams' ? 'team-podium' : 'player-podium'}`, 'data-kind': kind,
    'aria-label': t(kind === 'teams' ? 'podium.teamLabel' : 'podium.label') },
  labelled ? h('h2', { text: t(kind === 'teams' ? 'board.teams' : 'board.players') }) : null,
  steps(rows),
  h('p', { class: 'drumroll', 'aria-hidden': 'true', text: t('d.drumroll') }));
}

/**
 * The podiums of `ended.podium` in one element that fills what the title leaves. `memo` is the
 * page's own store (`view`): there `podium` keeps which panels have shown for the end named `key` (the
 * room), so a redraw (a new language, a reconnect) does not replay an entrance. `sound` plays each
 * panel's entrance (silent while the projector's sound is off); `reduced` (prefers-reduced-motion) shows every place at once, without the drum roll;
 * `onShow` runs after a panel comes on screen (display.js fits its names).
 */
export function podiumStage(ended, { memo, key, sound, reduced, onShow }) {
  if (memo.podium?.key !== key) memo.podium = { key, seen: new Set(), timer: null };
  const last = memo.podium;
  clearTimeout(last.timer);
  const players = ended?.podium?.players ?? [];
  const teams = ended?.podium?.teams ?? [];
  const panels = [teams.length ? panel(teams, 'teams', true) : null, panel(players, 'players', teams.length > 0)].filter(Boolean);
  const stage = h('div', { class: 'podium-stage' }, panels);
  const show = (i, later = false) => {
    if (later && !stage.isConnected) return;  // the game moved on: this stage is gone
    panels.forEach((p, j) => { p.hidden = j !== i; });
    const current = panels[i];
    const first = !last.seen.has(current.dataset.kind) && !reduced;
    current.classList.toggle('seen', !first);
    if (first) sound.podium();
    last.seen.add(current.dataset.kind);
    if (later) onShow?.();
    if (panels.length > 1) last.timer = setTimeout(() => show((i + 1) % panels.length, true), (first ? REVEAL_MS : 0) + HOLD_MS);
  };
  show(0);
  return stage;
}
