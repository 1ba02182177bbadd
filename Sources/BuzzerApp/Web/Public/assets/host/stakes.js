// A wager round's stakes on the console: each team's (or teamless player's) stake once placed, who
// placed it, and who has not staked yet, from the host's `waiting` (its `stakes`; docs/protocol-server.md).
import { $, h, fill, formatScore, t } from '../common.js';
import { S } from './store.js';

/** The stakes box's content for the current question, or nothing outside a wager round. */
export function stakesContent() {
  const w = S.game.waiting;
  const stakes = w?.question === S.game.question?.sequence ? w.stakes : null;
  if (!stakes) return [];
  const hidden = stakes.total - stakes.rows.length;
  return [
    h('h2', { id: 'stakes-title', text: t('h.stakesTitle', { count: stakes.placed, m: stakes.total }) }),
    h('ul', { class: 'stake-list' }, stakes.rows.map((row) => h('li', { class: row.amount == null ? 'unplaced' : 'placed' },
      h('span', { class: 'sname', text: row.name }), ' ',
      row.amount == null
        ? h('span', { class: 'hint', text: t('h.stakeNotYet') })
        : h('span', {}, h('strong', { text: t('podium.points', { count: row.amount, score: formatScore(row.amount) }) }),
          row.by ? h('span', { class: 'hint', text: ` ${t('h.stakeBy', { name: row.by })}` }) : null))),
      hidden > 0 ? h('li', { text: t('h.andMore', { count: hidden }) }) : null),
  ];
}

/** The box itself, for the question's stage; empty (and hidden) outside a wager round. */
export function stakesSection() {
  const content = stakesContent();
  return h('section', { id: 'stakes', class: 'stakes', 'aria-labelledby': 'stakes-title', hidden: !content.length }, ...content);
}

/** Redraws the box in place when a new `waiting` arrives. */
export function renderStakes() {
  const box = $('#stakes');
  if (!box) return;
  const content = stakesContent();
  fill(box, ...content);
  box.hidden = !content.length;
}
