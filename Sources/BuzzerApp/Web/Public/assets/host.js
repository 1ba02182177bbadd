// The host console: pick or upload a pack, settings, the lobby with code, QR and players,
// the controls with keyboard shortcuts, live answer counts, the reveal, scores and the podium.
import {
  $, h, fill, say, Connection, Countdown, clock, runClock, showStatus, marker, LETTERS, formatScore, correctText,
  podium, teamPodium, teamTable, standingsTable, distribution, store, load, drawClock,
  entrantNames, tiebreakTable, ordinal, newGame, reduce, setText, breakSlide, tickBreak, serverNow } from './common.js';

const KEY = 'buzzer.host';
// The library's edit token, shared with the editor: hosting a library pack needs it (the host sees every answer).
const TOKEN_KEY = 'buzzer.editToken';
const NEEDS_TOKEN = 'Hosting a pack from the library needs the host link: open the address buzzer serve printed at start-up '
  + '(it ends in /host#token=…), or paste that link or its token below. A pack you upload needs none.';
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
      setupError = needToken ? NEEDS_TOKEN : m.message;
      showSetupError();
    } else if (m.request === 'host') {
      seat = null;
      store(KEY, null);
      setupError = `Could not reopen that game: ${m.message}`;
      connection.stop();
      renderSetup();
    } else {
      toast(m.message);
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
      say(live, `Game ${m.code} is open.`);
      break;
    case 'hosting':
      Object.assign(seat, { code: m.code, joinURL: m.joinURL, joinAddresses: m.joinAddresses });
      store(KEY, seat);
      break;
    case 'join_address':
      seat.joinURL = m.joinURL;
      store(KEY, seat);
      if (game.phase === 'lobby') renderStage(true);
      say(live, `Players now join at ${m.joinURL}.`);
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
      setText('#answered', `${m.answered} of ${m.connected}`);
      setText('#remote-count', `${m.answered}/${m.connected}`);
      break;
    case 'clock':
      renderStage(true);
      say(live, typeof m.pausedLeftMs === 'number' ? 'Clock paused.' : 'The clock is running.');
      break;
    case 'tiebreak':
      if (change === 'count') setText('#tiebreak-answered', `${m.tiebreak.answered} of ${m.tiebreak.entrants.length}`);
      else render();
      break;
    case 'skipped': toast(`Question ${m.question + 1} skipped.`); break;
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
    h('h1', { text: 'Host a quiz' }),
    h('fieldset', { class: 'packs' },
      h('legend', { text: 'Question pack' }),
      packs.map((p, i) => h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: p.id, checked: i === 0 }),
        h('span', { class: 't', text: p.title }),
        h('span', { class: 'd', text: `${p.questionCount} questions · ${p.rounds} ${p.rounds === 1 ? 'round' : 'rounds'}` }),
        p.description ? h('span', { class: 'd', text: p.description }) : null)),
      h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: '', checked: packs.length === 0 }),
        h('span', { class: 't', text: 'Upload my own' }),
        h('span', { class: 'd', text: 'A question pack JSON file (see docs/question-format.md).' }))),
    h('div', { class: 'field' },
      h('label', { for: 'upload', text: 'Pack file (JSON)' }),
      h('input', { id: 'upload', name: 'upload', type: 'file', accept: '.json,application/json',
        onchange: (e) => { if (e.currentTarget.files.length) e.currentTarget.form.querySelector('input[name=pack][value=""]').checked = true; } })),
    h('details', { class: 'settings' },
      h('summary', { text: 'Settings' }),
      h('div', { class: 'settings-grid' },
        number('timeLimitSeconds', 'Seconds per question', d.timeLimitSeconds, { min: 1, max: 3600 }),
        number('readingSeconds', 'Reading time (seconds)', d.readingTimeMs / 1000, { min: 0, max: 60, step: 0.5 }),
        h('div', { class: 'field wide' }, h('label', { for: 'scoring', text: 'Scoring' }),
          h('select', { id: 'scoring', name: 'scoring' },
            h('option', { value: 'speed', text: 'Faster answers score more', selected: d.scoring === 'speed' }),
            h('option', { value: 'flat', text: 'One point per right answer', selected: d.scoring === 'flat' }))),
        number('podiumSize', 'Podium places', d.podiumSize, { min: 1, max: 10 })),
      check('shuffleOptions', 'Shuffle answer options', d.shuffleOptions),
      check('shuffleQuestions', 'Shuffle question order (within each round)', d.shuffleQuestions),
      check('closeWhenAllAnswered', 'Close a question once everyone answered', d.closeWhenAllAnswered),
      check('allowAnswerChange', 'Players may change their answer until time is up (the last one counts)', d.allowAnswerChange),
      check('lateJoin', 'Let players join after the start', d.lateJoin),
      check('autoAdvance', 'Run the game automatically (reveal and advance on timers)', d.autoAdvance),
      check('teamMode', 'Team mode: one answer per team (the first teammate to answer locks it in)', d.teamMode),
      h('div', { class: 'field' },
        h('label', { for: 'teamList', text: 'Team list (optional)' }),
        h('p', { id: 'teamList-hint', class: 'hint', text: 'One team per line, such as your table names. Players then pick one; leave it empty to let them type any team, or none.' }),
        h('textarea', { id: 'teamList', name: 'teamList', rows: 4, 'aria-describedby': 'teamList-hint', text: (d.teams ?? []).join('\n') }))),
    leagueFields(leagues),
    setupError ? h('pre', { class: 'pre-error', role: 'alert', id: 'setup-error', text: setupError }) : null,
    needToken ? tokenField() : null,
    h('button', { type: 'submit', class: 'btn primary big', text: pendingCreate ? 'Creating…' : 'Create game', disabled: !!pendingCreate }));
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
    h('h2', { text: 'Reopen a running game' }),
    h('p', { class: 'hint', text: 'On another device? Type the game code and the host key shown in the console you started it from.' }),
    h('div', { class: 'field' }, h('label', { for: 'rcode', text: 'Game code' }), h('input', { id: 'rcode', name: 'rcode', autocomplete: 'off', class: 'code-input' })),
    h('div', { class: 'field' }, h('label', { for: 'rtoken', text: 'Host key' }), h('input', { id: 'rtoken', name: 'rtoken', autocomplete: 'off', spellcheck: 'false' })),
    h('button', { type: 'submit', class: 'btn', text: 'Reopen console' }));
  const library = h('section', { class: 'panel', 'aria-labelledby': 'library-title' },
    h('h2', { id: 'library-title', text: 'Question library' }),
    h('p', { class: 'hint', text: 'Make and edit packs, with picture and music rounds, or import a spreadsheet.' }),
    h('a', { class: 'btn', href: '/edit', id: 'open-editor', text: 'Open the editor' }));
  fill(main, h('div', { class: 'host-grid' }, form, h('aside', {}, reopen, library)));
  if (setupError) say(live, setupError);
}

