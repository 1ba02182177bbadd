// The phone's leaderboard, tiebreak, podium and the removed screen.
import { h, fill, clock, formatScore, podium, teamPodium, teamTable, standingsTable, entrantNames, tiebreakTable, ordinal, newGame, fitNames, t, tn, parseNumber } from '../common.js';
import { S, main, forget } from './store.js';
import { render, hostNote } from './screen.js';
import { renderJoin } from './join.js';

export function renderLeaderboard() {
  const board = S.game.leaderboard;
  const me = S.game.me;
  fill(main, h('section', { class: 'card' },
    h('h1', { text: board?.final ? t('finalStandings') : t('leaderboard') }),
    me?.rank ? h('p', { class: 'lead' }, ...tn('p.youAre', { rank: h('strong', { text: ordinal(me.rank) }), count: me.players, score: formatScore(me.score) })) : null,
    board?.final ? tiebreakTable(S.game.tiebreakResult) : null,
    board ? standingsTable(board.players, { me: S.seat?.player }) : null,
    board ? teamTable(board.teams, { mine: S.seat?.team }) : null,
    hostNote()));
  fitNames(main);
}

export function renderTiebreak() {
  const tb = S.game.tiebreak;
  if (!S.game.tiebreakPlays) {
    fill(main, h('section', { class: 'card center' },
      h('p', { class: 'eyebrow', text: t('p.tiebreak') }),
      h('h1', { text: t('p.tiebreakBetween', { names: entrantNames(tb) }) }),
      h('p', { class: 'lead', text: t('p.closestEyes') }),
      hostNote()));
    return;
  }
  if (S.game.tiebreakAnswered) {
    fill(main, h('section', { class: 'card center locked' },
      h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: t('p.tiebreak') }), clock()),
      h('h1', { text: S.game.tiebreakBy && S.game.tiebreakBy !== S.seat?.nickname ? t('p.lockedInBy', { name: S.game.tiebreakBy }) : t('p.lockedIn') }),
      S.game.tiebreakValue != null ? h('p', { class: 'lead' }, ...tn('p.yourTiebreak', { answer: h('strong', { class: 'mine', text: formatScore(S.game.tiebreakValue) }) })) : null,
      h('p', { class: 'hint', text: t('p.closestComing') }),
      hostNote()));
    S.countdown.start(tb.startedAt, tb.deadline);
    return;
  }
  fill(main, h('section', { class: 'question phase-open tiebreak' },
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: t('p.tiebreakOf', { names: entrantNames(tb) }) }), clock()),
    h('h1', { class: 'qtext', text: tb.text }),
    h('p', { class: 'hint', text: t('p.closestFaster') }),
    h('form', { class: 'typed', onsubmit: (e) => {
      e.preventDefault();
      const value = parseNumber(e.currentTarget.tiebreak.value);
      if (!Number.isFinite(value)) { S.ui.tiebreakError = t('p.typeNumber', { example: 1912 }); render(true); return; }
      S.ui.tiebreakError = null;
      S.ui.tiebreakSending = S.connection.send({ type: 'tiebreak_answer', value });
      if (!S.ui.tiebreakSending) { S.ui.tiebreakError = t('p.offlineAnswer'); render(true); }
    } },
      h('label', { for: 'tiebreak', text: t('p.yourAnswerNumber') }),
      h('input', { id: 'tiebreak', name: 'tiebreak', autocomplete: 'off', inputmode: 'decimal', maxlength: 30 }),
      h('button', { type: 'submit', class: 'btn primary big', text: t('p.lockIn') })),
    S.ui.tiebreakError ? h('p', { class: 'field-error', role: 'alert', text: S.ui.tiebreakError }) : null,
    hostNote()));
  S.countdown.start(tb.startedAt, tb.deadline);
}

export function renderEnded() {
  const ended = S.game.ended;
  const me = S.game.me;
  fill(main, h('section', { class: 'card center ended' },
    h('p', { class: 'eyebrow', text: S.game.title || t('p.gameOver') }),
    h('h1', { text: t('p.gameOverBang') }),
    ended ? podium(ended.podium.players, S.seat?.player) : null,
    ended ? teamPodium(ended.podium.teams, S.seat?.team) : null,
    me?.rank ? h('p', { class: 'lead final-rank' }, ...tn('p.youFinished', { rank: h('strong', { text: ordinal(me.rank) }), count: me.players, score: formatScore(me.score) })) : null,
    h('button', { type: 'button', class: 'btn ghost', text: t('p.playAnother'), onclick: () => { S.connection.stop(); forget(); S.game = newGame('player'); S.ui = {}; renderJoin(); } })));
  fitNames(main);
}

export function renderKicked() {
  fill(main, h('section', { class: 'card center' },
    h('h1', { text: S.game.ban ? t('p.removedBanned') : t('p.removed') }),
    h('p', { class: 'lead', text: t('err.kicked') }),
    S.game.reason ? h('p', { class: 'kick-reason' }, ...tn('p.hostSaid', { reason: h('strong', { text: S.game.reason }) })) : null,
    h('button', { type: 'button', class: 'btn primary', text: t('p.backToJoin'), onclick: () => { S.game = newGame('player'); S.ui = {}; renderJoin(); } })));
}
