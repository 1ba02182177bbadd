// The phone's one store: the reduced game (with its seat: code, resume token, name, player, team)
// and the phone's own state. Every screen module reads and writes it here; nothing else is mutable.
import { $, createStore, load, store, codeFromPath } from '../common.js';

export const KEY = 'buzzer.player';
export const main = $('#main');
export const live = $('#live');

/**
 * `ui`: what this phone is doing beside what the server said (sending, changing its answer, its
 * stake); `pendingJoin`, `joinError`, `peeked`, `pendingPeek`: the join form's; `limits`: the name
 * limits, the server's defaults (GET /api/settings) until `room_info` brings the room's own.
 */
export const S = createStore('player', { ui: {}, pendingJoin: null, joinError: null, peeked: '', pendingPeek: null,
  limits: { nickname: 24, team: 24 }, screenKey: '', connection: null, countdown: null, pathCode: codeFromPath() });
{
  const seat = load(KEY);
  S.game.seat = seat && S.pathCode && seat.code !== S.pathCode ? null : seat;
}
Object.defineProperty(S, 'seat', { get: () => S.game.seat, set: (seat) => { S.game.seat = seat; store(KEY, seat); } });
/** The `room_info` of the code in the form: its `teams` are the host's list to pick from. */
Object.defineProperty(S, 'roomInfo', { get: () => S.game.roomInfo, set: (info) => { S.game.roomInfo = info; } });

export function forget() {
  S.seat = null;
}