/** The game's league: none, one of the server's, or a new one (docs/league.md). */
function leagueFields(leagues) {
  const more = h('div', { hidden: true },
    h('div', { class: 'field' }, h('label', { for: 'leagueName', text: 'New league name' }),
      h('input', { id: 'leagueName', maxlength: 60, autocomplete: 'off' })),
    h('div', { class: 'field' }, h('label', { for: 'leagueScoring', text: 'League scoring' }),
      h('select', { id: 'leagueScoring' }, h('option', { value: 'points', text: 'Total points' }),
        h('option', { value: 'places', text: 'Points by place (10, 8, 6, 5, 4, 3, 2, 1)' }))));
  return h('div', { class: 'field' }, h('label', { for: 'league', text: 'League' }),
    h('select', { id: 'league', onchange: (e) => { more.hidden = e.currentTarget.value !== '+new'; } },
      h('option', { value: '', text: 'None (a one-off)' }),
      leagues.map((l) => h('option', { value: l.id, text: l.name })),
      h('option', { value: '+new', text: 'New league…' })),
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
  button.textContent = 'Create game';
  say(live, setupError);
  pasted?.focus();
}

/** Where the host pastes the host link (or its token) after `token_required`. */
function tokenField() {
  return h('div', { class: 'field', id: 'edit-token-field' },
    h('label', { for: 'edit-token', text: 'Host link or token' }),
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
    if (!name) { setupError = 'Give the new league a name.'; showSetupError(); return; }
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
      setupError = `That file is not valid JSON: ${error.message}`;
      showSetupError();
      return;
    }
  } else if (packName) {
    pendingCreate = { type: 'create', pack: packName, settings, token: load(TOKEN_KEY) ?? undefined, ...(league ? { league } : {}) };
  } else {
    setupError = 'Choose a pack file to upload, or pick a pack from the library.';
    showSetupError();
    return;
  }
  if (connection.open) connection.send(pendingCreate); else connection.restart();
  const button = $('button[type=submit]', form);
  button.disabled = true;
  button.textContent = 'Creating…';
}

