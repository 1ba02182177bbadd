// The host console: pick or upload a pack, settings, the lobby with code, QR and players,
// the controls with keyboard shortcuts, live answer counts, the reveal, scores and the podium.
import {
  $, h, fill, say, Connection, Countdown, clock, runClock, showStatus, marker, LETTERS, formatScore, correctText,
  podium, teamPodium, teamTable, standingsTable, distribution, store, load, drawClock,
  entrantNames, tiebreakTable, ordinal, newGame, reduce, setText, breakSlide, tickBreak, serverNow, t, tn, errorText } from './common.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage, formatNumber, formatList,
  LANGUAGES, language, DISPLAY_LANG_KEY } from './i18n.js';

await startI18n(pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['host']);

const KEY = 'buzzer.host';
// The library's edit token, shared with the editor: hosting a library pack needs it (the host sees every answer).
const TOKEN_KEY = 'buzzer.editToken';
const NEEDS_TOKEN = () => t('h.needsToken');
const main = $('#main');
const live = $('#live');
const banner = $('#banner');

/** { code, token, joinURL, displayURL } of the room this console runs. */
let seat = load(KEY);
// `/host#code=ABC123&token=…` reopens a console on another device; the fragment never reaches the server.
{
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('code') && hash.get('token')) {
    seat = { code: hash.get('code').toUpperCase(), token: hash.get('token') };
    store(KEY, seat);
    history.replaceState(null, '', '/host');
  } else if (hash.get('token')) {
    // `/host#token=…`, the link `buzzer serve` prints: the edit token, kept here and never in the address bar.
    store(TOKEN_KEY, hash.get('token'));
    history.replaceState(null, '', '/host');
  }
}

// A link pasted into a tab already on /host changes only the fragment: read it as a fresh load does.
window.addEventListener('hashchange', () => { if (new URLSearchParams(location.hash.slice(1)).get('token')) location.reload(); });

let pendingCreate = null;
let setupError = null;
/** The server asked for the edit token (`token_required`): the setup form shows a field for it. */
let needToken = false;
let game = newGame('host');
let screenKey = '';

const countdown = new Countdown((seconds, left) => {
  drawClock(seconds, left);
  const remote = $('#remote-clock');
  if (remote) remote.textContent = `${seconds} s`;
}, $('#timer-live'));

const connection = new Connection({
  hello: () => {
    if (seat?.token) return { type: 'host', code: seat.code, token: seat.token };
    return pendingCreate;
  },
  // A new game goes to any server; a running one is reached where it lives.
  room: () => (seat?.token ? seat.code : null),
  onMessage: handle,
  onStatus: (status) => showStatus(banner, status),
});

