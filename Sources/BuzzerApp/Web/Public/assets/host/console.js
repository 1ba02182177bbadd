// The console during a game: the stage for the phase, the controls with keyboard shortcuts and
// the host's corrections (pause, add time, skip, re-open, undo a reveal, end).
import { $, h, fill, clock, teamTable, standingsTable, tiebreakTable, breakSlide, tickBreak, serverNow, t, tn, kind } from '../common.js';
import { S, command, main } from './store.js';
import { renderSetup } from './setup.js';
import { startClock, questionStage, revealStage } from './question.js';
import { renderShare, lobbyStage } from './lobby.js';
import { podiumTies, tiebreakStage, endedStage } from './ended.js';
import { renderPlayers } from './players.js';
import { ask } from './dialog.js';

// MARK: - Running the game

/** The next step for the phase, shared by the big button and the keyboard shortcut. */
export function primary() {
  switch (S.game.phase) {
    case 'lobby': return { label: t('h.start'), type: 'start', shortcut: t('h.startShortcut') };
    case 'tiebreak': return { label: t('h.endTiebreak'), type: 'close', shortcut: t('h.endTiebreakShortcut') };
    // A kind may own the next step (a buzz: the floor's Right, never closing the buzzers for everyone).
    case 'reading': case 'open': return kind(S.game.question?.kind).hostPrimary?.(S.game)
      ?? { label: t('h.closeAnswers'), type: 'close', shortcut: t('h.closeAnswersShortcut') };
    case 'closed': return { label: t('h.reveal'), type: 'reveal', shortcut: t('h.revealShortcut') };
    case 'revealed': return { label: t('h.next'), type: 'next', shortcut: t('h.nextShortcut') };
    case 'break': return S.game.break?.upNext
      ? { label: t('h.startNext', { next: S.game.break.upNext }), type: 'next', shortcut: t('h.startNextShortcut', { next: S.game.break.upNext }) }
      : { label: t('h.startNextRound'), type: 'next', shortcut: t('h.startNextRoundShortcut') };
    case 'leaderboard': return S.game.leaderboard?.final
      ? { label: t('h.finish'), type: 'next', note: t('h.finishNote'), shortcut: t('h.finishShortcut') }
      : { label: t('h.nextQuestion'), type: 'next', shortcut: t('h.nextQuestionShortcut') };
    default: return null;
  }
}

document.addEventListener('keydown', (event) => {
  if (event.key !== ' ' && event.key !== 'ArrowRight') return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('input, select, textarea, button, a, summary, [contenteditable]')) return;
  const step = primary();
  if (!step || !S.seat) return;
  event.preventDefault();
  command(step.type, step.fields);
});

export function render(force = false) {
  if (!S.seat) { renderSetup(); return; }
  renderChip();
  if (!$('#stage')) {
    fill(main, h('div', { class: 'host-grid' },
      h('section', { id: 'stage', class: 'panel', 'aria-labelledby': 'stage-title' }),
      h('aside', { class: 'side' },
        h('section', { class: 'panel', 'aria-labelledby': 'players-title' },
          h('h2', { id: 'players-title', 'data-i18n': 'board.players', text: t('board.players') }), h('div', { id: 'players' })),
        h('section', { class: 'panel', 'aria-labelledby': 'share-title', id: 'share' }))));
    S.screenKey = '';
  }
  renderStage(force);
  renderPlayers();
  renderShare();
}

export function renderChip() {
  const chip = $('#room-chip');
  chip.hidden = false;
  fill(chip, h('span', { class: 'chip-name' }, ...tn('h.chipGame', { code: h('strong', { text: S.seat.code }) })),
    S.game.playerCount !== undefined ? h('span', { class: 'chip-score', text: t('h.players', { count: S.game.playerCount }) }) : null);
}

