// The player page: join, lobby, answer, result, leaderboard, podium. Everything a player or
// the server wrote is inserted as text (see h() in common.js).
import {
  $, h, fill, say, Connection, Countdown, clock, runClock, showStatus, marker, LETTERS, ordinal, formatScore,
  correctText, podium, teamPodium, teamTable, standingsTable, codeFromPath, store, load, drawClock,
  entrantNames, tiebreakTable, newGame, reduce, fitNames, breakSlide, tickBreak } from './common.js';
import { orderPicker, orderResult } from './order.js';

const KEY = 'buzzer.player';
const main = $('#main');
const live = $('#live');
const timerLive = $('#timer-live');
const banner = $('#banner');

/** The seat this browser holds: { code, token, nickname, player }. */
let seat = load(KEY);
const pathCode = codeFromPath();
if (seat && pathCode && seat.code !== pathCode) seat = null;

let pendingJoin = null;
let joinError = null;
/** The `room_info` of the code in the form: its `teams` are the host's list to pick from. */
let roomInfo = null;
let peeked = '';
let pendingPeek = null;
/** The name limits: the server's defaults (config.json's game.roomDefaults) until `room_info` brings
 *  the room's own. The form counts against them as the player types and says so, rather than cutting. */
const limits = { nickname: 24, team: 24 };
fetch('/api/settings', { cache: 'no-store' }).then((r) => r.json()).then((s) => {
  limits.nickname = s.roomDefaults?.nicknameMaxLength ?? limits.nickname;
  limits.team = s.roomDefaults?.teamNameMaxLength ?? limits.team;
  for (const name of ['nickname', 'team']) if ($(`#${name}-count`)) countName($(`#${name}`));
}).catch(() => {});

/** Characters as the server counts them: whitespace trimmed and collapsed, one per grapheme. */
function nameLength(value) {
  const clean = value.trim().split(/\s+/).join(' ');
  if (!clean) return 0;
  return typeof Intl.Segmenter === 'function' ? [...new Intl.Segmenter().segment(clean)].length : [...clean].length;
}

/** The live "12 of 24" under a name field; past the limit it says by how much, in the error colour. */
function countName(input) {
  const out = $(`#${input.id}-count`);
  if (!out) return;
  const max = limits[input.id], n = nameLength(input.value);
  const over = n > max;
  out.textContent = over ? `${n} of ${max}: ${n - max} too many` : `${n} of ${max}`;
  out.classList.toggle('over', over);
  if (over !== (out.dataset.over === '1')) {
    out.dataset.over = over ? '1' : '';
    if (over) say(live, `Too long: at most ${max} characters.`);
  }
}

/** The hint under a name field: the limit, and the live count. */
function nameHint(name) {
  return [h('span', { id: `${name}-max`, text: `At most ${limits[name]} characters. ` }), h('span', { id: `${name}-count`, class: 'name-count' })];
}

/** Takes a room's own name limits (from `room_info`) into the form's hints and counts. */
function takeLimits(info) {
  limits.nickname = info.nicknameMaxLength ?? limits.nickname;
  limits.team = info.teamNameMaxLength ?? limits.team;
  for (const name of ['nickname', 'team']) {
    const max = $(`#${name}-max`);
    if (max) max.textContent = `At most ${limits[name]} characters. `;
    if ($(`#${name}-count`)) countName($(`#${name}`));
  }
}
let game = newGame('player');
/** What this phone is doing beside what the server said: sending, changing its answer, its stake. */
let ui = {};
let screenKey = '';

const countdown = new Countdown(drawClock, timerLive);

const connection = new Connection({
  hello: () => {
    if (seat?.token) return { type: 'resume', code: seat.code, token: seat.token };
    if (pendingJoin) return { type: 'join', ...pendingJoin };
    if (pendingPeek) { const code = pendingPeek; pendingPeek = null; return { type: 'peek', code }; }
    return null;
  },
  // The code this phone is about: behind several servers, the proxy routes by it.
  room: () => seat?.code ?? pendingJoin?.code ?? pendingPeek ?? (peeked || null),
  onMessage: handle,
  onStatus: (status) => {
    showStatus(banner, status);
    if (status === 'offline' && !seat) renderJoin();
  },
});

// MARK: - Messages

function handle(m) {
  const change = reduce(game, m, seat);
  if (!change) { session(m); return; }
  switch (m.type) {
    case 'state': ui = {}; render(); break;
    case 'lobby': if (game.phase === 'lobby') render(); break;
    case 'host_status': renderHostNote(); break;
    case 'question':
      Object.assign(ui, { changing: false, answerError: null, stakeChoice: null, stakeCustom: '', stakeError: null, changingStake: false });
      render();
      say(live, `Question ${m.question.sequence + 1}: ${m.question.text}`);
      break;
    case 'answers_open': case 'leaderboard': case 'ended': render(); break;
    case 'break': render(); tickBreak(game.break); if (m.break.startedAt === m.serverTime) say(live, `Break: ${m.break.title}`); break;
    case 'wager_limit': render(true); break;  // the quick picks are halves and wholes of it
    case 'clock': applyPause(); break;
    case 'tiebreak':
      if (change === 'count') break;  // later copies only move the answered count
      ui.tiebreakSending = false;
      render();
      say(live, game.tiebreakPlays ? `Tiebreak! ${m.tiebreak.text}` : `Tiebreak between ${entrantNames(m.tiebreak)}.`);
      break;
    case 'tiebreak_ack':
      ui.tiebreakSending = false;
      render(true);
      say(live, 'Tiebreak answer locked in.');
      break;
    case 'team_answer':
      Object.assign(ui, { sending: false, changing: false });
      render(true);
      say(live, `${m.by} locked in your team's answer.`);
      break;
    case 'team_wager':
      Object.assign(ui, { changingStake: false, stakeError: null });
      render(true);
      say(live, `${m.by} staked ${m.amount} points for your team.`);
      break;
    case 'skipped': say(live, 'The host skipped this question.'); break;
    case 'answer_ack':
      Object.assign(ui, { sending: false, changing: false });
      render();
      say(live, 'Answer locked in.');
      break;
    case 'answers_closed':
      render();
      if (!game.answered) say(live, "Time's up.");
      break;
    case 'result':
      // A second result for the same question means the host accepted another typed answer.
      render(true);
      announceResult();
      break;
    case 'standing':
      updateChip();
      if (game.phase === 'leaderboard' || game.phase === 'ended') render(true);
      break;
    case 'kicked':
      forget();
      ui = {};
      render();
      break;
    default: break;
  }
}

