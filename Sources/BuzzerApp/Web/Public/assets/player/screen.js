// The phone's screen for the phase, its top-bar chip and the host-away note.
import { $, h, fill, formatScore, countLine, breakSlide, tickBreak, kind, t } from '../common.js';
import { S, main } from './store.js';
import { renderJoin, renderLobby } from './join.js';
import { renderQuestion } from './question.js';
import { renderLocked, renderResult } from './result.js';
import { renderLeaderboard, renderTiebreak, renderEnded, renderKicked } from './standings.js';

// MARK: - Screens

/** Draws the screen for the current phase; `force` redraws the same screen in place. */
export function render(force = false) {
  updateChip();
  const key = `${S.game.phase}:${S.game.question?.sequence ?? ''}:${S.game.answered ? 1 : 0}:${S.ui.sending ? 1 : 0}:${S.ui.changing ? 1 : 0}:${S.game.tiebreakAnswered ? 1 : 0}`;
  if (key === S.screenKey && !force) {
    // Same screen: only the lobby's numbers move.
    countLine('player-count', 'p.inRoom', S.game.playerCount ?? 0);
    renderHostNote();
    return;
  }
  const moved = key !== S.screenKey;
  S.screenKey = key;
  S.countdown.stop();
  switch (S.game.phase) {
    case 'lobby': renderLobby(); break;
    case 'reading': case 'open': case 'closed':
      // A kind whose answer is its own screen (buzz: the queue, the floor) stays on the question.
      if (!kind(S.game.question?.kind).ownScreen && ((S.game.answered && !(S.ui.changing && S.game.phase === 'open')) || S.ui.sending)) renderLocked();
      else renderQuestion();
      break;
    case 'revealed': renderResult(); break;
    case 'leaderboard': renderLeaderboard(); break;
    case 'tiebreak': renderTiebreak(); break;
    case 'break': fill(main, h('section', { class: 'card center' }, ...breakSlide(S.game.break), hostNote())); tickBreak(S.game.break); break;
    case 'ended': renderEnded(); break;
    case 'kicked': renderKicked(); break;
    default: renderJoin(); return;
  }
  renderHostNote();
  if (moved) focusHeading();
}

export function focusHeading() {
  // Keep focus in a field the player is typing in; otherwise start reading at the new heading.
  const active = document.activeElement;
  if (active && active.matches('input, textarea') && main.contains(active)) return;
  const heading = $('h1', main);
  if (heading) { heading.setAttribute('tabindex', '-1'); heading.focus({ preventScroll: true }); }
}

export function updateChip() {
  const chip = $('#me');
  if (!S.seat) { chip.hidden = true; return; }
  chip.hidden = false;
  fill(chip, h('span', { class: 'chip-name', text: S.seat.nickname }),
    S.game.me ? h('span', { class: 'chip-score', text: t('podium.points', { count: S.game.me.score, score: formatScore(S.game.me.score) }) }) : null);
}

/** A short notice over the screen (a skipped question), seen and not only said (`say` speaks it); it goes by itself. */
export function showNotice(text) {
  let node = $('#notice');
  if (!node) { node = h('p', { id: 'notice', class: 'notice', 'aria-hidden': 'true' }); document.body.append(node); }
  node.textContent = text;
  node.hidden = false;
  clearTimeout(S.noticeTimer);
  S.noticeTimer = setTimeout(() => { node.hidden = true; }, 6000);
}

export function renderHostNote() {
  const note = $('#host-note');
  if (note) note.hidden = S.game.hostConnected !== false;
}

export function hostNote() {
  return h('p', { id: 'host-note', class: 'note', hidden: S.game.hostConnected !== false, text: t('p.hostLost') });
}