export function renderStage(force) {
  const key = `${S.game.phase}:${S.game.question?.sequence ?? ''}`;
  if (key === S.screenKey && !force) return;
  const moved = key !== S.screenKey;
  S.screenKey = key;
  S.countdown.stop();
  const stage = $('#stage');
  const step = primary();
  // On a phone the controls stick to the bottom of the screen with the live count and the clock,
  // so the next step stays one tap away while the host scrolls the question or the player list.
  const asking = S.game.phase === 'reading' || S.game.phase === 'open' || S.game.phase === 'closed' || S.game.phase === 'tiebreak';
  const controls = h('div', { class: 'controls remote', role: 'group', 'aria-label': t('h.controls') },
    asking ? h('span', { class: 'remote-status', 'aria-hidden': 'true' },
      h('span', { id: 'remote-count', text: `${S.game.answerCount ?? 0}/${S.game.connected ?? S.game.playerCount ?? 0}` }),
      h('span', { id: 'remote-clock', text: '' })) : null,
    step ? h('button', { type: 'button', class: 'btn primary', id: 'primary', 'aria-keyshortcuts': 'Space ArrowRight', text: step.label,
      'aria-describedby': step.note ? 'primary-note' : null, onclick: () => command(step.type, step.fields) }) : null,
    S.game.phase === 'open' || S.game.phase === 'reading' ? h('button', { type: 'button', class: 'btn', text: t('h.revealNow'), onclick: () => command('reveal') }) : null,
    S.game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', text: t('h.showLeaderboard'), onclick: () => command('leaderboard') }) : null,
    ...runOfShow(),
    S.game.phase === 'break' ? h('button', { type: 'button', class: 'btn', id: 'break-more', text: t('h.plusMinutes', { count: 5 }), 'aria-label': t('h.addBreakMinutes', { count: 5 }), onclick: () => command('break_add_time', { seconds: 300 }) }) : null,
    S.game.phase === 'break' && S.game.break?.endsAt > serverNow() ? h('button', { type: 'button', class: 'btn', id: 'break-end', text: t('h.endCountdown'), onclick: () => command('break_end_countdown') }) : null,
    S.game.phase === 'lobby' ? h('button', { type: 'button', class: 'btn', 'aria-pressed': S.game.locked ? 'true' : 'false', text: S.game.locked ? t('h.roomLocked') : t('h.lockRoom'), onclick: () => command(S.game.locked ? 'unlock' : 'lock') }) : null,
    S.game.phase !== 'ended' ? endButton() : null,
    step ? h('span', { class: 'shortcut' }, ...tn('h.shortcut', { space: h('kbd', { text: t('h.space') }), arrow: h('kbd', { text: '→' }), what: step.shortcut })) : null);
  // What the two ways out differ in, beside the buttons (docs/game-rules.md, "Phases").
  const notes = S.game.phase === 'ended' ? null : h('ul', { class: 'control-notes hint' },
    step?.note ? h('li', { id: 'primary-note' }, h('strong', { text: `${step.label}: ` }), step.note) : null,
    h('li', { id: 'end-note' }, h('strong', { text: `${t('h.endGame')}: ` }), END_NOTE()));
  const controlsAndNotes = [controls, notes];
  switch (S.game.phase) {
    case 'lobby': fill(stage, ...lobbyStage(), ...controlsAndNotes); break;
    case 'reading': case 'open': case 'closed': fill(stage, ...questionStage(), ...controlsAndNotes); startClock(); break;
    case 'revealed': fill(stage, ...revealStage(), ...controlsAndNotes); break;
    case 'leaderboard': fill(stage, h('h1', { id: 'stage-title', text: S.game.leaderboard?.final ? t('finalStandings') : t('leaderboard') }),
      S.game.leaderboard?.final ? tiebreakTable(S.game.tiebreakResult) : null,
      S.game.leaderboard?.final ? podiumTies() : null,
      standingsTable(S.game.leaderboard?.players ?? [], { limit: 20 }), teamTable(S.game.leaderboard?.teams, { limit: 50 }), ...controlsAndNotes); break;
    case 'tiebreak': fill(stage, ...tiebreakStage(), ...controlsAndNotes); S.countdown.start(S.game.tiebreak.startedAt, S.game.tiebreak.deadline); break;
    case 'break': fill(stage, ...breakSlide(S.game.break, 'stage-title'), ...controlsAndNotes); tickBreak(S.game.break); break;
    case 'ended': fill(stage, ...endedStage()); break;
    default: fill(stage, h('h1', { id: 'stage-title', text: t('h.connecting') }));
  }
  if (moved) {
    const active = document.activeElement;
    if (!active || active === document.body || !document.contains(active) || active.id === 'primary') {
      const title = $('#stage-title');
      title?.setAttribute('tabindex', '-1');
      title?.focus({ preventScroll: true });
    }
  }
}

/** The host's corrections: pause or resume the clock, add time, skip, re-open, undo a reveal. */
export function runOfShow() {
  const q = S.game.question;
  const running = S.game.phase === 'reading' || S.game.phase === 'open';
  const paused = running && typeof q?.pausedLeftMs === 'number';
  return [
    running ? h('button', { type: 'button', class: 'btn', id: 'pause', 'aria-pressed': paused ? 'true' : 'false',
      text: paused ? t('h.resumeClock') : t('h.pauseClock'), onclick: () => command(paused ? 'unpause' : 'pause') }) : null,
    running ? h('button', { type: 'button', class: 'btn', id: 'add-time', text: t('h.plusSeconds', { count: 10 }), 'aria-label': t('h.addSeconds', { count: 10 }),
      onclick: () => command('add_time', { seconds: 10 }) }) : null,
    S.game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'reopen', text: t('h.reopenAnswers'), onclick: askReopen }) : null,
    running || S.game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'skip', text: t('h.skipQuestion'), onclick: () => ask({
      title: t('h.skipTitle', { n: q.sequence + 1 }),
      text: t('h.skipText'),
      confirm: t('h.skipIt'), danger: true, onConfirm: () => command('skip') }) }) : null,
    S.game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', id: 'undo-reveal', text: t('h.undoReveal'), onclick: () => ask({
      title: t('h.undoTitle'),
      text: t('h.undoText'),
      confirm: t('h.undoReveal'), danger: true, onConfirm: () => command('undo_reveal') }) }) : null,
  ];
}

export function askReopen() {
  ask({
    title: t('h.reopenQ'),
    text: t('h.reopenText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'reopen-seconds', text: t('h.seconds') }),
      h('input', { id: 'reopen-seconds', name: 'seconds', type: 'number', min: 1, max: 600, value: 15, inputmode: 'numeric' }))],
    confirm: t('h.reopen'),
    onConfirm: (form) => command('reopen', { seconds: Math.round(Number(form.seconds.value) || 15) }),
  });
}

export const END_NOTE = () => t('h.endNote');

export function endButton() {
  return h('button', { type: 'button', class: 'btn danger', id: 'end', text: t('h.endGame'), 'aria-describedby': 'end-note', onclick: () => ask({
    title: t('h.endTitle'),
    text: t('h.endText', { note: END_NOTE() }),
    confirm: t('h.endGame'), danger: true, onConfirm: () => command('end') }) });
}