/** The messages about this phone's seat and join form rather than the game. */
function session(m) {
  switch (m.type) {
    case 'joined':
      seat = { code: m.code, token: m.resumeToken, nickname: m.nickname, player: m.player, team: m.team ?? null };
      store(KEY, seat);
      pendingJoin = null;
      joinError = null;
      history.replaceState(null, '', `/join/${m.code}`);
      say(live, m.resumed ? `Welcome back, ${m.nickname}.` : `You're in, ${m.nickname}.`);
      break;
    case 'room_info':
      roomInfo = m;
      if (screenKey === 'join') swapTeamField();
      takeLimits(m);
      break;
    case 'team_changed':
      if (seat) { seat.team = m.team ?? null; store(KEY, seat); }
      say(live, m.team ? `The host put you in team ${m.team}.` : 'The host took you out of your team.');
      break;
    case 'ok':
      if (m.request === 'wager') stakePlaced();
      break;
    case 'renamed':
      if (seat) { seat.nickname = m.nickname; store(KEY, seat); }
      store('buzzer.name', m.nickname);
      updateChip();
      say(live, `The host changed your name to ${m.nickname}.`);
      break;
    case 'error':
      onError(m);
      break;
    default:
      break;
  }
}

/**
 * Plain words for the player. The server's texts for game rules are already written for players;
 * these codes carry a technical one (meant for the host or a developer), so the phone says what
 * happened and what to do instead.
 */
const PLAIN = {
  bad_message: 'Your phone sent something the game did not understand. Reload the page and try again.',
  internal: 'Something went wrong on the server. Try again in a moment.',
  busy: 'Still working on your last tap. Wait a second and try again.',
  not_in_room: 'You are not in a game yet. Enter the code from the big screen.',
  already_in_room: 'This page is already in a game. Reload it to join another one.',
  archive_unavailable: 'The game cannot take new players right now. Ask the host.',
  unknown_player: 'This phone is no longer in the game. Join again with the code on the big screen.',
  wrong_question: 'That answer was for an earlier question.',
  unknown_question: 'That answer was for a question that is not being played.',
  invalid_answer: 'That answer could not be read. Pick or type it again.',
};

function plain(m) {
  return PLAIN[m.code] ?? m.message;
}

function onError(m) {
  if (m.request === 'peek') return;  // the join itself will say what is wrong with the code
  m = { ...m, message: plain(m) };
  if (m.request === 'join') {
    pendingJoin = null;
    joinError = { code: m.code, message: m.message };
    renderJoin();
    return;
  }
  if (m.request === 'resume') {
    const code = seat?.code;
    forget();
    joinError = { code: m.code, message: `${m.message} You can join again below.`, prefill: code };
    renderJoin();
    return;
  }
  if (m.request === 'tiebreak_answer') {
    ui.tiebreakSending = false;
    ui.tiebreakError = m.message;
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
    if (m.code === 'already_answered' || m.code === 'team_answered') { game.answered = true; render(); return; }
    ui.answerError = m.message;
    render(true);
    say(live, m.message);
    return;
  }
  say(live, m.message);
}

function forget() {
  seat = null;
  store(KEY, null);
}

// MARK: - Screens

/** Draws the screen for the current phase; `force` redraws the same screen in place. */
function render(force = false) {
  updateChip();
  const key = `${game.phase}:${game.question?.sequence ?? ''}:${game.answered ? 1 : 0}:${ui.sending ? 1 : 0}:${ui.changing ? 1 : 0}:${game.tiebreakAnswered ? 1 : 0}`;
  if (key === screenKey && !force) {
    // Same screen: only the lobby's numbers move.
    const count = $('#player-count');
    if (count) count.textContent = String(game.playerCount ?? 0);
    renderHostNote();
    return;
  }
  const moved = key !== screenKey;
  screenKey = key;
  countdown.stop();
  switch (game.phase) {
    case 'lobby': renderLobby(); break;
    case 'reading': case 'open': case 'closed':
      if ((game.answered && !(ui.changing && game.phase === 'open')) || ui.sending) renderLocked(); else renderQuestion(); break;
    case 'revealed': renderResult(); break;
    case 'leaderboard': renderLeaderboard(); break;
    case 'tiebreak': renderTiebreak(); break;
    case 'break': fill(main, h('section', { class: 'card center' }, ...breakSlide(game.break), hostNote())); tickBreak(game.break); break;
    case 'ended': renderEnded(); break;
    case 'kicked': renderKicked(); break;
    default: renderJoin(); return;
  }
  renderHostNote();
  if (moved) focusHeading();
}