function toast(text) {
  const node = $('#toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 6000);
}

// MARK: - Messages

function handle(m) {
  if (m.type === 'error') {
    // A pack the server cannot read comes back as bad_message, which names no request.
    if (m.request === 'create' || (pendingCreate && !m.request)) {
      pendingCreate = null;
      needToken = m.code === 'token_required';
      // A token the server refused is of no use to this page or the editor.
      if (needToken) store(TOKEN_KEY, null);
      // A pack's problems (JSON paths) are the server's words; other languages put them under the page's.
      const problems = ['bad_message', 'invalid_pack', 'invalid_settings'].includes(m.code);
      setupError = needToken ? NEEDS_TOKEN() : !problems ? errorText(m) : language() === 'en' ? m.message : `${errorText(m)}\n${m.message}`;
      showSetupError();
    } else if (m.request === 'host') {
      seat = null;
      store(KEY, null);
      setupError = t('h.couldNotReopen', { reason: errorText(m, { code: seat?.code ?? '' }) });
      connection.stop();
      renderSetup();
    } else {
      toast(errorText(m));
    }
    return;
  }
  const change = reduce(game, m);
  if (!change) return;
  switch (m.type) {
    case 'created':
      seat = { code: m.code, token: m.hostToken, joinURL: m.joinURL, joinAddresses: m.joinAddresses, displayURL: m.displayURL,
        podiumSize: m.settings?.podiumSize, league: m.league };
      store(KEY, seat);
      pendingCreate = null;
      needToken = false;
      say(live, t('h.sayOpen', { code: m.code }));
      break;
    case 'hosting':
      Object.assign(seat, { code: m.code, joinURL: m.joinURL, joinAddresses: m.joinAddresses });
      store(KEY, seat);
      break;
    case 'join_address':
      seat.joinURL = m.joinURL;
      store(KEY, seat);
      if (game.phase === 'lobby') renderStage(true);
      say(live, t('h.sayJoinAt', { url: m.joinURL }));
      break;
    case 'state': case 'reveal': render(true); break;
    case 'players': renderPlayers(); break;
    case 'lobby':
      renderChip();
      if (game.phase === 'lobby') renderStage(true);
      break;
    case 'question': case 'answers_open': case 'answers_closed': case 'leaderboard': case 'ended': render(); break;
    case 'break': render(true); break;  // a moved countdown may add or drop "End countdown"
    case 'answer_count':
      setText('#answered', t('h.nOfM', { n: m.answered, m: m.connected }));
      setText('#remote-count', `${m.answered}/${m.connected}`);
      break;
    case 'clock':
      renderStage(true);
      say(live, typeof m.pausedLeftMs === 'number' ? t('h.sayPaused') : t('h.sayRunning'));
      break;
    case 'tiebreak':
      if (change === 'count') setText('#tiebreak-answered', t('h.nOfM', { n: m.tiebreak.answered, m: m.tiebreak.entrants.length }));
      else render();
      break;
    case 'skipped': toast(t('h.skipped', { n: m.question + 1 })); break;
    case 'waiting': renderWaiting(); break;
    default: break;
  }
}

// MARK: - Setup: pack, upload, settings

async function renderSetup() {
  screenKey = 'setup';
  fill($('#room-chip'));
  $('#room-chip').hidden = true;
  let packs = [];
  let defaults = {};
  let leagues = [];
  try {
    const [packList, settings, leagueList] = await Promise.all([
      fetch('/api/packs?perPage=100', { cache: 'no-store' }).then((r) => r.json()),
      fetch('/api/settings', { cache: 'no-store' }).then((r) => r.json()),
      fetch('/api/leagues', { cache: 'no-store' }).then((r) => r.json()).catch(() => ({ leagues: [] })),
    ]);
    packs = packList.items ?? [];
    defaults = settings.roomDefaults || {};
    leagues = leagueList.leagues ?? [];
  } catch { packs = packs || []; }
  if (screenKey !== 'setup') return;
  // config.json's game.roomDefaults, so the console shows and sends what the server was set up with.
  const d = {
    timeLimitSeconds: 20, readingTimeMs: 3000, scoring: 'speed', podiumSize: 3, shuffleOptions: false,
    closeWhenAllAnswered: true, allowAnswerChange: false, lateJoin: true, autoAdvance: false, teamMode: false, shuffleQuestions: false, ...defaults,
  };
  const number = (id, label, value, attrs = {}) => h('div', { class: 'field' },
    h('label', { for: id, text: label }), h('input', { id, name: id, type: 'number', value, ...attrs }));
  const check = (id, label, checked) => h('label', { class: 'check-row', for: id },
    h('input', { id, name: id, type: 'checkbox', checked }), label);
  const form = h('form', { class: 'panel setup', novalidate: true, onsubmit: submitCreate },
    h('h1', { text: t('h.hostQuiz') }),
    h('fieldset', { class: 'packs' },
      h('legend', { text: t('h.pack') }),
      packs.map((p, i) => h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: p.id, checked: i === 0 }),
        h('span', { class: 't', text: p.title }),
        h('span', { class: 'd', text: `${t('h.questions', { count: p.questionCount })} · ${t('h.rounds', { count: p.rounds })}` }),
        p.description ? h('span', { class: 'd', text: p.description }) : null)),
      h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: '', checked: packs.length === 0 }),
        h('span', { class: 't', text: t('h.uploadOwn') }),
        h('span', { class: 'd', text: t('h.uploadHint') }))),
    h('div', { class: 'field' },
      h('label', { for: 'upload', text: t('h.packFile') }),
      h('input', { id: 'upload', name: 'upload', type: 'file', accept: '.json,application/json',
        onchange: (e) => { if (e.currentTarget.files.length) e.currentTarget.form.querySelector('input[name=pack][value=""]').checked = true; } })),
    h('details', { class: 'settings' },
      h('summary', { text: t('h.settings') }),
      h('div', { class: 'settings-grid' },
        number('timeLimitSeconds', t('h.secondsPer'), d.timeLimitSeconds, { min: 1, max: 3600 }),
        number('readingSeconds', t('h.readingTime'), d.readingTimeMs / 1000, { min: 0, max: 60, step: 0.5 }),
        h('div', { class: 'field wide' }, h('label', { for: 'scoring', text: t('h.scoring') }),
          h('select', { id: 'scoring', name: 'scoring' },
            h('option', { value: 'speed', text: t('h.scoringSpeed'), selected: d.scoring === 'speed' }),
            h('option', { value: 'flat', text: t('h.scoringFlat'), selected: d.scoring === 'flat' }))),
        number('podiumSize', t('h.podiumPlaces'), d.podiumSize, { min: 1, max: 10 })),
      check('shuffleOptions', t('h.shuffleOptions'), d.shuffleOptions),
      check('shuffleQuestions', t('h.shuffleQuestions'), d.shuffleQuestions),
      check('closeWhenAllAnswered', t('h.closeWhenAll'), d.closeWhenAllAnswered),
      check('allowAnswerChange', t('h.allowChange'), d.allowAnswerChange),
      check('lateJoin', t('h.lateJoin'), d.lateJoin),
      check('autoAdvance', t('h.autoAdvance'), d.autoAdvance),
      check('teamMode', t('h.teamMode'), d.teamMode),
      h('div', { class: 'field' },
        h('label', { for: 'teamList', text: t('h.teamList') }),
        h('p', { id: 'teamList-hint', class: 'hint', text: t('h.teamListHint') }),
        h('textarea', { id: 'teamList', name: 'teamList', rows: 4, 'aria-describedby': 'teamList-hint', text: (d.teams ?? []).join('\n') }))),
    leagueFields(leagues),
    setupError ? h('pre', { class: 'pre-error', role: 'alert', id: 'setup-error', text: setupError }) : null,
    needToken ? tokenField() : null,
    h('button', { type: 'submit', class: 'btn primary big', text: pendingCreate ? t('h.creating') : t('h.createGame'), disabled: !!pendingCreate }));
  const reopen = h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    const code = e.currentTarget.rcode.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const token = e.currentTarget.rtoken.value.trim();
    if (!code || !token) return;
    seat = { code, token };
    store(KEY, seat);
    setupError = null;
    connection.restart();
  } },
    h('h2', { text: t('h.reopenTitle') }),
    h('p', { class: 'hint', text: t('h.reopenHint') }),
    h('div', { class: 'field' }, h('label', { for: 'rcode', text: t('h.gameCode') }), h('input', { id: 'rcode', name: 'rcode', autocomplete: 'off', class: 'code-input' })),
    h('div', { class: 'field' }, h('label', { for: 'rtoken', text: t('h.hostKey') }), h('input', { id: 'rtoken', name: 'rtoken', autocomplete: 'off', spellcheck: 'false' })),
    h('button', { type: 'submit', class: 'btn', text: t('h.reopenConsole') }));
  const library = h('section', { class: 'panel', 'aria-labelledby': 'library-title' },
    h('h2', { id: 'library-title', text: t('h.library') }),
    h('p', { class: 'hint', text: t('h.libraryHint') }),
    h('a', { class: 'btn', href: '/edit', id: 'open-editor', text: t('h.openEditor') }));
  fill(main, h('div', { class: 'host-grid' }, form, h('aside', {}, reopen, library)));
  if (setupError) say(live, setupError);
}

