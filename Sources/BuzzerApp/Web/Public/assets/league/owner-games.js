// The owner panel's corrections (docs/league.md, "Corrections"): the league's games, newest first,
// and the corrections form (corrections.js, fetched when first opened) for the one picked, sent with
// the edit token this browser holds. The form's box outlives the panel's redraws (the standings poll
// draws the page again), so what was typed and the last word stay.
import { h, load, t } from '../common.js';
import { formatDate } from '../i18n.js';

/** The form's box, made once, and the game picked. */
const G = { box: null, game: '' };

/** The game picker and the form's box; `onChange` runs after each correction (the standings move). */
export function ownerGames(games, onChange) {
  G.box ??= h('section', { id: 'corrections', class: 'corrections' });
  if (!games.length) return null;
  const open = async (e) => {
    e.preventDefault();
    G.game = e.currentTarget.game.value;
    const { openCorrections } = await import('../corrections.js');
    await openCorrections(G.box, { game: G.game, token: load('buzzer.editToken'), onChange });
  };
  return [
    h('form', { id: 'correct-game-form', onsubmit: open },
      h('h3', { text: t('l.correctTitle') }),
      h('p', { class: 'hint', id: 'correct-game-hint', text: t('l.correctHint') }),
      h('div', { class: 'field' }, h('label', { for: 'correct-game', text: t('l.correctGame') }),
        h('select', { id: 'correct-game', name: 'game', 'aria-describedby': 'correct-game-hint' }, games.map((g) => h('option', {
          value: g.key, selected: g.key === G.game, text: t('l.gameLine', { title: g.title, date: formatDate(g.startedAt, { dateStyle: 'medium', timeStyle: 'short' }), code: g.code }) })))),
      h('button', { type: 'submit', class: 'btn', id: 'correct-game-open', text: t('l.correctOpen') })),
    G.box,
  ];
}