function focusHeading() {
  // Keep focus in a field the player is typing in; otherwise start reading at the new heading.
  const active = document.activeElement;
  if (active && active.matches('input, textarea') && main.contains(active)) return;
  const heading = $('h1', main);
  if (heading) { heading.setAttribute('tabindex', '-1'); heading.focus({ preventScroll: true }); }
}

function updateChip() {
  const chip = $('#me');
  if (!seat) { chip.hidden = true; return; }
  chip.hidden = false;
  fill(chip, h('span', { class: 'chip-name', text: seat.nickname }),
    game.me ? h('span', { class: 'chip-score', text: `${formatScore(game.me.score)} pts` }) : null);
}

function renderHostNote() {
  const note = $('#host-note');
  if (note) note.hidden = game.hostConnected !== false;
}

function hostNote() {
  return h('p', { id: 'host-note', class: 'note', hidden: game.hostConnected !== false, text: 'The host lost their connection. Hang on: the game resumes when they are back.' });
}

function renderJoin() {
  screenKey = 'join';
  countdown.stop();
  updateChip();
  const code = joinError?.prefill || pathCode || '';
  const errorFor = (field) => {
    if (!joinError) return null;
    const fieldOf = { room_not_found: 'code', room_ended: 'code', room_locked: 'code', rate_limited: 'code',
      name_taken: 'nickname', name_invalid: 'nickname', name_blocked: 'nickname', banned: 'code', room_full: 'code', late_join_disabled: 'code',
      team_not_listed: 'team', team_too_long: 'team' };
    return (fieldOf[joinError.code] ?? 'form') === field ? joinError.message : null;
  };
  const field = (name, label, attrs, hint) => {
    const error = errorFor(name);
    return h('div', { class: `field${error ? ' invalid' : ''}` },
      h('label', { for: name, text: label }),
      hint ? h('p', { id: `${name}-hint`, class: 'hint' }, hint) : null,
      h('input', { id: name, name, ...attrs, 'aria-invalid': error ? 'true' : false,
        'aria-describedby': [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].join(' ').trim() || false }),
      error ? h('p', { id: `${name}-error`, class: 'field-error', text: error }) : null);
  };
  const form = h('form', { class: 'card join', novalidate: true, onsubmit: submitJoin },
    h('h1', { text: 'Join the quiz' }),
    h('p', { class: 'lead', text: 'Enter the code on the big screen and pick a name.' }),
    field('code', 'Game code', { value: code, required: true, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: 12, inputmode: 'text', class: 'code-input',
      onchange: (e) => peek(e.currentTarget.value) }),
    field('nickname', 'Your name', { value: seat?.nickname ?? load('buzzer.name') ?? '', required: true, autocomplete: 'nickname',
      oninput: (e) => countName(e.currentTarget) }, nameHint('nickname')),
    teamField(errorFor('team')),
    errorFor('form') ? h('p', { class: 'field-error', role: 'alert', text: errorFor('form') }) : null,
    h('button', { type: 'submit', class: 'btn primary big', text: pendingJoin ? 'Joining…' : 'Join game', disabled: !!pendingJoin }));
  fill(main, form);
  countName($('#nickname'));
  if ($('#team-count')) countName($('#team'));
  const invalid = $('[aria-invalid="true"]', form);
  if (invalid) { invalid.focus(); say(live, joinError.message); }
  peek(code);
}

/** Asks the server about the code in the form (once per code): the host may have a team list. */
function peek(code) {
  code = (code || '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!code || code === peeked) return;
  peeked = code;
  roomInfo = null;
  if (connection.isFor(code)) connection.send({ type: 'peek', code });
  else { pendingPeek = code; connection.restart(); }
}

/** The team field: the host's list as a select when there is one, else free typing. */
function teamField(error) {
  const teams = roomInfo?.code === peeked ? roomInfo.teams : null;
  const described = [teams ? 'team-hint' : 'team-hint', error ? 'team-error' : ''].join(' ').trim();
  const saved = load('buzzer.team') ?? '';
  const control = teams
    ? h('select', { id: 'team', name: 'team', required: true, 'aria-invalid': error ? 'true' : false, 'aria-describedby': described },
      h('option', { value: '', text: 'Choose your team', disabled: true, selected: !teams.includes(saved) }),
      teams.map((t) => h('option', { value: t, text: t, selected: t === saved })))
    : h('input', { id: 'team', name: 'team', autocomplete: 'off', value: saved, oninput: (e) => countName(e.currentTarget),
      'aria-invalid': error ? 'true' : false, 'aria-describedby': described });
  return h('div', { class: `field team-field${error ? ' invalid' : ''}` },
    h('label', { for: 'team', text: teams ? 'Your team' : 'Team (optional)' }),
    h('p', { id: 'team-hint', class: 'hint' }, teams ? "Pick your table's team from the host's list." : ['Players with the same team name play together. ', ...nameHint('team')]),
    control,
    error ? h('p', { id: 'team-error', class: 'field-error', text: error }) : null);
}

function swapTeamField() {
  const current = $('.team-field');
  if (!current) return;
  const error = current.querySelector('.field-error')?.textContent ?? null;
  current.replaceWith(teamField(error));
}

function submitJoin(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const code = form.code.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const nickname = form.nickname.value.trim();
  const team = form.team.value.trim();
  if (!code || !nickname) {
    joinError = { code: code ? 'name_invalid' : 'room_not_found', message: code ? 'Type a name to play under.' : 'Type the game code from the big screen.', prefill: code };
    renderJoin();
    return;
  }
  // Said before sending, never cut: the player chooses what to drop.
  for (const [field, words, error] of [['nickname', 'Your name', 'name_invalid'], ['team', 'Your team name', 'team_too_long']]) {
    const n = nameLength(form[field].value);
    if (form[field].tagName === 'INPUT' && n > limits[field]) {
      joinError = { code: error, message: `${words} has ${n} characters: at most ${limits[field]}. Make it shorter.`, prefill: code };
      store(field === 'team' ? 'buzzer.team' : 'buzzer.name', form[field].value.trim());
      renderJoin();
      return;
    }
  }
  store('buzzer.name', nickname);
  store('buzzer.team', team || null);
  joinError = null;
  pendingJoin = { code, nickname, ...(team ? { team } : {}), device: deviceID() };
  renderJoin();
  if (connection.isFor(code)) connection.send({ type: 'join', ...pendingJoin });
  else connection.restart();
}

/** A random id kept per browser, so a ban sticks to the phone rather than the name. */
function deviceID() {
  let id = load('buzzer.device');
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    store('buzzer.device', id);
  }
  return id;
}