/** The setup form in another language, keeping the host's choices (not the file). */
async function redrawSetup() {
  const form = $('form.setup');
  const kept = form ? [...form.elements].filter((e) => (e.name || e.id) && e.type !== 'file')
    .map((e) => ({ name: e.name || e.id, value: e.value, checked: e.checked, radio: e.type === 'radio', check: e.type === 'checkbox' })) : [];
  const open = $('details.settings')?.open;
  await renderSetup();
  const again = $('form.setup');
  if (!again) return;
  for (const k of kept) {
    const e = k.radio ? again.querySelector(`input[name="${k.name}"][value="${CSS.escape(k.value)}"]`) : again.elements[k.name];
    if (!e || e instanceof RadioNodeList) continue;
    if (k.radio || k.check) e.checked = k.checked; else e.value = k.value;
  }
  if (open) $('details.settings', again).open = true;
  again.league?.dispatchEvent(new Event('change'));
}

/** The game's league: none, one of the server's, or a new one (docs/league.md). */
function leagueFields(leagues) {
  const more = h('div', { hidden: true },
    h('div', { class: 'field' }, h('label', { for: 'leagueName', text: t('h.leagueName') }),
      h('input', { id: 'leagueName', maxlength: 60, autocomplete: 'off' })),
    h('div', { class: 'field' }, h('label', { for: 'leagueScoring', text: t('h.leagueScoring') }),
      h('select', { id: 'leagueScoring' }, h('option', { value: 'points', text: t('h.leaguePoints') }),
        h('option', { value: 'places', text: t('h.leaguePlaces') }))));
  return h('div', { class: 'field' }, h('label', { for: 'league', text: t('h.league') }),
    h('select', { id: 'league', onchange: (e) => { more.hidden = e.currentTarget.value !== '+new'; } },
      h('option', { value: '', text: t('h.leagueNone') }),
      leagues.map((l) => h('option', { value: l.id, text: l.name })),
      h('option', { value: '+new', text: t('h.leagueNew') })),
    more);
}

/** Shows a create error in the form as it is, keeping the host's pack, file and settings. */
function showSetupError() {
  const form = $('form.setup');
  if (!form) { renderSetup(); return; }
  let box = $('#setup-error', form);
  if (!box) {
    box = h('pre', { class: 'pre-error', role: 'alert', id: 'setup-error' });
    form.insertBefore(box, $('button[type=submit]', form));
  }
  box.textContent = setupError;
  const button = $('button[type=submit]', form);
  let pasted = $('#edit-token', form);
  if (needToken && !pasted) {
    form.insertBefore(tokenField(), button);
    pasted = $('#edit-token', form);
  } else if (!needToken) {
    $('#edit-token-field', form)?.remove();
  }
  button.disabled = false;
  button.textContent = t('h.createGame');
  say(live, setupError);
  pasted?.focus();
}

/** Where the host pastes the host link (or its token) after `token_required`. */
function tokenField() {
  return h('div', { class: 'field', id: 'edit-token-field' },
    h('label', { for: 'edit-token', text: t('h.linkOrToken') }),
    h('input', { id: 'edit-token', name: 'editToken', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'setup-error',
      placeholder: 'http://…/host#token=…' }));
}

/** The edit token from a pasted host or edit link (`…#token=…`), or the token itself. */
function pastedToken(text) {
  const value = text.trim();
  const match = value.match(/[#&?]token=([^&\s]+)/);
  return match ? decodeURIComponent(match[1]) : value;
}

async function submitCreate(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const settings = {
    timeLimitSeconds: Number(form.timeLimitSeconds.value) || 20,
    readingTimeMs: Math.round((Number(form.readingSeconds.value) || 0) * 1000),
    scoring: form.scoring.value,
    podiumSize: Number(form.podiumSize.value) || 3,
    shuffleOptions: form.shuffleOptions.checked,
    shuffleQuestions: form.shuffleQuestions.checked,
    closeWhenAllAnswered: form.closeWhenAllAnswered.checked,
    allowAnswerChange: form.allowAnswerChange.checked,
    lateJoin: form.lateJoin.checked,
    autoAdvance: form.autoAdvance.checked,
    teamMode: form.teamMode.checked,
    teams: form.teamList.value.split('\n').map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean),
  };
  const file = form.upload.files[0];
  const packName = form.pack.value;
  let league;
  if (form.league.value === '+new') {
    const name = form.leagueName.value.trim();
    if (!name) { setupError = t('h.leagueNameNeeded'); showSetupError(); return; }
    league = { name, scoring: form.leagueScoring.value };
  } else if (form.league.value) league = { id: form.league.value };
  const leagueToken = league ? load(TOKEN_KEY) ?? undefined : undefined;
  if (form.editToken?.value.trim()) store(TOKEN_KEY, pastedToken(form.editToken.value));
  setupError = null;
  if (file && !packName) {
    try {
      const questions = JSON.parse(await file.text());
      pendingCreate = { type: 'create', questions, settings, ...(league ? { league, token: leagueToken } : {}) };
    } catch (error) {
      setupError = t('h.notJSON', { error: error.message });
      showSetupError();
      return;
    }
  } else if (packName) {
    pendingCreate = { type: 'create', pack: packName, settings, token: load(TOKEN_KEY) ?? undefined, ...(league ? { league } : {}) };
  } else {
    setupError = t('h.choosePack');
    showSetupError();
    return;
  }
  if (connection.open) connection.send(pendingCreate); else connection.restart();
  const button = $('button[type=submit]', form);
  button.disabled = true;
  button.textContent = t('h.creating');
}

// MARK: - Running the game

/** The next step for the phase, shared by the big button and the keyboard shortcut. */
function primary() {
  switch (game.phase) {
    case 'lobby': return { label: t('h.start'), type: 'start', shortcut: t('h.startShortcut') };
    case 'tiebreak': return { label: t('h.endTiebreak'), type: 'close', shortcut: t('h.endTiebreakShortcut') };
    case 'reading': case 'open': return { label: t('h.closeAnswers'), type: 'close', shortcut: t('h.closeAnswersShortcut') };
    case 'closed': return { label: t('h.reveal'), type: 'reveal', shortcut: t('h.revealShortcut') };
    case 'revealed': return { label: t('h.next'), type: 'next', shortcut: t('h.nextShortcut') };
    case 'break': return game.break?.upNext
      ? { label: t('h.startNext', { next: game.break.upNext }), type: 'next', shortcut: t('h.startNextShortcut', { next: game.break.upNext }) }
      : { label: t('h.startNextRound'), type: 'next', shortcut: t('h.startNextRoundShortcut') };
    case 'leaderboard': return game.leaderboard?.final
      ? { label: t('h.finish'), type: 'next', note: t('h.finishNote'), shortcut: t('h.finishShortcut') }
      : { label: t('h.nextQuestion'), type: 'next', shortcut: t('h.nextQuestionShortcut') };
    default: return null;
  }
}

function command(type, extra = {}) {
  if (!connection.send({ type, ...extra })) toast(t('h.offline'));
}

document.addEventListener('keydown', (event) => {
  if (event.key !== ' ' && event.key !== 'ArrowRight') return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('input, select, textarea, button, a, summary, [contenteditable]')) return;
  const step = primary();
  if (!step || !seat) return;
  event.preventDefault();
  command(step.type);
});