// MARK: - Running the game

/** The next step for the phase, shared by the big button and the keyboard shortcut. */
function primary() {
  switch (game.phase) {
    case 'lobby': return { label: 'Start game', type: 'start' };
    case 'tiebreak': return { label: 'End tiebreak now', type: 'close' };
    case 'reading': case 'open': return { label: 'Close answers', type: 'close' };
    case 'closed': return { label: 'Reveal answer', type: 'reveal' };
    case 'revealed': return { label: 'Next', type: 'next' };
    case 'break': return { label: `Start ${game.break?.upNext || 'the next round'}`, type: 'next' };
    case 'leaderboard': return game.leaderboard?.final
      ? { label: 'Finish game', type: 'next', note: 'the game is played to its end: every screen shows the podium, and the results can be downloaded.' }
      : { label: 'Next question', type: 'next' };
    default: return null;
  }
}

function command(type, extra = {}) {
  if (!connection.send({ type, ...extra })) toast('Offline: that did not reach the server. Try again when the banner goes.');
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
          h('h2', { id: 'players-title', text: 'Players' }), h('div', { id: 'players' })),
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
  fill(chip, h('span', { class: 'chip-name' }, 'Game ', h('strong', { text: seat.code })),
    game.playerCount !== undefined ? h('span', { class: 'chip-score', text: `${game.playerCount} ${game.playerCount === 1 ? 'player' : 'players'}` }) : null);
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
  const controls = h('div', { class: 'controls remote', role: 'group', 'aria-label': 'Game controls' },
    asking ? h('span', { class: 'remote-status', 'aria-hidden': 'true' },
      h('span', { id: 'remote-count', text: `${game.answerCount ?? 0}/${game.connected ?? game.playerCount ?? 0}` }),
      h('span', { id: 'remote-clock', text: '' })) : null,
    step ? h('button', { type: 'button', class: 'btn primary', id: 'primary', 'aria-keyshortcuts': 'Space ArrowRight', text: step.label,
      'aria-describedby': step.note ? 'primary-note' : null, onclick: () => command(step.type) }) : null,
    game.phase === 'open' || game.phase === 'reading' ? h('button', { type: 'button', class: 'btn', text: 'Reveal now', onclick: () => command('reveal') }) : null,
    game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', text: 'Show leaderboard', onclick: () => command('leaderboard') }) : null,
    ...runOfShow(),
    game.phase === 'break' ? h('button', { type: 'button', class: 'btn', id: 'break-more', text: '+5 min', 'aria-label': 'Add 5 minutes to the break', onclick: () => command('break_add_time', { seconds: 300 }) }) : null,
    game.phase === 'break' && game.break?.endsAt > serverNow() ? h('button', { type: 'button', class: 'btn', id: 'break-end', text: 'End countdown', onclick: () => command('break_end_countdown') }) : null,
    game.phase === 'lobby' ? h('button', { type: 'button', class: 'btn', 'aria-pressed': game.locked ? 'true' : 'false', text: game.locked ? 'Room locked' : 'Lock room', onclick: () => command(game.locked ? 'unlock' : 'lock') }) : null,
    game.phase !== 'ended' ? endButton() : null,
    step ? h('span', { class: 'shortcut' }, h('kbd', { text: 'Space' }), ' or ', h('kbd', { text: '→' }), ` ${step.label.toLowerCase()}`) : null);
  // What the two ways out differ in, beside the buttons (docs/game-rules.md, "Phases").
  const notes = game.phase === 'ended' ? null : h('ul', { class: 'control-notes hint' },
    step?.note ? h('li', { id: 'primary-note' }, h('strong', { text: `${step.label}: ` }), step.note) : null,
    h('li', { id: 'end-note' }, h('strong', { text: 'End game: ' }), END_NOTE));
  const controlsAndNotes = [controls, notes];
  switch (game.phase) {
    case 'lobby': fill(stage, ...lobbyStage(), ...controlsAndNotes); break;
    case 'reading': case 'open': case 'closed': fill(stage, ...questionStage(), ...controlsAndNotes); startClock(); break;
    case 'revealed': fill(stage, ...revealStage(), ...controlsAndNotes); break;
    case 'leaderboard': fill(stage, h('h1', { id: 'stage-title', text: game.leaderboard?.final ? 'Final standings' : 'Leaderboard' }),
      game.leaderboard?.final ? tiebreakTable(game.tiebreakResult) : null,
      game.leaderboard?.final ? podiumTies() : null,
      standingsTable(game.leaderboard?.players ?? [], { limit: 20 }), teamTable(game.leaderboard?.teams, { limit: 50 }), ...controlsAndNotes); break;
    case 'tiebreak': fill(stage, ...tiebreakStage(), ...controlsAndNotes); countdown.start(game.tiebreak.startedAt, game.tiebreak.deadline); break;
    case 'break': fill(stage, ...breakSlide(game.break, 'stage-title'), ...controlsAndNotes); tickBreak(game.break); break;
    case 'ended': fill(stage, ...endedStage()); break;
    default: fill(stage, h('h1', { id: 'stage-title', text: 'Connecting…' }));
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
      text: paused ? 'Resume clock' : 'Pause clock', onclick: () => command(paused ? 'unpause' : 'pause') }) : null,
    running ? h('button', { type: 'button', class: 'btn', id: 'add-time', text: '+10 s', 'aria-label': 'Add 10 seconds',
      onclick: () => command('add_time', { seconds: 10 }) }) : null,
    game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'reopen', text: 'Re-open answers', onclick: askReopen }) : null,
    running || game.phase === 'closed' ? h('button', { type: 'button', class: 'btn', id: 'skip', text: 'Skip question', onclick: () => ask({
      title: `Skip question ${q.sequence + 1}?`,
      text: 'Nobody scores on it, stakes on it are void, and the game moves on. This cannot be undone.',
      confirm: 'Skip it', danger: true, onConfirm: () => command('skip') }) }) : null,
    game.phase === 'revealed' ? h('button', { type: 'button', class: 'btn', id: 'undo-reveal', text: 'Undo reveal', onclick: () => ask({
      title: 'Take the reveal back?',
      text: "The question's points come off the scores and it is closed again. Players have seen the answer, so it cannot re-open.",
      confirm: 'Undo reveal', danger: true, onConfirm: () => command('undo_reveal') }) }) : null,
  ];
}