function renderLobby() {
  fill(main, h('section', { class: 'card center lobby' },
    h('p', { class: 'eyebrow', text: game.title }),
    h('h1', { class: 'hello' }, "You're in, ", h('span', { class: 'nick', text: seat?.nickname ?? '' })),
    h('div', { class: 'pulse', 'aria-hidden': 'true' }, h('img', { src: '/assets/icon.svg', alt: '' })),
    h('p', { class: 'count' }, h('strong', { id: 'player-count', text: String(game.playerCount ?? 0) }), ' in the room'),
    h('p', { class: 'lead', text: 'Eyes on the big screen: the first question is coming.' }),
    hostNote(),
    h('button', { type: 'button', class: 'btn ghost', text: 'Leave game', onclick: leave })));
}

function leave() {
  connection.send({ type: 'leave' });
  connection.stop();
  forget();
  game = newGame('player'); ui = {};
  renderJoin();
}

function questionHeader(q) {
  const round = q.roundCount > 1 ? ` · ${q.roundTitle || `Round ${q.round + 1}`}` : '';
  return h('div', { class: 'qhead' },
    h('p', { class: 'eyebrow' }, `Question ${q.sequence + 1} of ${q.questionCount}${round}`, q.category ? h('span', { class: 'tag', text: q.category }) : null,
      q.points === 2 ? h('span', { class: 'tag hot', text: 'Double points' }) : null,
      q.wager ? h('span', { class: 'tag hot', text: 'Wager round' }) : null),
    clock());
}

function startClock() {
  runClock(countdown, game.phase, game.question);
}

const isPaused = () => typeof game.question?.pausedLeftMs === 'number';

/** Whether the question takes answers now: open, the host has not stopped the clock, and in a
 *  wager round the stake is locked in (the stake comes first, so nobody stakes 0 by tapping fast). */
function answerable() {
  return game.phase === 'open' && !isPaused() && !(game.question?.wager && !stakeLocked());
}

/** The host paused or resumed: the clock follows, and the answers wait with it, without a redraw
 *  that would throw away a half-typed answer or the options picked so far. */
function applyPause() {
  startClock();
  const paused = isPaused();
  const open = answerable();
  for (const node of main.querySelectorAll('.answers .answer, .answers .move, #typed, .typed button')) node.disabled = !open;
  const order = $('#send-order');
  if (order) order.disabled = !open || order.dataset.ready !== 'true';
  for (const node of main.querySelectorAll('#stake button, #stake input, #change-stake')) node.disabled = paused;
  const submit = $('#lock-multi');
  if (submit) submit.disabled = !open || !main.querySelector('.answers [aria-pressed="true"]');
  const note = $('#paused-note');
  if (note) note.hidden = !paused;
  if (!paused) say(live, 'The clock is running again.');
}

/** A stopped clock, said big: the answers (and the stake) wait until the host resumes. */
function pausedNote() {
  return h('p', { id: 'paused-note', class: 'paused-note', hidden: !isPaused() },
    h('strong', { text: 'Paused' }), ' The host stopped the clock: hold on, nobody loses any time.');
}

/** A picture round: the picture when the pack puts it on phones, else where to look (and what it shows). */
function questionMedia(q) {
  const media = q.media;
  if (media?.image && media.onPhones) {
    return h('figure', { class: 'q-media' }, h('img', { src: media.image, alt: media.alt || 'The picture for this question' }));
  }
  if (!media?.image && !media?.audio) return null;
  return h('p', { class: 'big-screen', id: 'big-screen' },
    h('strong', { text: media.image ? 'Look at the big screen' : 'Listen to the big screen' }),
    media.image ? (media.alt ? ` for the picture: ${media.alt}.` : ' for the picture.') : ' for the clip.');
}

