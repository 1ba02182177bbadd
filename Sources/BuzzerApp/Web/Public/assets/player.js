// The player page: join, lobby, answer, result, leaderboard, podium. Everything a player or
// the server wrote is inserted as text (see h() in dom.js). Screens live in player/*.js over one
// store (player/store.js); this file connects and reacts to what changed in the store.
import { $, h, fill, say, Connection, Countdown, drawClock, showStatus, dispatch, store, tickBreak, entrantNames, errorText, t, patchNotes } from './common.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage } from './i18n.js';
import { S, KEY, main, live, forget } from './player/store.js';
import { render, renderHostNote, updateChip, showNotice } from './player/screen.js';
import { renderJoin, swapTeamField, takeLimits, countName } from './player/join.js';
import { applyPause } from './player/question.js';
import { stakePlaced } from './player/stake.js';
import { announceResult } from './player/result.js';

// A phone follows its own choice (the picker, kept in localStorage), else `?lang=`, else the browser's languages.
await startI18n(pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['player']);

// The form counts names against the server's limits as the player types, and says so, rather than cutting.
fetch('/api/settings', { cache: 'no-store' }).then((r) => r.json()).then((s) => {
  S.limits.nickname = s.roomDefaults?.nicknameMaxLength ?? S.limits.nickname;
  S.limits.team = s.roomDefaults?.teamNameMaxLength ?? S.limits.team;
  for (const name of ['nickname', 'team']) if ($(`#${name}-count`)) countName($(`#${name}`));
}).catch(() => {});

S.countdown = new Countdown(drawClock, $('#timer-live'));

S.connection = new Connection({
  hello: () => {
    if (S.seat?.token) return { type: 'resume', code: S.seat.code, token: S.seat.token };
    if (S.pendingJoin) return { type: 'join', ...S.pendingJoin };
    if (S.pendingPeek) { const code = S.pendingPeek; S.pendingPeek = null; return { type: 'peek', code }; }
    return null;
  },
  // The code this phone is about: behind several servers, the proxy routes by it.
  room: () => S.seat?.code ?? S.pendingJoin?.code ?? S.pendingPeek ?? (S.peeked || null),
  onMessage: (m) => dispatch(S, m, react),
  onStatus: (status) => {
    showStatus($('#banner'), status);
    if (status === 'offline' && !S.seat) renderJoin();
  },
});

// MARK: - Reacting to the store

/** Draws and says what changed in the store. */
function react(change) {
  const game = S.game, ui = S.ui;
  if (change.has('error')) { onError(game.error); return; }
  if (change.has('seat')) seatChanged(change);
  if (change.has('roomInfo') && game.roomInfo) {
    if (S.screenKey === 'join') swapTeamField();
    takeLimits(game.roomInfo);
  }
  if (change.has('ack.stake')) stakePlaced();
  if (!game.phase) return;
  if (game.phase === 'kicked') {
    if (change.has('phase')) { forget(); S.ui = {}; render(); }
    return;
  }
  if (change.has('ack.state')) { S.ui = {}; render(); return; }
  if (change.has('question') && game.phase === 'reading') {
    Object.assign(ui, { changing: false, answerError: null, stakeChoice: null, stakeCustom: '', stakeError: null, changingStake: false });
    render();
    say(live, t('q.saySpoken', { n: game.question.sequence + 1, text: game.question.text }));
    return;
  }
  if (change.has('break') && game.phase === 'break') {
    render();
    tickBreak(game.break);
    if (game.break.fresh) say(live, t('p.sayBreak', { title: game.break.title }));
    return;
  }
  if (change.has('tiebreakNumber') || (change.has('phase') && game.phase === 'tiebreak')) {
    ui.tiebreakSending = false;
    render();
    say(live, game.tiebreakPlays ? t('p.sayTiebreak', { text: game.tiebreak.text }) : t('p.tiebreakBetween', { names: entrantNames(game.tiebreak) }));
    return;
  }
  if (change.has('ack.tiebreak')) { ui.tiebreakSending = false; render(true); say(live, t('p.sayTiebreakLocked')); return; }
  if (change.has('ack.teamAnswer')) {
    Object.assign(ui, { sending: false, changing: false });
    render(true);
    say(live, t('p.sayTeamAnswer', { name: game.answeredBy }));
    return;
  }
  // A room mechanic's note (a hint): under the question's text, with the answer as it is.
  if (change.has('notes') && !change.has('question', 'phase')) { patchNotes(game.notes); return; }
  // A buzz question's queue moved: the phone's place, its floor or its lockout.
  if (change.has('buzz') && game.buzz && !change.has('phase')) {
    render(true);
    const status = $('#buzz-status');
    if (status && !status.classList.contains('hint')) say(live, status.textContent);
    return;
  }
  if (change.has('ack.answer')) { Object.assign(ui, { sending: false, changing: false }); render(); say(live, t('p.sayLocked')); return; }
  if (change.has('teamWager') && game.teamWager) {
    Object.assign(ui, { changingStake: false, stakeError: null });
    render(true);
    say(live, t('p.sayTeamStake', { name: game.teamWager.by, count: game.teamWager.amount }));
    return;
  }
  // A second result for the same question means the host accepted another typed answer.
  if (change.has('result') && game.result) { render(true); announceResult(); return; }
  if (change.has('phase')) {
    render();
    if (game.phase === 'closed' && !game.answered) say(live, t('q.timesUp'));
  } else if (change.has('leaderboard', 'ended')) render(true);  // the host corrected a score or a name
  else if (change.has('maxWager')) render(true);  // the quick picks are halves and wholes of it
  else if (change.has('me')) {
    updateChip();
    if (game.phase === 'leaderboard' || game.phase === 'ended') render(true);
  } else if (change.has('title', 'playerCount', 'locked') && game.phase === 'lobby') render();
  if (change.has('clock') && !change.screen) applyPause(change.has('paused'));
  if (change.has('hostConnected')) renderHostNote();
  if (change.has('skipped') && game.skipped) { say(live, t('p.saySkipped')); showNotice(t('p.saySkipped')); }
}