function askReopen() {
  ask({
    title: 'Re-open answers?',
    text: 'Answers already given still count, and the time it stood closed is nobody\'s. Everyone gets this long from now:',
    fields: [h('div', { class: 'field' }, h('label', { for: 'reopen-seconds', text: 'Seconds' }),
      h('input', { id: 'reopen-seconds', name: 'seconds', type: 'number', min: 1, max: 600, value: 15, inputmode: 'numeric' }))],
    confirm: 'Re-open',
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
    h('h2', { id: 'ties-title', text: 'Ties on the podium' }),
    h('ul', {}, groups.map((g) => h('li', {},
      `${g.kind === 'teams' ? 'Teams tied' : 'Tied'} for ${ordinal(g.rank)}: ${g.names.join(', ')} `,
      h('button', { type: 'button', class: 'btn small', id: `tiebreak-${g.kind}-${g.rank}`, text: 'Play a tiebreak', onclick: () => askTiebreak(g) })))));
}

function askTiebreak(group) {
  ask({
    title: `Tiebreak for ${ordinal(group.rank)}`,
    text: `${group.names.join(', ')} answer one number; the closest wins (equally close: the faster). Scores do not change.`,
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'tb-text', text: 'Question' }),
        h('input', { id: 'tb-text', name: 'text', maxlength: 300, autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-answer', text: 'The right number' }),
        h('input', { id: 'tb-answer', name: 'answer', inputmode: 'decimal', autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-seconds', text: 'Seconds' }),
        h('input', { id: 'tb-seconds', name: 'seconds', type: 'number', min: 5, max: 600, value: 30 })),
    ],
    confirm: 'Start tiebreak',
    onConfirm: (form) => {
      const answer = Number(form.answer.value.trim().replace(/[\s,]/g, ''));
      const text = form.text.value.trim();
      if (!text || !form.answer.value.trim() || !Number.isFinite(answer)) { toast('A tiebreak needs a question and the right number.'); return; }
      command('tiebreak', { text, answer, seconds: Math.round(Number(form.seconds.value) || 30), [group.kind]: group.ids });
    },
  });
}

function tiebreakStage() {
  const t = game.tiebreak;
  return [
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: `Tiebreak: ${entrantNames(t)}` }), clock()),
    h('h1', { id: 'stage-title', class: 'qtext', text: t.text }),
    game.tiebreakAnswer != null ? h('p', { class: 'answer-key' }, 'Answer: ', h('strong', { text: String(game.tiebreakAnswer) })) : null,
    h('p', { class: 'livecount' }, h('strong', { id: 'tiebreak-answered', text: `${t.answered} of ${t.entrants.length}` }), ' answered'),
  ];
}