function renderQuestion() {
  const q = game.question;
  const open = answerable();
  const body = [];
  const send = (answer) => submitAnswer(answer);
  if (q.kind === 'choice' || q.kind === 'poll') {
    body.push(h('div', { class: `answers n${q.options.length}`, role: 'group', 'aria-label': 'Answers' },
      q.options.map((text, i) => h('button', { type: 'button', class: `answer opt-${i}`, disabled: !open,
        onclick: () => send({ kind: q.kind, option: i }) }, marker(i), h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), h('span', { class: 'atext', text })))));
  } else if (q.kind === 'multi') {
    const picked = new Set();
    const submit = h('button', { type: 'button', id: 'lock-multi', class: 'btn primary big', disabled: true, text: 'Lock in answers',
      onclick: () => send({ kind: 'multi', options: [...picked].sort() }) });
    body.push(h('p', { class: 'hint', text: 'Pick every right answer, then lock in.' }));
    body.push(h('div', { class: `answers n${q.options.length}`, role: 'group', 'aria-label': 'Answers (pick all that apply)' },
      q.options.map((text, i) => h('button', { type: 'button', class: `answer opt-${i}`, 'aria-pressed': 'false', disabled: !open,
        onclick: (e) => {
          if (picked.has(i)) picked.delete(i); else picked.add(i);
          e.currentTarget.setAttribute('aria-pressed', String(picked.has(i)));
          submit.disabled = picked.size === 0 || !answerable();
        } }, marker(i), h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), h('span', { class: 'atext', text }), h('span', { class: 'check', 'aria-hidden': 'true', text: '✓' })))));
    body.push(submit);
  } else if (q.kind === 'order') {
    body.push(...orderPicker(q.options, answerable, (order) => send({ kind: 'order', order }), game.myAnswer?.order?.slice()));
  } else if (q.kind === 'truefalse') {
    body.push(h('div', { class: 'answers n2 tf', role: 'group', 'aria-label': 'Answers' },
      [true, false].map((value) => h('button', { type: 'button', class: `answer opt-${value}`, disabled: !open,
        onclick: () => send({ kind: 'truefalse', value }) },
        h('span', { class: 'marker', 'aria-hidden': 'true' }, h('span', { class: 'letter', text: value ? '✓' : '✗' })),
        h('span', { class: 'atext', text: value ? 'True' : 'False' })))));
  } else {
    const number = q.kind === 'number';
    body.push(h('form', { class: 'typed', onsubmit: (e) => {
      e.preventDefault();
      const raw = e.currentTarget.typed.value.trim();
      if (!raw) return;
      if (number) {
        const value = Number(raw.replace(/[\s,]/g, ''));
        if (!Number.isFinite(value)) { ui.answerError = 'Type a number, like 1912.'; render(true); return; }
        send({ kind: 'number', value });
      } else send({ kind: 'text', text: raw });
    } },
      h('label', { for: 'typed', text: number ? 'Your answer (a number)' : 'Your answer' }),
      h('input', { id: 'typed', name: 'typed', autocomplete: 'off', disabled: !open, maxlength: 200,
        ...(number ? { inputmode: 'decimal' } : { autocapitalize: 'none', spellcheck: 'false' }) }),
      h('button', { type: 'submit', class: 'btn primary big', disabled: !open, text: 'Lock in' })));
  }
  const staking = q.wager && game.phase !== 'closed';
  fill(main, h('section', { class: `question phase-${game.phase}` },
    questionHeader(q),
    h('h1', { class: `qtext${q.text.length > 120 ? ' long' : ''}`, text: q.text }),
    questionMedia(q),
    pausedNote(),
    // A wager round: the stake is its own step, first, during the reading time and until answers close.
    staking && !stakeLocked() ? stakeStep() : null,
    q.wager && stakeLocked() ? stakeNote(true) : null,
    game.phase === 'reading' ? h('p', { class: 'ready', text: 'Get ready…' }) : null,
    game.phase === 'closed' ? h('p', { class: 'ready', text: "Time's up!" }) : null,
    staking && !stakeLocked() && game.phase === 'open' ? h('p', { class: 'hint', id: 'stake-first', text: 'Lock in a stake to answer (0 is fine).' }) : null,
    body,
    ui.answerError ? h('p', { class: 'field-error', role: 'alert', text: ui.answerError }) : null,
    hostNote()));
  startClock();
}

async function submitAnswer(answer) {
  const q = game.question;
  if (!q || !answerable()) return;
  ui.answerError = null;
  game.myAnswer = answer;
  ui.sending = connection.send({ type: 'answer', question: q.sequence, answer });
  if (!ui.sending) { ui.answerError = 'You are offline; your answer was not sent. Try again when the banner goes.'; }
  render(true);
}

// MARK: - Wagers

const STAKE_KEY = 'buzzer.stake';

/** The stake this phone placed on the current question, kept across a reload (a `state` carries a
 *  teammate's stake, not the phone's own). */
function myStake() {
  const q = game.question;
  if (!q?.wager) return null;
  if (ui.stake?.question === q.sequence) return ui.stake;
  const saved = load(STAKE_KEY);
  if (saved && saved.code === seat?.code && saved.question === q.sequence) {
    ui.stake = { question: q.sequence, amount: saved.amount, placed: true };
    return ui.stake;
  }
  return null;
}

/** The stake step is done: this phone's stake is placed (the server said ok), or a teammate's is. */
function stakeLocked() {
  return !!game.teamWager || (!!myStake()?.placed && !ui.changingStake);
}

const stakeWords = () => (seat?.team ? "Your team's stake" : 'Your stake');

/** The amount picked in the step, or null: a quick pick, or the typed amount. */
function chosenStake() {
  if (ui.stakeChoice === 'custom') {
    const n = Number(String(ui.stakeCustom ?? '').replace(/[\s,]/g, ''));
    return String(ui.stakeCustom ?? '').trim() && Number.isFinite(n) ? n : null;
  }
  return typeof ui.stakeChoice === 'number' ? ui.stakeChoice : null;
}