function render(force = false) {
  if (!seat) { renderSetup(); return; }
  renderChip();
  if (!$('#stage')) {
    fill(main, h('div', { class: 'host-grid' },
      h('section', { id: 'stage', class: 'panel', 'aria-labelledby': 'stage-title' }),
      h('aside', { class: 'side' },
        h('section', { class: 'panel', 'aria-labelledby': 'players-title' },
          h('h2', { id: 'players-title', 'data-i18n': 'board.players', text: t('board.players') }), h('div', { id: 'players' })),
        h('section', { class: 'panel', 'aria-labelledby': 'share-title', id: 'share' }))));
    screenKey = '';
  }
  renderStage(force);
  renderPlayers();
  renderShare();
}

function renderChip() {
  const chip = $('#room-chip');
  chip.hidden = false;
  fill(chip, h('span', { class: 'chip-name' }, ...tn('h.chipGame', { code: h('strong', { text: seat.code }) })),
    game.playerCount !== undefined ? h('span', { class: 'chip-score', text: t('h.players', { count: game.playerCount }) }) : null);
}

function renderStage(force) {
  const key = `${game.phase}:${game.question?.sequence ?? ''}`;
  if (key === screenKey && !force) return;
  const moved = key !== screenKey;
  screenKey = key;
  countdown.stop();
  const stage = $('#stage');
  const step = primary();
  // On a phone the controls stick to the bottom of the screen with the live count and the clock,
  // so the next step stays one tap away while the host scrolls the question or the player list.
  const asking = game.phase === 'reading' || game.phase === 'open' || game.phase === 'closed' || game.phase === 'tiebreak';
  const controls = h('div', { class: 'controls remote', role: 'group', 'aria-label': t('h.controls') },
    asking ? h('span', { class: 'remote-status', 'aria-hidden': 'true' },
      h('span', { id: 'remote-count', text: `${game.answerCount ?? 0}/${game.connected ?? game.playerCount ?? 0}` }),
      h('span', { id: 'remote-clock', text: '' })) : null,
    step ? h('button', { type: 'button', class: 'btn primary', id: 'primary', 'aria-keyshortcuts': 'Space ArrowRight', text: step.label,
      'aria-describedby': step.note ? 'primary-note' : null, onclick: () => command(step.type) }) : null,
    game.phase === 'open' || game.phase === 'reading' ? h('button', { type: 'button', class: 'btn', text: t('h.revealNow'), onclick: () => command('reveal') }) : null,
    game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', text: t('h.showLeaderboard'), onclick: () => command('leaderboard') }) : null,
    ...runOfShow(),
    game.phase === 'break' ? h('button', { type: 'button', class: 'btn', id: 'break-more', text: t('h.plusMinutes', { count: 5 }), 'aria-label': t('h.addBreakMinutes', { count: 5 }), onclick: () => command('break_add_time', { seconds: 300 }) }) : null,
    game.phase === 'break' && game.break?.endsAt > serverNow() ? h('button', { type: 'button', class: 'btn', id: 'break-end', text: t('h.endCountdown'), onclick: () => command('break_end_countdown') }) : null,
    game.phase === 'lobby' ? h('button', { type: 'button', class: 'btn', 'aria-pressed': game.locked ? 'true' : 'false', text: game.locked ? t('h.roomLocked') : t('h.lockRoom'), onclick: () => command(game.locked ? 'unlock' : 'lock') }) : null,
    game.phase !== 'ended' ? endButton() : null,
    step ? h('span', { class: 'shortcut' }, ...tn('h.shortcut', { space: h('kbd', { text: t('h.space') }), arrow: h('kbd', { text: '→' }), what: step.shortcut })) : null);
  // What the two ways out differ in, beside the buttons (docs/game-rules.md, "Phases").
  const notes = game.phase === 'ended' ? null : h('ul', { class: 'control-notes hint' },
    step?.note ? h('li', { id: 'primary-note' }, h('strong', { text: `${step.label}: ` }), step.note) : null,
    h('li', { id: 'end-note' }, h('strong', { text: `${t('h.endGame')}: ` }), END_NOTE()));
  const controlsAndNotes = [controls, notes];
  switch (game.phase) {
    case 'lobby': fill(stage, ...lobbyStage(), ...controlsAndNotes); break;
    case 'reading': case 'open': case 'closed': fill(stage, ...questionStage(), ...controlsAndNotes); startClock(); break;
    case 'revealed': fill(stage, ...revealStage(), ...controlsAndNotes); break;
    case 'leaderboard': fill(stage, h('h1', { id: 'stage-title', text: game.leaderboard?.final ? t('finalStandings') : t('leaderboard') }),
      game.leaderboard?.final ? tiebreakTable(game.tiebreakResult) : null,
      game.leaderboard?.final ? podiumTies() : null,
      standingsTable(game.leaderboard?.players ?? [], { limit: 20 }), teamTable(game.leaderboard?.teams, { limit: 50 }), ...controlsAndNotes); break;
    case 'tiebreak': fill(stage, ...tiebreakStage(), ...controlsAndNotes); countdown.start(game.tiebreak.startedAt, game.tiebreak.deadline); break;
    case 'break': fill(stage, ...breakSlide(game.break, 'stage-title'), ...controlsAndNotes); tickBreak(game.break); break;
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
function runOfShow() {
  const q = game.question;
  const running = game.phase === 'reading' || game.phase === 'open';
  const paused = running && typeof q?.pausedLeftMs === 'number';
  return [
    running ? h('button', { type: 'button', class: 'btn', id: 'pause', 'aria-pressed': paused ? 'true' : 'false',
      text: paused ? t('h.resumeClock') : t('h.pauseClock'), onclick: () => command(paused ? 'unpause' : 'pause') }) : null,
    running ? h('button', { type: 'button', class: 'btn', id: 'add-time', text: t('h.plusSeconds', { count: 10 }), 'aria-label': t('h.addSeconds', { count: 10 }),
      onclick: () => command('add_time', { seconds: 10 }) }) : null,
    game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'reopen', text: t('h.reopenAnswers'), onclick: askReopen }) : null,
    running || game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'skip', text: t('h.skipQuestion'), onclick: () => ask({
      title: t('h.skipTitle', { n: q.sequence + 1 }),
      text: t('h.skipText'),
      confirm: t('h.skipIt'), danger: true, onConfirm: () => command('skip') }) }) : null,
    game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', id: 'undo-reveal', text: t('h.undoReveal'), onclick: () => ask({
      title: t('h.undoTitle'),
      text: t('h.undoText'),
      confirm: t('h.undoReveal'), danger: true, onConfirm: () => command('undo_reveal') }) }) : null,
  ];
}