const END_NOTE = 'stops the game now for everyone: questions not asked yet are dropped, and the podium shows the scores as they stand.';

function endButton() {
  return h('button', { type: 'button', class: 'btn danger', id: 'end', text: 'End game', 'aria-describedby': 'end-note', onclick: () => ask({
    title: 'End the game now?',
    text: `End game ${END_NOTE} This cannot be undone.`,
    confirm: 'End game', danger: true, onConfirm: () => command('end') }) });
}

function lobbyStage() {
  const join = seat.joinURL || `${location.origin}/join/${seat.code}`;
  const base = join.replace(/\/join\/[^/]*$/, '');
  const addresses = seat.joinAddresses || [];
  return [
    h('h1', { id: 'stage-title', class: 'sr-only', text: 'Lobby' }),
    h('p', { class: 'eyebrow', text: game.title }),
    isLoopbackURL(join) ? h('p', { class: 'warn', id: 'loopback-warning', role: 'note' },
      h('strong', { text: 'Phones cannot open this address. ' }),
      `${shortURL(base)} only works on this computer. Connect it to the bar's Wi-Fi, or set server.publicURL in config.json to an address the phones can reach, then create the game again.`) : null,
    h('div', { class: 'joinbox' },
      h('div', {},
        h('p', { class: 'lead', text: 'Players join at' }),
        h('p', { class: 'url', id: 'join-url', text: shortURL(base) }),
        h('p', { class: 'lead', text: 'with the code' }),
        h('p', { class: 'bigcode', id: 'join-code', text: seat.code }),
        h('p', { class: 'livecount' }, h('strong', { text: String(game.playerCount ?? 0) }), ' players joined'),
        addresses.length > 1 ? h('div', { class: 'field' },
          h('label', { for: 'join-address', text: 'This computer has several network addresses. Players use:' }),
          h('select', { id: 'join-address', onchange: (e) => command('join_address', { url: e.currentTarget.value }) },
            addresses.map((a) => h('option', { value: a, text: shortURL(a), selected: a === base })))) : null),
      h('div', { class: 'qr' }, h('img', { src: `/qr/${encodeURIComponent(seat.code)}.svg?u=${encodeURIComponent(base)}`, alt: `QR code to join: ${join}` }))),
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
  const round = q.roundCount > 1 ? ` · ${q.roundTitle || `Round ${q.round + 1}`}` : '';
  return h('div', { class: 'qhead' },
    h('p', { class: 'eyebrow' }, `Question ${q.sequence + 1} of ${q.questionCount}${round}`, q.category ? h('span', { class: 'tag', text: q.category }) : null,
      q.wager ? h('span', { class: 'tag hot', text: 'Wager' }) : null),
    game.phase === 'revealed' ? null : clock());
}

function questionStage() {
  const q = game.question;
  const right = game.correct?.kind === 'options' ? game.correct.options : [];
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    q.options?.length ? h('ul', { class: 'host-options', 'aria-label': 'Options' },
      q.options.map((text, i) => h('li', { class: `opt-${i}${right.includes(i) ? ' right' : ''}` }, marker(i),
        h('span', {}, h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), text, right.includes(i) ? h('span', { text: ' ✓ correct' }) : null)))) : null,
    game.correct && (!q.options?.length || q.kind === 'order') ? h('p', { class: 'answer-key' }, 'Answer: ', h('strong', { text: correctText(game.correct, q.options ?? []) })) : null,
    h('p', { class: 'livecount', 'aria-live': 'polite' },
      h('strong', { id: 'answered', text: `${game.answerCount ?? 0} of ${game.connected ?? game.playerCount ?? 0}` }), ' answered',
      h('span', { class: 'hint', text: game.phase === 'reading' ? ' · answers open soon' : game.phase === 'closed' ? ' · answers closed' : '' })),
    h('section', { id: 'waiting', class: 'waiting', 'aria-label': 'Not answered yet' }, ...waitingContent()),
  ];
}