/** Step one of a wager question: pick a stake (nothing, half, all, or another amount), lock it in. */
function stakeStep() {
  const max = game.maxWager;
  const picks = [];
  for (const [label, amount] of [['Nothing', 0], ['Half', Math.floor((max ?? 0) / 2)], ['All', max]]) {
    if (amount != null && !picks.some((p) => p.amount === amount)) picks.push({ label, amount });
  }
  const sending = !!ui.stake?.sending;
  const paused = isPaused();
  const amount = chosenStake();
  const pick = (choice) => () => { Object.assign(ui, { stakeChoice: choice, stakeError: null }); render(true); if (choice === 'custom') $('#stake-custom')?.focus(); };
  return h('fieldset', { class: 'stake', id: 'stake', 'aria-describedby': 'stake-hint' },
    h('legend', { text: stakeWords() }),
    h('p', { class: 'hint', id: 'stake-hint' },
      `Points ${seat?.team ? 'your team wins' : 'you win'} if right and ${seat?.team ? 'loses' : 'lose'} if wrong`,
      max != null ? `, from 0 to ${formatScore(max)}.` : '.', ' Choose it before you answer.'),
    h('div', { class: 'stake-picks' },
      picks.map((p) => h('button', { type: 'button', class: 'btn stake-pick', 'aria-pressed': String(ui.stakeChoice === p.amount), disabled: sending || paused,
        'data-amount': String(p.amount), onclick: pick(p.amount) }, h('span', { class: 'k', text: p.label }), h('span', { class: 'v', text: formatScore(p.amount) }))),
      h('button', { type: 'button', class: 'btn stake-pick', id: 'stake-other', 'aria-pressed': String(ui.stakeChoice === 'custom'), disabled: sending || paused,
        onclick: pick('custom') }, h('span', { class: 'k', text: 'Other' }), h('span', { class: 'v', text: '…' }))),
    ui.stakeChoice === 'custom' ? h('div', { class: 'field' },
      h('label', { for: 'stake-custom', text: `Amount (0 to ${max != null ? formatScore(max) : 'your score'})` }),
      h('input', { id: 'stake-custom', type: 'number', inputmode: 'numeric', min: 0, step: 1, ...(max != null ? { max } : {}), value: ui.stakeCustom ?? '',
        disabled: sending || paused,
        oninput: (e) => { ui.stakeCustom = e.currentTarget.value; ui.stakeError = null; updateLockStake(); },
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); placeStake(); } } })) : null,
    h('button', { type: 'button', id: 'lock-stake', class: 'btn primary big', disabled: sending || paused || amount === null, onclick: placeStake,
      text: lockStakeText(amount, sending) }),
    ui.changingStake ? h('button', { type: 'button', class: 'btn ghost', id: 'keep-stake', text: `Keep ${formatScore(myStake()?.amount)}`,
      onclick: () => { Object.assign(ui, { changingStake: false, stakeError: null }); render(true); } }) : null,
    ui.stakeError ? h('p', { class: 'field-error', role: 'alert', text: ui.stakeError }) : null);
}

function lockStakeText(amount, sending) {
  if (sending) return 'Locking in…';
  return amount === null ? 'Pick a stake' : `Lock in ${formatScore(amount)} ${amount === 1 ? 'point' : 'points'}`;
}

/** The typed amount moves the lock-in button without redrawing the field being typed in. */
function updateLockStake() {
  const button = $('#lock-stake');
  if (!button) return;
  const amount = chosenStake();
  button.disabled = amount === null || isPaused();
  button.textContent = lockStakeText(amount, false);
}

function placeStake() {
  const q = game.question, amount = chosenStake(), max = game.maxWager;
  if (!q || amount === null || ui.stake?.sending) return;
  if (!Number.isInteger(amount) || amount < 0 || (max != null && amount > max)) {
    ui.stakeError = `Choose a whole number from 0 to ${max != null ? formatScore(max) : 'your score'}.`;
    render(true);
    $('#stake-custom')?.focus();
    return;
  }
  const before = myStake()?.placed ? { ...myStake() } : null;
  ui.stakeError = null;
  ui.stake = { question: q.sequence, amount, sending: true, placed: false, before };
  if (!connection.send({ type: 'wager', question: q.sequence, amount })) {
    ui.stake = before;
    ui.stakeError = 'You are offline; your stake was not sent. Try again when the banner goes.';
  }
  render(true);
}

/** The server took the stake (`ok`): it is locked in, and kept for a reload. */
function stakePlaced() {
  if (!ui.stake?.sending) return;
  Object.assign(ui.stake, { sending: false, placed: true, before: null });
  ui.changingStake = false;
  store(STAKE_KEY, { code: seat?.code, question: ui.stake.question, amount: ui.stake.amount });
  render(true);
  say(live, `${stakeWords()} is locked in: ${ui.stake.amount} points.`);
}