function askReopen() {
  ask({
    title: t('h.reopenQ'),
    text: t('h.reopenText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'reopen-seconds', text: t('h.seconds') }),
      h('input', { id: 'reopen-seconds', name: 'seconds', type: 'number', min: 1, max: 600, value: 15, inputmode: 'numeric' }))],
    confirm: t('h.reopen'),
    onConfirm: (form) => command('reopen', { seconds: Math.round(Number(form.seconds.value) || 15) }),
  });
}

/** Ties on the final podium, each with a button to play a tiebreak for it (players, then teams). */
function podiumTies() {
  const size = seat?.podiumSize ?? 3;
  const groups = [];
  const collect = (rows, name, id, kind) => {
    const byRank = new Map();
    for (const r of rows ?? []) if (r.rank <= size) byRank.set(r.rank, [...(byRank.get(r.rank) ?? []), r]);
    for (const [rank, tied] of byRank) if (tied.length > 1) groups.push({ rank, kind, names: tied.map(name), ids: tied.map(id) });
  };
  collect(game.leaderboard?.players, (r) => r.nickname, (r) => r.player, 'players');
  collect(game.leaderboard?.teams, (r) => r.name, (r) => r.team, 'teams');
  if (!groups.length) return null;
  return h('section', { class: 'ties', 'aria-labelledby': 'ties-title' },
    h('h2', { id: 'ties-title', text: t('h.ties') }),
    h('ul', {}, groups.map((g) => h('li', {},
      `${t(g.kind === 'teams' ? 'h.teamsTied' : 'h.tied', { rank: ordinal(g.rank), names: formatList(g.names) })} `,
      h('button', { type: 'button', class: 'btn small', id: `tiebreak-${g.kind}-${g.rank}`, text: t('h.playTiebreak'), onclick: () => askTiebreak(g) })))));
}

function askTiebreak(group) {
  ask({
    title: t('h.tiebreakFor', { rank: ordinal(group.rank) }),
    text: t('h.tiebreakText', { names: formatList(group.names) }),
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'tb-text', text: t('h.question') }),
        h('input', { id: 'tb-text', name: 'text', maxlength: 300, autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-answer', text: t('h.rightNumber') }),
        h('input', { id: 'tb-answer', name: 'answer', inputmode: 'decimal', autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-seconds', text: t('h.seconds') }),
        h('input', { id: 'tb-seconds', name: 'seconds', type: 'number', min: 5, max: 600, value: 30 })),
    ],
    confirm: t('h.startTiebreak'),
    onConfirm: (form) => {
      const answer = Number(form.answer.value.trim().replace(/[\s,]/g, ''));
      const text = form.text.value.trim();
      if (!text || !form.answer.value.trim() || !Number.isFinite(answer)) { toast(t('h.tiebreakNeeds')); return; }
      command('tiebreak', { text, answer, seconds: Math.round(Number(form.seconds.value) || 30), [group.kind]: group.ids });
    },
  });
}

function tiebreakStage() {
  const tb = game.tiebreak;
  return [
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: t('h.tiebreakOf', { names: entrantNames(tb) }) }), clock()),
    h('h1', { id: 'stage-title', class: 'qtext', text: tb.text }),
    game.tiebreakAnswer != null ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: formatScore(game.tiebreakAnswer) }) })) : null,
    h('p', { class: 'livecount' }, ...tn('h.answeredCount', { n: h('strong', { id: 'tiebreak-answered', text: t('h.nOfM', { n: tb.answered, m: tb.entrants.length }) }) })),
  ];
}

const END_NOTE = () => t('h.endNote');

function endButton() {
  return h('button', { type: 'button', class: 'btn danger', id: 'end', text: t('h.endGame'), 'aria-describedby': 'end-note', onclick: () => ask({
    title: t('h.endTitle'),
    text: t('h.endText', { note: END_NOTE() }),
    confirm: t('h.endGame'), danger: true, onConfirm: () => command('end') }) });
}