/** Who has not answered yet: names (away ones marked), then per team, from the `waiting` message. */
function waitingContent() {
  const w = game.waiting;
  if (!w || w.question !== game.question?.sequence || game.phase === 'reading') return [];
  const left = w.players.length + w.more;
  if (!left) return [h('p', { class: 'hint', text: 'Everyone has answered.' })];
  return [
    h('h2', { text: `Not answered yet (${left})` }),
    h('ul', { class: 'waiting-names' }, w.players.map((p) => h('li', { text: p.status === 'away' ? `${p.nickname} (away)` : p.nickname })),
      w.more ? h('li', { text: `and ${w.more} more` }) : null),
    w.teams.length ? h('ul', { class: 'waiting-teams', 'aria-label': 'By team' },
      w.teams.map((t) => h('li', { text: `${t.name}: ${t.waiting} of ${t.members} still to answer` }))) : null,
  ];
}

function renderWaiting() {
  const box = $('#waiting');
  if (box) fill(box, ...waitingContent());
}

function revealStage() {
  const q = game.question, r = game.reveal;
  const typed = q.kind === 'text' && game.typedAnswers.length ? h('section', { 'aria-labelledby': 'typed-title' },
    h('h2', { id: 'typed-title', text: 'Typed answers' }),
    h('p', { class: 'hint', text: 'Accept an answer the pack missed: everyone who typed it gets the points.' }),
    h('ul', { class: 'typed-list' }, game.typedAnswers.map((t) => h('li', {},
      h('span', { class: 'ttext', text: t.text }),
      h('span', { class: 'hint', text: `×${t.count}` }),
      t.accepted ? h('span', { class: 'ok-badge', text: '✓ accepted' })
        : h('button', { type: 'button', class: 'btn small', 'aria-label': `Accept “${t.text}”`, text: 'Accept', onclick: () => command('accept', { question: q.sequence, text: t.text }) }))))) : null;
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    r.correct?.kind !== 'none' ? h('p', { class: 'answer-key' }, 'Answer: ', h('strong', { text: correctText(r.correct, q.options ?? []) })) : null,
    distribution(q, r),
    h('p', { class: 'lead', text: `${r.rightCount} of ${r.answered} answered right.` }),
    r.explanation ? h('p', { class: 'explain', text: r.explanation }) : null,
    typed,
  ];
}

