// The host console: pick or upload a pack, settings, the lobby with code, QR and players,
// the controls with keyboard shortcuts, live answer counts, the reveal, scores and the podium.
// Screens live in host/*.js over one store (host/store.js); this file connects and reacts.
import { $, h, fill, say, Connection, Countdown, drawClock, showStatus, dispatch, setText, store, t, errorText } from './common.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage, language } from './i18n.js';
import { S, KEY, TOKEN_KEY, NEEDS_TOKEN, main, live, toast } from './host/store.js';
import { renderSetup, redrawSetup, showSetupError } from './host/setup.js';
import { render, renderChip, renderStage } from './host/console.js';
import { renderPlayers } from './host/players.js';
import { renderShare } from './host/lobby.js';
import { renderWaiting, renderNotes } from './host/question.js';
import { renderSoundWarning } from './host/clip.js';
import { rememberGame } from './host/remember.js';

await startI18n(pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['host']);

// `/host#code=ABC123&token=…` reopens a console on another device; the fragment never reaches the server.
{
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('code') && hash.get('token')) {
    S.seat = { code: hash.get('code').toUpperCase(), token: hash.get('token') };
    history.replaceState(null, '', '/host');
  } else if (hash.get('token')) {
    // `/host#token=…`, the link `buzzer serve` prints: the edit token, kept here and never in the address bar.
    store(TOKEN_KEY, hash.get('token'));
    history.replaceState(null, '', '/host');
  }
}

// A link pasted into a tab already on /host changes only the fragment: read it as a fresh load does.
window.addEventListener('hashchange', () => { if (new URLSearchParams(location.hash.slice(1)).get('token')) location.reload(); });

S.countdown = new Countdown((seconds, left) => {
  drawClock(seconds, left);
  const remote = $('#remote-clock');
  if (remote) remote.textContent = `${seconds} s`;
}, $('#timer-live'));

S.connection = new Connection({
  hello: () => (S.seat?.token ? { type: 'host', code: S.seat.code, token: S.seat.token } : S.pendingCreate),
  // A new game goes to any server; a running one is reached where it lives.
  room: () => (S.seat?.token ? S.seat.code : null),
  onMessage: (m) => dispatch(S, m, react),
  onStatus: (status) => showStatus($('#banner'), status),
});

// MARK: - Reacting to the store

/** Draws what changed in the store. */
function react(change) {
  const game = S.game;
  if (change.has('error')) { onError(game.error); return; }
  if (change.has('seat') && game.seat) {
    // A new room (not this console's own coming back): the create went through. A library pack's id is
    // kept with the seat, for the corrections form (host/ended.js).
    const created = change.was.seat?.token !== game.seat.token;
    if (created && S.pendingCreate?.pack) game.seat = { ...game.seat, pack: S.pendingCreate.pack };
    store(KEY, game.seat);
    if (created) {
      if (S.pendingCreate) rememberGame(S.pendingCreate, game.seat.league);
      S.pendingCreate = null;
      S.needToken = false;
      say(live, t('h.sayOpen', { code: game.seat.code }));
    }
  }
  if (!game.seat) return;
  if (change.has('joinURL') && change.was.joinURL) {
    if (game.phase === 'lobby') renderStage(true);
    say(live, t('h.sayJoinAt', { url: game.joinURL }));
  }
  if (change.has('ack.state', 'reveal') || (change.has('break') && game.phase === 'break')) render(true);  // a moved break may add or drop "End countdown"
  else if (change.screen) render();
  else if (change.has('leaderboard', 'ended')) render(true);  // the host corrected a score or a name
  else if (change.has('tiebreakNumber') || change.has('buzz')) render(true);
  else if (change.has('tiebreak')) setText('#tiebreak-answered', t('h.nOfM', { n: game.tiebreak.answered, m: game.tiebreak.entrants.length }));
  if (change.has('players', 'teams')) renderPlayers();
  if (change.has('title', 'playerCount', 'locked', 'hostConnected')) {
    renderChip();
    if (game.phase === 'lobby') renderStage(true);
  }
  if (change.has('answerCount', 'connected')) {
    setText('#answered', t('h.nOfM', { n: game.answerCount, m: game.connected }));
    setText('#remote-count', `${game.answerCount}/${game.connected}`);
  }
  if (change.has('clock') && !change.screen) {
    renderStage(true);
    if (change.has('paused')) say(live, typeof game.question?.pausedLeftMs === 'number' ? t('h.sayPaused') : t('h.sayRunning'));
  }
  if (change.has('skipped') && game.skipped) toast(t('h.skipped', { n: game.skipped.question + 1 }));
  if (change.has('waiting')) renderWaiting();
  if (change.has('notes', 'actions') && !change.screen) renderNotes();
  if (change.has('displaySound')) renderSoundWarning();
}

function onError(m) {
  // A pack the server cannot read comes back as bad_message, which names no request.
  if (m.request === 'create' || (S.pendingCreate && !m.request)) {
    S.pendingCreate = null;
    S.needToken = m.code === 'token_required';
    // A token the server refused is of no use to this page or the editor.
    if (S.needToken) store(TOKEN_KEY, null);
    // A pack's problems (JSON paths) are the server's words; other languages put them under the page's.
    const problems = ['bad_message', 'invalid_pack', 'invalid_settings'].includes(m.code);
    S.setupError = S.needToken ? NEEDS_TOKEN() : !problems ? errorText(m) : language() === 'en' ? m.message : `${errorText(m)}\n${m.message}`;
    showSetupError();
  } else if (m.request === 'host') {
    S.setupError = t('h.couldNotReopen', { reason: errorText(m, { code: S.seat?.code ?? '' }) });
    S.seat = null;
    S.connection.stop();
    renderSetup();
  } else {
    toast(errorText(m));
  }
}

// MARK: - Start

// The console's own language (the top bar); a switch redraws the screen as it stands.
$('.topbar').append(languagePicker());
onLanguage(() => {
  if (!S.seat) { if (S.screenKey === 'setup') redrawSetup(); return; }
  if (!$('#stage')) return;  // still reopening: the game's first message draws the console
  renderChip();
  renderStage(true);
  renderPlayers();
  renderShare(true);
});

if (S.seat?.token) {
  fill(main, h('p', { class: 'panel', text: t('h.reopening', { code: S.seat.code }) }));
  S.connection.connect();
} else {
  renderSetup();
}