function lobbyStage() {
  const join = seat.joinURL || `${location.origin}/join/${seat.code}`;
  const base = join.replace(/\/join\/[^/]*$/, '');
  const addresses = seat.joinAddresses || [];
  return [
    h('h1', { id: 'stage-title', class: 'sr-only', text: t('h.lobby') }),
    h('p', { class: 'eyebrow', text: game.title }),
    isLoopbackURL(join) ? h('p', { class: 'warn', id: 'loopback-warning', role: 'note' },
      h('strong', { text: `${t('h.loopbackTitle')} ` }),
      t('h.loopbackText', { address: shortURL(base) })) : null,
    h('div', { class: 'joinbox' },
      h('div', {},
        h('p', { class: 'lead', text: t('h.joinAt') }),
        h('p', { class: 'url', id: 'join-url', text: shortURL(base) }),
        h('p', { class: 'lead', text: t('h.withCode') }),
        h('p', { class: 'bigcode', id: 'join-code', text: seat.code }),
        h('p', { class: 'livecount' }, ...tn('h.playersJoined', { count: game.playerCount ?? 0, n: h('strong', { text: formatNumber(game.playerCount ?? 0) }) })),
        addresses.length > 1 ? h('div', { class: 'field' },
          h('label', { for: 'join-address', text: t('h.severalAddresses') }),
          h('select', { id: 'join-address', onchange: (e) => command('join_address', { url: e.currentTarget.value }) },
            addresses.map((a) => h('option', { value: a, text: shortURL(a), selected: a === base })))) : null),
      h('div', { class: 'qr' }, h('img', { src: `/qr/${encodeURIComponent(seat.code)}.svg?u=${encodeURIComponent(base)}`, alt: t('h.qrAlt', { address: join }) }))),
  ];
}

/** `http://192.168.1.5:8080` → `192.168.1.5:8080`: what a player types. */
function shortURL(url) {
  return url.replace(/^https?:\/\//, '');
}

/** Whether phones cannot reach `url`: localhost, 127.x or ::1. */
function isLoopbackURL(url) {
  const host = new URL(url, location.href).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1' || host === '0.0.0.0';
}

function startClock() {
  runClock(countdown, game.phase, game.question);
}

function questionHead(q) {
  const round = q.roundCount > 1 ? ` · ${q.roundTitle || t('q.round', { n: q.round + 1 })}` : '';
  return h('div', { class: 'qhead' },
    h('p', { class: 'eyebrow' }, t('q.header', { n: q.sequence + 1, total: q.questionCount }) + round, q.category ? h('span', { class: 'tag', text: q.category }) : null,
      q.wager ? h('span', { class: 'tag hot', text: t('h.wager') }) : null),
    game.phase === 'revealed' ? null : clock());
}

function questionStage() {
  const q = game.question;
  const right = game.correct?.kind === 'options' ? game.correct.options : [];
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    q.options?.length ? h('ul', { class: 'host-options', 'aria-label': t('h.options') },
      q.options.map((text, i) => h('li', { class: `opt-${i}${right.includes(i) ? ' right' : ''}` }, marker(i),
        h('span', {}, h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), text, right.includes(i) ? h('span', { text: t('bars.correct') }) : null)))) : null,
    game.correct && (!q.options?.length || q.kind === 'order') ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: correctText(game.correct, q.options ?? []) }) })) : null,
    h('p', { class: 'livecount', 'aria-live': 'polite' },
      ...tn('h.answeredCount', { n: h('strong', { id: 'answered', text: t('h.nOfM', { n: game.answerCount ?? 0, m: game.connected ?? game.playerCount ?? 0 }) }) }),
      h('span', { class: 'hint', text: game.phase === 'reading' ? ` · ${t('h.openSoon')}` : game.phase === 'closed' ? ` · ${t('h.answersClosed')}` : '' })),
    h('section', { id: 'waiting', class: 'waiting', 'aria-label': t('h.notYet') }, ...waitingContent()),
  ];
}

/** Who has not answered yet: names (away ones marked), then per team, from the `waiting` message. */
function waitingContent() {
  const w = game.waiting;
  if (!w || w.question !== game.question?.sequence || game.phase === 'reading') return [];
  const left = w.players.length + w.more;
  if (!left) return [h('p', { class: 'hint', text: t('h.everyone') })];
  return [
    h('h2', { text: t('h.notYetCount', { count: left }) }),
    h('ul', { class: 'waiting-names' }, w.players.map((p) => h('li', { text: p.status === 'away' ? t('h.nameAway', { name: p.nickname }) : p.nickname })),
      w.more ? h('li', { text: t('h.andMore', { count: w.more }) }) : null),
    w.teams.length ? h('ul', { class: 'waiting-teams', 'aria-label': t('h.byTeam') },
      w.teams.map((team) => h('li', { text: t('h.teamWaiting', { name: team.name, n: team.waiting, count: team.members }) }))) : null,
  ];
}

function renderWaiting() {
  const box = $('#waiting');
  if (box) fill(box, ...waitingContent());
}

function revealStage() {
  const q = game.question, r = game.reveal;
  const typed = q.kind === 'text' && game.typedAnswers.length ? h('section', { 'aria-labelledby': 'typed-title' },
    h('h2', { id: 'typed-title', text: t('h.typed') }),
    h('p', { class: 'hint', text: t('h.typedHint') }),
    h('ul', { class: 'typed-list' }, game.typedAnswers.map((a) => h('li', {},
      h('span', { class: 'ttext', text: a.text }),
      h('span', { class: 'hint', text: `×${formatNumber(a.count)}` }),
      a.accepted ? h('span', { class: 'ok-badge', text: t('h.accepted') })
        : h('button', { type: 'button', class: 'btn small', 'aria-label': t('h.acceptLabel', { text: a.text }), text: t('h.accept'), onclick: () => command('accept', { question: q.sequence, text: a.text }) }))))) : null;
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    r.correct?.kind !== 'none' ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: correctText(r.correct, q.options ?? []) }) })) : null,
    distribution(q, r),
    h('p', { class: 'lead', text: t('h.answeredRight', { n: r.rightCount, count: r.answered }) }),
    r.explanation ? h('p', { class: 'explain', text: r.explanation }) : null,
    typed,
  ];
}