function endedStage() {
  const ended = game.ended;
  return [
    h('h1', { id: 'stage-title', text: 'Game over' }),
    ended ? podium(ended.podium.players) : null,
    ended ? teamPodium(ended.podium.teams) : null,
    ended ? standingsTable(ended.players, { limit: 50, caption: 'Final scores' }) : null,
    ended ? teamTable(ended.teams, { limit: 50, caption: 'Final team scores' }) : null,
    ended ? h('div', { class: 'controls downloads' },
      h('p', { class: 'hint', text: 'Every answer, stake and adjustment, then the final standings (the same as buzzer replay export):' }),
      h('button', { type: 'button', class: 'btn', id: 'download-csv', text: 'Download results (CSV)', onclick: () => downloadResults('csv') }),
      h('button', { type: 'button', class: 'btn', id: 'download-json', text: 'Download results (JSON)', onclick: () => downloadResults('json') })) : null,
    seat?.league && h('div', { class: 'controls' }, h('a', { class: 'btn', id: 'show-league', href: `/league/${seat.league.id}?screen=projector`,
      target: '_blank', text: `Show ${seat.league.name} on the big screen` })),
    h('div', { class: 'controls' }, h('button', { type: 'button', class: 'btn primary', text: 'Host another game', onclick: () => {
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
      h('span', { class: `status-dot${p.status === 'connected' ? '' : ' away'}`, title: p.status, 'aria-hidden': 'true' }),
      h('span', { class: 'pname' }, h('span', { text: p.nickname }), p.team ? h('span', { class: 'pteam', text: p.team }) : null,
        p.status === 'connected' ? null : h('span', { class: 'pteam', text: 'away' })),
      h('span', { class: 'pscore', text: formatScore(p.score) }),
      game.phase === 'ended' ? null : h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Rename ${p.nickname}`, text: 'Rename', onclick: () => askRename(p) }),
        game.teams.length ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Move ${p.nickname} to another team`, text: 'Move', onclick: () => askMove(p) }) : null,
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Remove ${p.nickname}`, text: 'Remove', onclick: () => askRemove(p) })))))
    : h('p', { class: 'hint', text: 'Nobody yet. Players appear here as they join.' });
  const adjust = game.players.length && game.phase !== 'ended' ? h('details', { class: 'adjust-box' },
    h('summary', { text: 'Adjust a score' }),
    h('form', { class: 'adjust', onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      const delta = Math.round(Number(f.delta.value));
      if (!delta) { toast('Type how many points to add (or a negative number to take away).'); return; }
      command('adjust', { player: Number(f.who.value), delta, reason: f.reason.value.trim() });
      f.delta.value = '';
      f.reason.value = '';
    } },
      h('div', { class: 'field' }, h('label', { for: 'who', text: 'Player' }),
        h('select', { id: 'who', name: 'who' }, game.players.map((p) => h('option', { value: p.id, text: p.nickname })))),
      h('div', { class: 'field' }, h('label', { for: 'delta', text: 'Points (+/−)' }), h('input', { id: 'delta', name: 'delta', type: 'number', step: 1 })),
      h('div', { class: 'field' }, h('label', { for: 'reason', text: 'Reason' }), h('input', { id: 'reason', name: 'reason', maxlength: 100 })),
      h('button', { type: 'submit', class: 'btn', text: 'Apply' }))) : null;
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
    h('summary', { text: `Teams (${game.teams.length})` }),
    h('ul', { class: 'team-list' }, game.teams.map((t) => h('li', {},
      h('span', { class: 'pname', text: t.name }),
      h('span', { class: 'hint', text: `${t.members} ${t.members === 1 ? 'player' : 'players'}` }),
      h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Rename team ${t.name}`, text: 'Rename', onclick: () => askRenameTeam(t) }),
        game.teams.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Merge team ${t.name} into another`, text: 'Merge', onclick: () => askMerge(t) }) : null)))));
}

function teamSelect(id, label, options, selected) {
  return h('div', { class: 'field' }, h('label', { for: id, text: label }),
    h('select', { id, name: id }, options.map((o) => h('option', { value: o.value, text: o.text, selected: o.value === selected }))));
}

function askRenameTeam(t) {
  ask({
    title: `Rename team ${t.name}`,
    text: 'Its players keep their points and are told the new name.',
    fields: [h('div', { class: 'field' }, h('label', { for: 'team-name', text: 'New name' }),
      h('input', { id: 'team-name', name: 'teamName', maxlength: 24, autocomplete: 'off', value: t.name }))],
    confirm: 'Rename',
    onConfirm: (form) => {
      const name = form.teamName.value.trim();
      if (name && name !== t.name) command('rename_team', { team: t.id, name });
    },
  });
}

function askMerge(t) {
  const others = game.teams.filter((o) => o.id !== t.id);
  ask({
    title: `Merge team ${t.name}`,
    text: `Its players, its own points (stakes won, adjustments) and its name go to the team you pick. ${t.name} disappears from the boards.`,
    fields: [teamSelect('merge-into', 'Merge into', others.map((o) => ({ value: String(o.id), text: o.name })))],
    confirm: 'Merge', danger: true,
    onConfirm: (form) => command('merge_teams', { from: t.id, into: Number(form['merge-into'].value) }),
  });
}

function askMove(p) {
  const options = [...game.teams.map((t) => ({ value: String(t.id), text: t.name })), { value: '', text: 'No team' }];
  ask({
    title: `Move ${p.nickname}`,
    text: 'Their own points go with them; the team keeps its stakes and adjustments.',
    fields: [teamSelect('move-to', 'To team', options, p.teamId != null ? String(p.teamId) : '')],
    confirm: 'Move',
    onConfirm: (form) => {
      const value = form['move-to'].value;
      command('move_player', { player: p.id, team: value ? Number(value) : null });
    },
  });
}

/** Fetches the results with the host key (never in the address, where it would be logged) and saves them. */
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
    say(live, `Results saved as ${format.toUpperCase()}.`);
  } catch {
    toast('Offline: the results could not be fetched. Try again when the banner goes.');
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
      h('button', { type: 'submit', value: 'cancel', class: 'btn', text: 'Cancel' }),
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
    title: `Remove ${p.nickname}?`,
    text: 'Their phone leaves the game at once. Their points stay on the scoreboard.',
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'kick-reason', text: 'Reason (the player sees it; optional)' }),
        h('input', { id: 'kick-reason', name: 'reason', maxlength: 200, autocomplete: 'off' })),
      h('label', { class: 'check-row', for: 'kick-ban' }, h('input', { id: 'kick-ban', name: 'ban', type: 'checkbox' }),
        'Also ban this phone and this name from coming back'),
    ],
    confirm: 'Remove',
    danger: true,
    onConfirm: (form) => command('kick', { player: p.id, ban: form.ban.checked, reason: form.reason.value.trim() || undefined }),
  });
}

function askRename(p) {
  ask({
    title: `Rename ${p.nickname}`,
    text: 'The player is told their new name.',
    fields: [h('div', { class: 'field' }, h('label', { for: 'rename-name', text: 'New name' }),
      h('input', { id: 'rename-name', name: 'nickname', maxlength: 24, autocomplete: 'off', value: p.nickname }))],
    confirm: 'Rename',
    onConfirm: (form) => {
      const nickname = form.nickname.value.trim();
      if (nickname && nickname !== p.nickname) command('rename', { player: p.id, nickname });
    },
  });
}

function renderShare() {
  const box = $('#share');
  if (!box || box.childElementCount) return;
  const display = seat.displayURL || `${location.origin}/display/${seat.code}`;
  fill(box,
    h('h2', { id: 'share-title', text: 'Screens' }),
    h('p', {}, h('a', { href: display, target: '_blank', rel: 'noopener', class: 'btn', text: 'Open the big screen ↗' })),
    h('p', { class: 'hint' }, 'Or open ', h('span', { class: 'url', text: display }), ' on the projector.'),
    h('details', {},
      h('summary', { text: 'Run this console from another device' }),
      h('p', { class: 'hint', text: 'Open this address there (keep it private: it controls the game):' }),
      h('p', { class: 'url', text: `${location.origin}/host#code=${seat.code}&token=${seat.token}` }),
      h('p', { class: 'hint' }, 'Host key: ', h('span', { class: 'url', text: seat.token }))));
}

// MARK: - Start

if (seat?.token) {
  fill(main, h('p', { class: 'panel', text: `Reopening game ${seat.code}…` }));
  connection.connect();
} else {
  renderSetup();
}