/** The stake as it stands, locked in: the amount, and in a team who placed it. */
function stakeNote(changeable) {
  const team = game.teamWager, mine = myStake();
  const amount = team ? team.amount : mine?.amount;
  if (amount == null) return null;
  const by = team ? team.by : seat?.team ? 'you' : null;
  return h('p', { class: 'stake-locked', id: 'stake-locked' },
    h('span', { class: 'stake-lock', 'aria-hidden': 'true' }, padlock()),
    h('span', {}, `${stakeWords()}: `, h('strong', { text: `${formatScore(amount)} points` }), by ? ` (placed by ${by})` : '', ', locked in.'),
    // Before answering, whoever placed the stake may change it (a teammate's is theirs to change).
    changeable && !team && !game.answered && (game.phase === 'reading' || game.phase === 'open')
      ? h('button', { type: 'button', class: 'btn small', id: 'change-stake', text: 'Change stake', disabled: isPaused(),
        onclick: () => { Object.assign(ui, { changingStake: true, stakeChoice: amount, stakeError: null }); render(true); } })
      : null);
}

function myAnswerText() {
  const a = game.myAnswer, q = game.question;
  if (!a || !q) return null;
  switch (a.kind) {
    case 'choice': case 'poll': return `${LETTERS[a.option]}: ${q.options[a.option]}`;
    case 'multi': return a.options.map((i) => `${LETTERS[i]}: ${q.options[i]}`).join(', ');
    case 'order': return correctText(a, q.options);
    case 'truefalse': return a.value ? 'True' : 'False';
    case 'number': return formatScore(a.value);
    default: return a.text;
  }
}

function renderLocked() {
  const q = game.question;
  const mine = myAnswerText();
  fill(main, h('section', { class: 'card center locked' },
    questionHeader(q),
    // A padlock, not the ✓ a right answer gets: locked in says nothing about being correct.
    game.answered ? lockSeal() : h('div', { class: 'seal', 'aria-hidden': 'true', text: '…' }),
    h('h1', { text: !game.answered ? 'Sending…' : game.answeredBy ? `Locked in by ${game.answeredBy}` : 'Locked in!' }),
    mine ? h('p', { class: 'lead' }, game.answeredBy ? "Your team's answer: " : 'Your answer: ', h('strong', { class: 'mine', text: mine })) : null,
    q.wager ? stakeNote(false) : null,
    pausedNote(),
    // With the room's "change your answer" on, back to the question until the clock runs out.
    q.answerChangeable && game.phase === 'open' && game.answered
      ? h('button', { type: 'button', class: 'btn', id: 'change-answer', text: 'Change my answer', onclick: () => { ui.changing = true; render(true); } })
      : null,
    h('p', { class: 'hint', text: game.phase === 'closed' ? 'Answers are closed. The reveal is coming.' : 'Waiting for the others…' }),
    hostNote()));
  startClock();
}

function lockSeal() {
  return h('div', { class: 'seal locked-seal', 'aria-hidden': 'true' }, padlock());
}

function padlock() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const shackle = document.createElementNS(ns, 'path');
  shackle.setAttribute('d', 'M7 11V8a5 5 0 0 1 10 0v3');
  shackle.setAttribute('class', 'shackle');
  const body = document.createElementNS(ns, 'rect');
  for (const [k, v] of Object.entries({ x: 4.5, y: 11, width: 15, height: 10, rx: 2 })) body.setAttribute(k, String(v));
  svg.append(shackle, body);
  return svg;
}

function announceResult() {
  const r = game.result;
  if (!r) return;
  const rank = r.rank ? ` You are ${ordinal(r.rank)}.` : '';
  const team = r.teamPoints != null ? `Your team: ${signed(r.teamPoints)} points. ` : '';
  say(live, `${outcomeWords(r).title}. ${team}${r.points ? `${signed(r.points)} points.` : ''}${rank}`);
}

/** +500, −500 (a true minus sign), 0. */
const signed = (n) => `${n > 0 ? '+' : ''}${formatScore(n)}`;

function outcomeWords(r) {
  if (!r.answered) return { title: 'No answer', tone: 'none', icon: '–' };
  switch (r.outcome) {
    case 'correct': return { title: 'Correct!', tone: 'right', icon: '✓' };
    case 'partial': return { title: 'Partly right', tone: 'partial', icon: '½' };
    case 'counted': return { title: 'Vote counted', tone: 'counted', icon: '✓' };
    default: return { title: 'Not this time', tone: 'wrong', icon: '✗' };
  }
}

function renderResult() {
  const r = game.result, q = game.question, rev = game.reveal;
  if (!r) {
    fill(main, h('section', { class: 'card center' }, h('h1', { text: 'The answer is in!' }), h('p', { class: 'lead', text: 'Look at the big screen.' })));
    return;
  }
  const words = outcomeWords(r);
  const total = game.me?.players;
  fill(main, h('section', { class: `card center result ${words.tone}` },
    h('div', { class: 'seal', 'aria-hidden': 'true', text: words.icon }),
    h('h1', { text: words.title }),
    // A team's wager moves the team's score, not the player's: say whose points they are.
    r.teamPoints !== undefined && r.teamPoints !== null
      ? h('p', { class: `gain${r.teamPoints < 0 ? ' loss' : ''}`, text: `Your team: ${signed(r.teamPoints)} points` })
      : h('p', { class: `gain${r.points < 0 ? ' loss' : ''}`, text: `${signed(r.points)} points` }),
    r.streakBonus ? h('p', { class: 'streak', text: `Includes a ${formatScore(r.streakBonus)} point streak bonus (${r.streak} in a row)` }) : null,
    rev?.correct?.order && q ? orderResult(rev.correct.order, game.myAnswer?.order, q.options)
      : rev && q && rev.correct?.kind !== 'none' ? h('p', { class: 'answer-was' }, 'Answer: ', h('strong', { text: correctText(rev.correct, q.options) })) : null,
    rev?.explanation ? h('p', { class: 'explain', text: rev.explanation }) : null,
    h('ul', { class: 'stats' },
      h('li', {}, h('span', { class: 'k', text: 'Score' }), h('span', { class: 'v', text: formatScore(r.score) })),
      h('li', {}, h('span', { class: 'k', text: 'Rank' }), h('span', { class: 'v', text: r.rank ? `${ordinal(r.rank)}${total ? ` of ${total}` : ''}` : '–' }))),
    hostNote()));
}

