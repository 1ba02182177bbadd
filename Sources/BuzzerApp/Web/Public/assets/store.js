// A page's one store: the reduced game (game-state.js) and the page's own state beside it. Every
// server message goes through `dispatch`, which reduces it and hands the page what changed, so a
// page draws from state and never reads a message itself.

import { newGame, reduce, kindsIn } from './game-state.js';
import { kindsLoaded, loadKinds } from './kinds/index.js';

/** The page's store: `game` is the reducer's; `fields` are the page's own (its form, its screen). */
export const createStore = (role, fields = {}) => ({ game: newGame(role), ...fields });

/** The parts of the game a page reacts to, compared by identity: the reducer replaces what it changes. */
const WATCHED = ['phase', 'question', 'answerCount', 'connected', 'players', 'teams', 'waiting', 'maxWager', 'answered',
  'myAnswer', 'answeredBy', 'teamWager', 'reveal', 'result', 'me', 'leaderboard', 'ended', 'tiebreak', 'tiebreakResult',
  'tiebreakAnswered', 'break', 'title', 'playerCount', 'locked', 'hostConnected', 'joinURL', 'joinAddresses', 'code',
  'seat', 'error', 'skipped', 'roomInfo', 'kicks', 'buzz', 'clip', 'displaySound', 'notes', 'actions'];

/** What a page compares: the watched parts, the question's clock, and the reducer's counters (`acks`). */
function snapshot(game) {
  const s = {};
  for (const k of WATCHED) s[k] = game[k];
  const q = game.question;
  s.sequence = q?.sequence;
  s.clock = q ? `${q.opensAt}|${q.deadline}|${q.timeLimitMs}|${q.pausedLeftMs}|${q.heldLeftMs}` : '';
  // The host's pause, said aloud (a buzz floor is none).
  s.paused = typeof q?.pausedLeftMs === 'number';
  s.tiebreakNumber = game.tiebreak?.number;
  for (const [k, n] of Object.entries(game.acks ?? {})) s[`ack.${k}`] = n;
  return s;
}

/** What one message changed: `has('players')`, `has('ack.answer')`, `was.phase`. */
class Change {
  constructor(was, now) { this.was = was; this.now = now; }
  has(...keys) { return keys.some((k) => this.was[k] !== this.now[k]); }
  /** A new screen: another phase or another question. */
  get screen() { return this.has('phase', 'sequence'); }
}

/** Reduces `m` into the store's game and, if anything changed, calls `react(change, store)`. A message
 *  naming a kind not loaded yet waits for it, and the messages after it behind it: a page draws no
 *  question without its kind. A kind that failed to load is drawn without it (the next message tries again). */
export function dispatch(store, m, react) {
  if (store.heldMessages) { store.heldMessages.push(m); return; }
  const kinds = kindsIn(m);
  if (kindsLoaded(kinds)) { apply(store, m, react); return; }
  store.heldMessages = [m];
  loadKinds(kinds).then(() => {
    const [first, ...rest] = store.heldMessages;
    store.heldMessages = null;
    apply(store, first, react);
    for (const next of rest) dispatch(store, next, react);
  });
}

function apply(store, m, react) {
  const was = snapshot(store.game);
  if (!reduce(store.game, m)) return;
  react(new Change(was, snapshot(store.game)), store);
}