function endedStage() {
  const ended = game.ended;
  return [
    h('h1', { id: 'stage-title', text: t('h.gameOver') }),
    ended ? podium(ended.podium.players) : null,
    ended ? teamPodium(ended.podium.teams) : null,
    ended ? standingsTable(ended.players, { limit: 50, caption: t('h.finalScores') }) : null,
    ended ? teamTable(ended.teams, { limit: 50, caption: t('h.finalTeamScores') }) : null,
    ended ? h('div', { class: 'controls downloads' },
      h('p', { class: 'hint', text: t('h.downloadsHint') }),
      h('button', { type: 'button', class: 'btn', id: 'download-csv', text: t('h.downloadCSV'), onclick: () => downloadResults('csv') }),
      h('button', { type: 'button', class: 'btn', id: 'download-json', text: t('h.downloadJSON'), onclick: () => downloadResults('json') })) : null,
    seat?.league && h('div', { class: 'controls' }, h('a', { class: 'btn', id: 'show-league', href: `/league/${seat.league.id}?screen=projector`,
      target: '_blank', text: t('h.showLeague', { name: seat.league.name }) })),
    h('div', { class: 'controls' }, h('button', { type: 'button', class: 'btn primary', text: t('h.hostAnother'), onclick: () => {
      connection.stop();
      seat = null;
      store(KEY, null);
      game = newGame('host');
      setupError = null;
      renderSetup();
    } })),
  ];
}