/** The server took a join or resume, or moved this phone to a team, or renamed it: kept for a reload. */
function seatChanged(change) {
  const seat = S.seat, was = change.was.seat;
  store(KEY, seat);
  if (!seat) return;
  if (change.has('ack.joined', 'ack.resumed')) {
    S.pendingJoin = null;
    S.joinError = null;
    history.replaceState(null, '', `/join/${seat.code}`);
    say(live, change.has('ack.resumed') ? t('p.sayWelcomeBack', { name: seat.nickname }) : t('p.sayIn', { name: seat.nickname }));
  } else if (change.has('ack.team')) {
    say(live, seat.team ? t('p.sayTeamSet', { team: seat.team }) : t('p.sayTeamOut'));
  } else if (was && seat.nickname !== was.nickname) {
    store('buzzer.name', seat.nickname);
    updateChip();
    say(live, t('p.sayRenamed', { name: seat.nickname }));
  }
  // The lobby's heading and team line show the seat: a rename or a move redraws them in place.
  if (was && S.game.phase === 'lobby' && (seat.nickname !== was.nickname || seat.team !== was.team)) render(true);
}

/**
 * Plain words for the player, in the page's language: every error code has a text in the catalogues
 * (`err.CODE`), so the phone says what happened and what to do rather than the server's English.
 */
const plain = (m) => errorText(m, { code: S.pendingJoin?.code ?? S.seat?.code ?? S.peeked ?? '' });

/** An error, by the request it answers. */
function onError(m) {
  const ui = S.ui;
  if (m.request === 'peek') return;  // the join itself will say what is wrong with the code
  m = { ...m, message: plain(m) };
  if (m.request === 'join') {
    S.pendingJoin = null;
    S.joinError = { code: m.code, message: m.message };
    renderJoin();
    return;
  }
  if (m.request === 'resume') {
    const code = S.seat?.code;
    forget();
    S.joinError = { code: m.code, message: `${m.message} ${t('p.joinAgainBelow')}`, prefill: code };
    renderJoin();
    return;
  }
  if (m.request === 'tiebreak_answer') {
    Object.assign(ui, { tiebreakSending: false, tiebreakError: m.message });
    render(true);
    say(live, m.message);
    return;
  }
  if (m.request === 'wager') {
    // The stake stays what it was (a placed one, or none), and the step says why.
    if (ui.stake?.sending) ui.stake = ui.stake.before ?? null;
    ui.stakeError = m.message;
    render(true);
    say(live, m.message);
    return;
  }
  if (m.request === 'answer') {
    ui.sending = false;
    if (m.code === 'already_answered' || m.code === 'team_answered') { S.game.answered = true; render(); return; }
    ui.answerError = m.message;
    render(true);
    say(live, m.message);
    return;
  }
  say(live, m.message);
}

// MARK: - Start

// The language picker sits in the top bar; a switch redraws the screen in place (what is typed in the join form stays).
$('.topbar').append(languagePicker());
onLanguage(() => {
  if (S.screenKey !== 'join') { if (S.game.phase) render(true); return; }
  const typed = ['code', 'nickname', 'team'].map((id) => [id, $(`#${id}`)?.value]);
  renderJoin();
  for (const [id, value] of typed) if (value != null && $(`#${id}`) && $(`#${id}`).tagName === 'INPUT') $(`#${id}`).value = value;
  countName($('#nickname'));
});

if (S.seat?.token) {
  fill(main, h('section', { class: 'card center' }, h('h1', { text: t('p.reconnecting') }), h('p', { class: 'lead', text: t('p.takingBack', { code: S.seat.code }) })));
  S.connection.connect();
} else {
  renderJoin();
}