function renderLeaderboard() {
  const board = game.leaderboard;
  const me = game.me;
  fill(main, h('section', { class: 'card' },
    h('h1', { text: board?.final ? 'Final standings' : 'Leaderboard' }),
    me?.rank ? h('p', { class: 'lead' }, 'You are ', h('strong', { text: ordinal(me.rank) }), ` of ${me.players} with ${formatScore(me.score)} points.`) : null,
    board?.final ? tiebreakTable(game.tiebreakResult) : null,
    board ? standingsTable(board.players, { me: seat?.player }) : null,
    board ? teamTable(board.teams, { mine: seat?.team }) : null,
    hostNote()));
  fitNames(main);
}

function renderTiebreak() {
  const t = game.tiebreak;
  if (!game.tiebreakPlays) {
    fill(main, h('section', { class: 'card center' },
      h('p', { class: 'eyebrow', text: 'Tiebreak' }),
      h('h1', { text: `Tiebreak between ${entrantNames(t)}` }),
      h('p', { class: 'lead', text: 'Closest number wins. Eyes on the big screen.' }),
      hostNote()));
    return;
  }
  if (game.tiebreakAnswered) {
    fill(main, h('section', { class: 'card center locked' },
      h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: 'Tiebreak' }), clock()),
      h('h1', { text: game.tiebreakBy && game.tiebreakBy !== seat?.nickname ? `Locked in by ${game.tiebreakBy}` : 'Locked in!' }),
      game.tiebreakValue != null ? h('p', { class: 'lead' }, 'Your tiebreak answer: ', h('strong', { class: 'mine', text: formatScore(game.tiebreakValue) })) : null,
      h('p', { class: 'hint', text: 'Closest number wins. The result is coming.' }),
      hostNote()));
    countdown.start(t.startedAt, t.deadline);
    return;
  }
  fill(main, h('section', { class: 'question phase-open tiebreak' },
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: `Tiebreak: ${entrantNames(t)}` }), clock()),
    h('h1', { class: 'qtext', text: t.text }),
    h('p', { class: 'hint', text: 'Closest number wins; equally close, the faster answer.' }),
    h('form', { class: 'typed', onsubmit: (e) => {
      e.preventDefault();
      const value = Number(e.currentTarget.tiebreak.value.trim().replace(/[\s,]/g, ''));
      if (!e.currentTarget.tiebreak.value.trim() || !Number.isFinite(value)) { ui.tiebreakError = 'Type a number, like 1912.'; render(true); return; }
      ui.tiebreakError = null;
      ui.tiebreakSending = connection.send({ type: 'tiebreak_answer', value });
      if (!ui.tiebreakSending) { ui.tiebreakError = 'You are offline; your answer was not sent. Try again when the banner goes.'; render(true); }
    } },
      h('label', { for: 'tiebreak', text: 'Your answer (a number)' }),
      h('input', { id: 'tiebreak', name: 'tiebreak', autocomplete: 'off', inputmode: 'decimal', maxlength: 30 }),
      h('button', { type: 'submit', class: 'btn primary big', text: 'Lock in' })),
    ui.tiebreakError ? h('p', { class: 'field-error', role: 'alert', text: ui.tiebreakError }) : null,
    hostNote()));
  countdown.start(t.startedAt, t.deadline);
}

function renderEnded() {
  const ended = game.ended;
  const me = game.me;
  fill(main, h('section', { class: 'card center ended' },
    h('p', { class: 'eyebrow', text: game.title || 'Game over' }),
    h('h1', { text: 'Game over!' }),
    ended ? podium(ended.podium.players, seat?.player) : null,
    ended ? teamPodium(ended.podium.teams, seat?.team) : null,
    me?.rank ? h('p', { class: 'lead final-rank' }, 'You finished ', h('strong', { text: ordinal(me.rank) }), ` of ${me.players} with ${formatScore(me.score)} points.`) : null,
    h('button', { type: 'button', class: 'btn ghost', text: 'Play another game', onclick: () => { connection.stop(); forget(); game = newGame('player'); ui = {}; renderJoin(); } })));
  fitNames(main);
}

function renderKicked() {
  fill(main, h('section', { class: 'card center' },
    h('h1', { text: game.ban ? 'You were removed and banned' : 'You were removed' }),
    h('p', { class: 'lead', text: 'The host removed you from this game.' }),
    game.reason ? h('p', { class: 'kick-reason' }, 'The host said: ', h('strong', { text: game.reason })) : null,
    h('button', { type: 'button', class: 'btn primary', text: 'Back to the join page', onclick: () => { game = newGame('player'); ui = {}; renderJoin(); } })));
}

// MARK: - Start

if (seat?.token) {
  fill(main, h('section', { class: 'card center' }, h('h1', { text: 'Reconnecting…' }), h('p', { class: 'lead', text: `Taking you back to game ${seat.code}.` })));
  connection.connect();
} else {
  renderJoin();
}