function renderPlayers() {
  const box = $('#players');
  if (!box) return;
  const list = game.players.length
    ? h('ul', { class: 'players' }, game.players.map((p) => h('li', {},
      h('span', { class: `status-dot${p.status === 'connected' ? '' : ' away'}`, title: p.status === 'connected' ? t('h.connected') : t('h.away'), 'aria-hidden': 'true' }),
      h('span', { class: 'pname' }, h('span', { text: p.nickname }), p.team ? h('span', { class: 'pteam', text: p.team }) : null,
        p.status === 'connected' ? null : h('span', { class: 'pteam', text: t('h.away') })),
      h('span', { class: 'pscore', text: formatScore(p.score) }),
      game.phase === 'ended' ? null : h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.renameLabel', { name: p.nickname }), text: t('h.rename'), onclick: () => askRename(p) }),
        game.teams.length ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.moveLabel', { name: p.nickname }), text: t('h.move'), onclick: () => askMove(p) }) : null,
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.removeLabel', { name: p.nickname }), text: t('h.remove'), onclick: () => askRemove(p) })))))
    : h('p', { class: 'hint', text: t('h.nobodyYet') });
  const adjust = game.players.length && game.phase !== 'ended' ? h('details', { class: 'adjust-box' },
    h('summary', { text: t('h.adjust') }),
    h('form', { class: 'adjust', onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      const delta = Math.round(Number(f.delta.value));
      if (!delta) { toast(t('h.adjustHint')); return; }
      command('adjust', { player: Number(f.who.value), delta, reason: f.reason.value.trim() });
      f.delta.value = '';
      f.reason.value = '';
    } },
      h('div', { class: 'field' }, h('label', { for: 'who', text: t('board.player') }),
        h('select', { id: 'who', name: 'who' }, game.players.map((p) => h('option', { value: p.id, text: p.nickname })))),
      h('div', { class: 'field' }, h('label', { for: 'delta', text: t('h.pointsPlusMinus') }), h('input', { id: 'delta', name: 'delta', type: 'number', step: 1 })),
      h('div', { class: 'field' }, h('label', { for: 'reason', text: t('h.reason') }), h('input', { id: 'reason', name: 'reason', maxlength: 100 })),
      h('button', { type: 'submit', class: 'btn', text: t('h.apply') }))) : null;
  // Keep an open adjust form (and its typing) across player-list updates.
  const open = $('.adjust-box', box);
  const teamsOpen = $('.teams-box', box)?.open;
  if (open?.open && open.contains(document.activeElement)) {
    fill(box.firstElementChild ?? box, list);
    return;
  }
  fill(box, h('div', {}, list), teamBox(), adjust);
  if (open?.open) $('.adjust-box', box)?.setAttribute('open', '');
  if (teamsOpen) $('.teams-box', box)?.setAttribute('open', '');
}

/** The teams, each with Rename and Merge: "Owls" and "The Owls" become one team. */
function teamBox() {
  if (!game.teams.length || game.phase === 'ended') return null;
  return h('details', { class: 'teams-box' },
    h('summary', { text: t('h.teamsCount', { count: game.teams.length }) }),
    h('ul', { class: 'team-list' }, game.teams.map((team) => h('li', {},
      h('span', { class: 'pname', text: team.name }),
      h('span', { class: 'hint', text: t('h.players', { count: team.members }) }),
      h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.renameTeamLabel', { name: team.name }), text: t('h.rename'), onclick: () => askRenameTeam(team) }),
        game.teams.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.mergeLabel', { name: team.name }), text: t('h.merge'), onclick: () => askMerge(team) }) : null)))));
}

function teamSelect(id, label, options, selected) {
  return h('div', { class: 'field' }, h('label', { for: id, text: label }),
    h('select', { id, name: id }, options.map((o) => h('option', { value: o.value, text: o.text, selected: o.value === selected }))));
}

function askRenameTeam(team) {
  ask({
    title: t('h.renameTeamLabel', { name: team.name }),
    text: t('h.renameTeamText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'team-name', text: t('h.newName') }),
      h('input', { id: 'team-name', name: 'teamName', maxlength: 24, autocomplete: 'off', value: team.name }))],
    confirm: t('h.rename'),
    onConfirm: (form) => {
      const name = form.teamName.value.trim();
      if (name && name !== team.name) command('rename_team', { team: team.id, name });
    },
  });
}

function askMerge(team) {
  const others = game.teams.filter((o) => o.id !== team.id);
  ask({
    title: t('h.mergeTitle', { name: team.name }),
    text: t('h.mergeText', { name: team.name }),
    fields: [teamSelect('merge-into', t('h.mergeInto'), others.map((o) => ({ value: String(o.id), text: o.name })))],
    confirm: t('h.merge'), danger: true,
    onConfirm: (form) => command('merge_teams', { from: team.id, into: Number(form['merge-into'].value) }),
  });
}

function askMove(p) {
  const options = [...game.teams.map((team) => ({ value: String(team.id), text: team.name })), { value: '', text: t('h.noTeam') }];
  ask({
    title: t('h.moveTitle', { name: p.nickname }),
    text: t('h.moveText'),
    fields: [teamSelect('move-to', t('h.toTeam'), options, p.teamId != null ? String(p.teamId) : '')],
    confirm: t('h.move'),
    onConfirm: (form) => {
      const value = form['move-to'].value;
      command('move_player', { player: p.id, team: value ? Number(value) : null });
    },
  });
}

/** Fetches the results with the host key (never in the address, which gets logged) and saves them. */
async function downloadResults(format) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(seat.code)}/results.${format}`, {
      headers: { Authorization: `Bearer ${seat.token}` }, cache: 'no-store' });
    if (!response.ok) { toast(await response.text()); return; }
    const url = URL.createObjectURL(await response.blob());
    const link = h('a', { href: url, download: `buzzer-${seat.code}-results.${format}`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    say(live, t('h.saved', { format: format.toUpperCase() }));
  } catch {
    toast(t('h.offlineResults'));
  }
}

// MARK: - Moderation: every destructive step asks first, in a modal <dialog>

/**
 * A modal dialog (focus stays inside, Escape cancels) with `fields` and Cancel / `confirm`.
 * `onConfirm` gets the form when the confirm button closed it.
 */
function ask({ title, text, fields = [], confirm, danger = false, onConfirm }) {
  const form = h('form', { method: 'dialog', novalidate: true },
    h('h2', { id: 'ask-title', text: title }),
    text ? h('p', { text }) : null,
    ...fields,
    h('div', { class: 'controls' },
      h('button', { type: 'submit', value: 'cancel', class: 'btn', text: t('h.cancel') }),
      h('button', { type: 'submit', value: 'confirm', id: 'ask-confirm', class: `btn ${danger ? 'danger' : 'primary'}`, text: confirm })));
  const dialog = h('dialog', { class: 'ask', 'aria-labelledby': 'ask-title' }, form);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'confirm') onConfirm(form);
    dialog.remove();
  });
  // Inside <main>, so that all content stays within a landmark (axe "region").
  ($('main') ?? document.body).append(dialog);
  dialog.showModal();
  $('input', dialog)?.focus();
}

function askRemove(p) {
  ask({
    title: t('h.removeTitle', { name: p.nickname }),
    text: t('h.removeText'),
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'kick-reason', text: t('h.kickReason') }),
        h('input', { id: 'kick-reason', name: 'reason', maxlength: 200, autocomplete: 'off' })),
      h('label', { class: 'check-row', for: 'kick-ban' }, h('input', { id: 'kick-ban', name: 'ban', type: 'checkbox' }),
        t('h.ban')),
    ],
    confirm: t('h.remove'),
    danger: true,
    onConfirm: (form) => command('kick', { player: p.id, ban: form.ban.checked, reason: form.reason.value.trim() || undefined }),
  });
}

function askRename(p) {
  ask({
    title: t('h.renameLabel', { name: p.nickname }),
    text: t('h.renameText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'rename-name', text: t('h.newName') }),
      h('input', { id: 'rename-name', name: 'nickname', maxlength: 24, autocomplete: 'off', value: p.nickname }))],
    confirm: t('h.rename'),
    onConfirm: (form) => {
      const nickname = form.nickname.value.trim();
      if (nickname && nickname !== p.nickname) command('rename', { player: p.id, nickname });
    },
  });
}

/** The night's language for the big screen (DISPLAY_LANG_KEY, else the console's). */
function nightLanguage() {
  return storedLanguage(DISPLAY_LANG_KEY) ?? language();
}

function renderShare(force = false) {
  const box = $('#share');
  if (!box || (box.childElementCount && !force)) return;
  const base = seat.displayURL || `${location.origin}/display/${seat.code}`;
  const display = `${base}?lang=${nightLanguage()}`;
  fill(box,
    h('h2', { id: 'share-title', text: t('h.screens') }),
    h('div', { class: 'field' }, h('label', { for: 'night-lang', text: t('h.nightLang') }),
      h('select', { id: 'night-lang', onchange: (e) => { store(DISPLAY_LANG_KEY, e.currentTarget.value); renderShare(true); $('#night-lang')?.focus(); } },
        Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code, text: name, selected: code === nightLanguage() })))),
    h('p', {}, h('a', { href: display, target: '_blank', rel: 'noopener', class: 'btn', id: 'open-display', text: t('h.openBigScreen') })),
    h('p', { class: 'hint' }, ...tn('h.orOpen', { url: h('span', { class: 'url', text: display }) })),
    h('details', {},
      h('summary', { text: t('h.otherDevice') }),
      h('p', { class: 'hint', text: t('h.otherDeviceHint') }),
      h('p', { class: 'url', text: `${location.origin}/host#code=${seat.code}&token=${seat.token}` }),
      h('p', { class: 'hint' }, ...tn('h.hostKeyIs', { key: h('span', { class: 'url', text: seat.token }) }))));
}

// MARK: - Start

// The console's own language (the top bar); a switch redraws the screen as it stands.
$('.topbar').append(languagePicker());
onLanguage(() => {
  if (!seat) { if (screenKey === 'setup') redrawSetup(); return; }
  if (!$('#stage')) return;  // still reopening: the game's first message draws the console
  renderChip();
  renderStage(true);
  renderPlayers();
  renderShare(true);
});

if (seat?.token) {
  fill(main, h('p', { class: 'panel', text: t('h.reopening', { code: seat.code }) }));
  connection.connect();
} else {
  renderSetup();
}
