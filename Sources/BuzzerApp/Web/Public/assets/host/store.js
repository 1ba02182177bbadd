// The console's one store: the reduced game (with its seat: the room's code and host key) and the
// console's own state. Every screen module reads and writes it here; nothing else is mutable.
import { $, t, createStore, load, store } from '../common.js';

export const KEY = 'buzzer.host';
// The library's edit token, shared with the editor: hosting a library pack needs it (the host sees every answer).
export const TOKEN_KEY = 'buzzer.editToken';
export const NEEDS_TOKEN = () => t('h.needsToken');
export const main = $('#main');
export const live = $('#live');

/**
 * `game.seat` is { code, token, displayURL, podiumSize, league } of the room this console runs
 * (kept in localStorage); the join address is the game's (`game.joinURL`), never the seat's.
 * `pendingCreate`: the create request on its way; `setupError`, `needToken` (the server asked for
 * the edit token): what the setup form shows; `screenKey`: the screen on show; `graceTimer`: redraws
 * "reconnecting…" as "away" when a dropped phone's grace ends; `correcting`: the end screen's
 * corrections form is open.
 */
export const S = createStore('host', { pendingCreate: null, setupError: null, needToken: false, screenKey: '', connection: null, countdown: null, graceTimer: null, correcting: false });
S.game.seat = load(KEY);
Object.defineProperty(S, 'seat', { get: () => S.game.seat, set: (seat) => { S.game.seat = seat; store(KEY, seat); } });

export function command(type, extra = {}) {
  if (!S.connection.send({ type, ...extra })) toast(t('h.offline'));
}

const toastTimer = { id: null };
export function toast(text) {
  const node = $('#toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer.id);
  toastTimer.id = setTimeout(() => { node.hidden = true; }, 6000);
}
