// The projector display: no controls. Lobby with code and QR, the question with its countdown,
// the reveal, leaderboards and the podium, sized to be read from across a bar.
import {
  $, h, fill, say, Connection, Countdown, clock, runClock, showStatus, correctText, kind, createStore, dispatch,
  teamTable, standingsTable, distribution, codeFromPath, drawClock,
  entrantNames, tiebreakTable, serverNow, setText, countLine, fitNames, store, load, breakSlide, tickBreak, t, tn, errorText, roundSuffix,
  questionNotes, patchNotes } from './common.js';
import { startI18n, useLanguage, onLanguage, pickLanguage, languageFromURL, storedLanguage, formatNumber, formatList, DISPLAY_LANG_KEY } from './i18n.js';
import { Sound } from './sound.js';
import { podiumStage, levelBlocks } from './display/podium.js';
import { Music, soundPrompt } from './display/music.js';

// The night's language: `?lang=` on the projector link, else the console's (DISPLAY_LANG_KEY, followed live), else the browser's.
await startI18n(pickLanguage(languageFromURL(), storedLanguage(DISPLAY_LANG_KEY), navigator.languages), ['display']);
window.addEventListener('storage', (e) => {
  if (e.key === DISPLAY_LANG_KEY && !languageFromURL()) useLanguage(storedLanguage(DISPLAY_LANG_KEY));
});
onLanguage(() => { music.relabel(); renderControls(true); if (view.screenKey === 'start') renderStart(); else render(true); showPaused(); });

const main = $('#main');
const live = $('#live');
const banner = $('#banner');
/** The projector's one store: the reduced game and what the page itself keeps (`view`; `podium`: display/podium.js). */
const S = createStore('display', { view: { code: codeFromPath(), screenKey: '', podium: null } });
const { view } = S;

const sound = new Sound();
const music = new Music({ serverNow, blocked: () => { say(live, t('d.musicBlocked')); showSound(false); } });
const countdown = new Countdown((seconds, left) => {
  drawClock(seconds, left);
  sound.second(seconds, S.game.phase === 'open');
}, $('#timer-live'));

const connection = new Connection({
  hello: () => (view.code ? { type: 'watch', code: view.code } : null),
  room: () => view.code || null,
  onMessage: (m) => dispatch(S, m, react),
  onStatus: (status) => showStatus(banner, status),
});

/** What the room hears (aria-live) as the game moves, beside what the screen shows. */
function said(change, game) {
  const q = game.question;
  if (change.has('ack.state')) return null;  // a page catching up says nothing of what it missed
  if (change.has('question') && game.phase === 'reading') return t('q.saySpoken', { n: q.sequence + 1, text: q.text });
  if (change.has('tiebreakNumber') && game.tiebreak) return t('d.sayTiebreak', { names: entrantNames(game.tiebreak), text: game.tiebreak.text });
  if (change.has('tiebreakResult') && game.tiebreakResult) return t('d.sayTiebreakWon', { name: game.tiebreakResult.rows[0]?.name ?? '', answer: game.tiebreakResult.answer });
  if (change.has('break') && game.phase === 'break') {
    const b = game.break;
    return b.fresh ? t(b.upNext ? 'd.sayBreakNext' : 'd.sayBreak', { title: b.title, next: b.upNext }) : t('d.sayBreakMoved');
  }
  if (change.has('phase') && game.reveal && game.phase === 'revealed') return t('d.sayAnswer', { answer: correctText(game.reveal.correct, q) });
  if (change.has('phase') && game.phase === 'closed') return t('q.timesUp');
  if (change.has('skipped') && game.skipped) return t('d.saySkipped');
  if (change.has('paused') && !change.screen) return typeof q?.pausedLeftMs === 'number' ? t('d.sayPaused') : t('d.sayRunning');
  return null;
}

/** Draws, plays and says what changed in the store. */
function react(change, { game }) {
  if (change.has('error')) {
    if (game.error.request === 'watch') { connection.stop(); renderStart(errorText(game.error, { code: view.code })); }
    return;
  }
  if (game.code) view.code = game.code;
  if (change.has('ack.state')) reportSound();
  if (change.has('clock')) runClock(countdown, game.phase, game.question);
  // A new screen is drawn whole; on the same one, only the live numbers move, unless the host
  // corrected what it shows (an accepted answer, a score, a name: a new `reveal` or `leaderboard`).
  // A corrected end (`ended` again, after the podium is up) redraws it: the room sees the new places.
  render(change.has('ack.state') || change.has('reveal', 'leaderboard', 'ended'));
  if (change.has('break') && game.phase === 'break') tickBreak(game.break);
  showPaused();
  if (change.has('buzz')) buzzChanged(change, game);
  if (change.has('notes') && !change.screen) {
    patchNotes(game.notes);
    $('.dq')?.classList.toggle('has-notes', game.notes.length > 0);
    fitScreen();
  }
  if (change.has('clip') && game.clip) music.control(game.clip);
  if (change.has('joinURL') && game.phase === 'lobby') renderLobby();
  if (change.has('players') && $('#joined-names')) fill($('#joined-names'), ...nameTags());
  countLine('joined-count', 'd.playersIn', game.playerCount ?? 0);
  countLine('answered', 'd.answered', game.answerCount ?? 0);
  setText('#tiebreak-answered', game.tiebreak?.answered);
  // The sting marks the reveal coming on screen, once: a corrected reveal (an accepted answer) redraws without it.
  if (game.phase === 'revealed' && change.has('phase') && game.reveal && !change.has('ack.state')) sound.sting();
  const words = said(change, game);
  if (words) say(live, words);
}

/** A buzz question's queue moved: its part of the screen again, and a sound when someone gets the floor. */
function buzzChanged(change, game) {
  const box = $('#buzz-stage');
  if (box && game.question) box.replaceWith(kind(game.question.kind).screen(game.question, game));
  if (game.buzz?.floor && game.buzz.floor !== change.was.buzz?.floor && !change.has('ack.state')) sound.sting();
}

/** The projector's own buttons, in the top bar: fullscreen (where the browser has it) and sound. */
function renderControls(again = false) {
  const box = $('#screen-controls');
  if (!box || (box.childElementCount && !again)) return;
  if (again) { if (!box?.childElementCount) return; showSound(sound.enabled); $('#fullscreen').textContent = document.fullscreenElement ? t('d.exitFullscreen') : t('d.fullscreen'); return; }
  const full = h('button', { type: 'button', class: 'btn small', id: 'fullscreen', text: t('d.fullscreen'), onclick: () => {
    if (document.fullscreenElement) document.exitFullscreen?.();
    else document.documentElement.requestFullscreen?.().catch(() => {});
  } });
  full.hidden = !document.fullscreenEnabled;
  document.addEventListener('fullscreenchange', () => {
    full.textContent = document.fullscreenElement ? t('d.exitFullscreen') : t('d.fullscreen');
  });
  const audio = h('button', { type: 'button', class: 'btn small', id: 'sound', 'aria-pressed': 'false', text: t('d.soundOff'), onclick: () => {
    const on = sound.toggle();
    store(SOUND_KEY, on);
    showSound(on);
  } });
  fill(box, full, audio);
  // The choice is kept for the next projector page. A browser may still hold the sound back until
  // the page is touched: then the prompt asks for that click, and any click or key starts it.
  if (load(SOUND_KEY) !== false) showSound(load(SOUND_KEY) === true && sound.toggle());
  else showSound(false);
  const wake = () => sound.context?.resume?.().then(() => showSound(sound.enabled));
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, wake, { once: true, capture: true });
}

/** One click turns the sound on and remembers it for the next projector page. */
const prompt = soundPrompt(() => {
  if (!sound.enabled) sound.toggle();
  store(SOUND_KEY, true);
  sound.context?.resume?.().then(() => showSound(sound.enabled));
  showSound(sound.enabled);
  if (music.clip && S.game.phase === 'open') music.play(true);
});

/** Whether the room can hear this screen: sound on, and the browser letting it play. */
function soundHeard() {
  return sound.enabled && sound.context?.state === 'running';
}

/** Tells the server (`sound`), so the console can warn when no projector can play a clip. */
function reportSound() {
  connection.send({ type: 'sound', on: soundHeard() });
}

const SOUND_KEY = 'buzzer.sound';

function showSound(on) {
  const button = $('#sound');
  button?.setAttribute('aria-pressed', String(on));
  if (button) button.textContent = on ? t('d.soundOn') : t('d.soundOff');
  sound.lobby(on && S.game.phase === 'lobby');
  // The browser decides when the context runs (a click, or its autoplay rules): follow it.
  if (sound.context && !view.followsContext) { view.followsContext = true; sound.context.addEventListener('statechange', () => showSound(sound.enabled)); }
  const heard = soundHeard();
  music.muted = !heard;
  // Asked for at load, and whenever a clip is on, unless someone here turned the sound off on purpose.
  prompt.hidden = heard || (load(SOUND_KEY) === false && !music.clip);
  placePrompt();
  if (heard !== view.heard) { view.heard = heard; reportSound(); }
}

/** The prompt spans the screen in the lobby and while a clip plays (then the sound is the point); over a
 *  question, its reveal, the boards and the podium it is a button in the top bar, covering nothing. */
function placePrompt() {
  prompt.classList.toggle('compact', !music.clip && S.game.phase !== 'lobby');
}

/** A clock the host stopped: a big overlay on the whole screen, so nobody misses it. */
const pausedOverlay = h('aside', { id: 'paused', class: 'paused-overlay', 'data-i18n-attr': 'aria-label:d.pausedLabel', 'aria-label': t('d.pausedLabel'), hidden: true },
  h('p', { class: 'paused-word' }, pauseIcon(), h('span', { 'data-i18n': 'd.paused', text: t('d.paused') })),
  h('p', { class: 'paused-why', 'data-i18n': 'd.pausedWhy', text: t('d.pausedWhy') }));
document.body.append(pausedOverlay);

function pauseIcon() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const x of [5, 14]) {
    const bar = document.createElementNS(ns, 'rect');
    for (const [k, v] of Object.entries({ x, y: 3, width: 5, height: 18, rx: 1 })) bar.setAttribute(k, String(v));
    svg.append(bar);
  }
  return svg;
}

function showPaused() {
  const paused = (S.game.phase === 'reading' || S.game.phase === 'open') && typeof S.game.question?.pausedLeftMs === 'number';
  pausedOverlay.hidden = !paused;
}

function render(force = false) {
  const key = `${S.game.phase}:${S.game.question?.sequence ?? ''}`;
  if (key === view.screenKey && !force) return;
  view.screenKey = key;
  placePrompt();
  countdown.stop();
  renderControls();
  sound.lobby(S.game.phase === 'lobby');
  fill($('#corner'), view.code ? h('span', { class: 'corner-code' }, ...tn('d.cornerCode', { code: h('strong', { text: view.code }) })) : null);
  switch (S.game.phase) {
    case 'lobby': renderLobby(); break;
    case 'reading': case 'open': case 'closed': case 'revealed': renderQuestion(); break;
    case 'leaderboard': renderBoard(); break;
    case 'tiebreak': renderTiebreak(); break;
    case 'break': fill(main, h('section', { class: 'display-break' }, ...breakSlide(S.game.break))); tickBreak(S.game.break); fitScreen(); break;
    case 'ended': renderEnded(); break;
    default: break;
  }
}

/** The join address as a player types it: `192.168.1.5:8080`, without scheme or path. */
function joinHost() {
  return (S.game.joinURL || `${location.origin}/join/${view.code}`).replace(/^https?:\/\//, '').replace(/\/join\/[^/]*$/, '');
}

function joinAddress() {
  return `${joinHost()}/join/${view.code}`;
}

function renderLobby() {
  fill($('#corner'));
  fill(main, h('section', { class: 'display-lobby' },
    h('div', {},
      h('h1', { class: 'title', text: S.game.title }),
      h('p', { class: 'how' }, ...tn('d.joinAt', { address: h('strong', { class: 'url', id: 'join-url', text: joinHost() }) })),
      h('p', { class: 'code', text: view.code }),
      h('p', { class: 'how', text: t('d.orScan') }),
      h('p', { class: 'joined' }, ...tn('d.playersIn', { count: S.game.playerCount ?? 0, n: h('strong', { id: 'joined-count', text: formatNumber(S.game.playerCount ?? 0) }) })),
      h('ul', { id: 'joined-names', class: 'joined-names', 'aria-label': t('d.whoJoined') }, ...nameTags())),
    h('div', { class: 'qr' }, h('img', { src: `/qr/${encodeURIComponent(view.code)}.svg?u=${encodeURIComponent(joinHost())}`, alt: t('d.qrAlt', { address: joinAddress() }) }))));
  fitScreen();
}

/** The newest nicknames, as text (never HTML), so the room sees itself arrive. */
function nameTags() {
  return (S.game.players ?? []).slice(-40).reverse().map((p) => h('li', { text: p.nickname }));
}

function renderQuestion() {
  const q = S.game.question;
  if (!q) return;
  const reveal = S.game.phase === 'revealed' ? S.game.reveal : null;
  // The kind draws its answers (kinds/): the options before the reveal, the bars after.
  const answers = reveal ? distribution(q, reveal, S.game) : kind(q.kind).screen(q, S.game);
  const round = roundSuffix(q);
  const media = reveal?.media?.image ? reveal.media : q.media;
  const picture = mediaPicture(media, q, reveal);
  // A reveal the kind draws over the picture (pins): the picture as tall as the screen leaves, its list beside it.
  const side = picture?.classList.contains('drawn');
  const below = h('div', { class: side ? 'side-list' : null },
    reveal && reveal.correct?.kind !== 'none' && kind(q.kind).revealLine
      ? h('p', { class: 'reveal-answer', text: t('d.answerIs', { answer: correctText(reveal.correct, q) }) }) : null,
    answers,
    reveal?.explanation ? h('p', { class: 'explain', text: reveal.explanation }) : null,
    h('div', { class: 'meta' },
      h('span', { text: S.game.phase === 'reading' ? t('q.getReady') : S.game.phase === 'closed' ? t('q.timesUp') : reveal ? t(kind(q.kind).allRightKey ?? 'd.gotItRight', { count: reveal.answered, right: reveal.rightCount }) : t('d.answerNow') }),
      reveal ? null : h('span', {}, ...tn('d.answered', { count: S.game.answerCount ?? 0, n: h('strong', { id: 'answered', text: formatNumber(S.game.answerCount ?? 0) }) }))));
  fill(main, h('section', { class: `dq${(q.options?.length ?? 0) > 4 ? ' many' : ''}${media?.image ? ' has-media' : ''}${side ? ' side' : ''}${S.game.notes?.length ? ' has-notes' : ''}` },
    h('div', { class: 'top' },
      h('p', { class: 'eyebrow' }, t('q.header', { n: q.sequence + 1, total: q.questionCount }) + round, q.category ? h('span', { class: 'tag', text: q.category }) : null,
        q.points === 2 ? h('span', { class: 'tag hot', text: t('q.double') }) : null, q.wager ? h('span', { class: 'tag hot', text: t('q.wager') }) : null),
      reveal ? null : clock()),
    h('h1', { class: 'qtext', text: q.text }),
    questionNotes(S.game.notes),
    side ? h('div', { class: 'side-row' }, picture, below) : [picture, below]));
  if (!reveal) startClock(q);
  music.follow(reveal ? reveal.media : q.media, reveal ? null : q, S.game.phase);
  showSound(soundHeard());
  fitScreen();
}

/** The question's picture, large (the reveal's picture once revealed); at the reveal, what the kind draws over the question's picture (pins).
 *  A drawn-over picture (class `drawn`) keeps its shape (`--aspect`), so the drawing and its list share the screen's width. */
function mediaPicture(media, q, reveal) {
  if (!media?.image) return null;
  const img = h('img', { src: media.image, alt: media.alt || t('d.pictureFor', { n: q.sequence + 1 }) });
  const over = reveal && media === q.media ? kind(q.kind).overlay?.(q, reveal, img) : null;
  const figure = h('figure', { class: `q-media${over ? ' drawn' : ''}`, style: over ? { position: 'relative' } : {} }, img, over);
  if (over) {
    const shape = () => { if (img.naturalWidth) figure.style.setProperty('--aspect', String(img.naturalWidth / img.naturalHeight)); };
    shape();
    if (!img.naturalWidth) img.addEventListener('load', () => { shape(); fitScreen(); }, { once: true });
  }
  return figure;
}

/**
 * Shrinks the screen's text (`--fit`, see app.css) until nothing scrolls, and until a question's
 * picture keeps at least a quarter of the screen's height (it takes the space the text leaves).
 * Long single-word names are set smaller at each step (fitNames).
 */
function fitScreen() {
  const section = $('#main > section');
  if (!section) return;
  const root = document.documentElement;
  const picture = $('.dq .q-media', section);
  const cramped = () => root.scrollHeight > window.innerHeight + 1 || root.scrollWidth > window.innerWidth + 1
    || (picture && picture.getBoundingClientRect().height < window.innerHeight * 0.25);
  let fit = 1;
  section.style.setProperty('--fit', '1');
  fitNames(section);
  while (fit > 0.5 && cramped()) {
    fit = Math.round((fit - 0.05) * 100) / 100;
    section.style.setProperty('--fit', String(fit));
    fitNames(section);
  }
  levelBlocks(section);
}

window.addEventListener('resize', () => fitScreen());

function startClock(q) {
  runClock(countdown, S.game.phase, q);
}

function renderBoard() {
  const board = S.game.leaderboard;
  fill(main, h('section', { class: 'display-board' },
    h('h1', { text: board?.final ? t('finalStandings') : t('leaderboard') }),
    board?.final ? tiebreakTable(S.game.tiebreakResult) : null,
    board ? h('div', { class: board.teams?.length ? 'boards' : '' },
      standingsTable(board.players, { limit: 8, caption: t('d.topOf', { top: Math.min(8, board.players.length), count: board.total ?? board.players.length }) }),
      teamTable(board.teams, { limit: 8, caption: t('board.teams') })) : null));
  fitScreen();
  say(live, board?.players?.[0] ? t('d.sayLeader', { name: board.players[0].nickname }) : t('leaderboard'));
}

function renderTiebreak() {
  const tb = S.game.tiebreak;
  fill(main, h('section', { class: 'dq display-tiebreak' },
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: t('d.tiebreakOf', { names: entrantNames(tb) }) }), clock()),
    h('h1', { class: 'qtext', text: tb.text }),
    h('p', { class: 'lead' }, ...tn('d.tiebreakCount', { count: tb.entrants.length, n: h('strong', { id: 'tiebreak-answered', text: formatNumber(tb.answered) }) }))));
  countdown.start(tb.startedAt, tb.deadline);
}

function renderEnded() {
  const ended = S.game.ended;
  // The whole screen: 3rd, then 2nd, a drum roll, then 1st (display/podium.js; at once with reduced motion).
  fill(main, h('section', { class: 'display-ended' },
    h('h1', { text: S.game.title ? t('d.winnersOf', { title: S.game.title }) : t('d.winners') }),
    ended ? podiumStage(ended, { memo: view, key: view.code, sound, reduced: matchMedia('(prefers-reduced-motion: reduce)').matches, onShow: fitScreen }) : null));
  fitScreen();
  const first = ended?.podium?.players?.filter((p) => p.rank === 1).map((p) => p.nickname);
  if (first?.length) say(live, t('d.sayWinner', { count: first.length, names: formatList(first) }));
}

function renderStart(message) {
  view.screenKey = 'start';
  fill($('#corner'));
  fill(main, h('form', { class: 'card display-start', onsubmit: (e) => {
    e.preventDefault();
    view.code = e.currentTarget.code.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
    if (!view.code) return;
    history.replaceState(null, '', `/display/${view.code}`);
    fill(main, h('p', { class: 'card display-start', text: t('d.connecting') }));
    connection.restart();
  } },
    h('h1', { text: t('d.bigScreen') }),
    h('p', { class: 'lead', text: t('d.startLead') }),
    h('div', { class: `field${message ? ' invalid' : ''}` },
      h('label', { for: 'code', text: t('d.gameCode') }),
      h('input', { id: 'code', name: 'code', class: 'code-input', autocomplete: 'off', value: view.code, maxlength: 12, 'aria-invalid': message ? 'true' : false, 'aria-describedby': message ? 'code-error' : false }),
      message ? h('p', { id: 'code-error', class: 'field-error', text: message }) : null),
    h('button', { type: 'submit', class: 'btn primary big', text: t('d.showGame') })));
  if (message) { $('#code').focus(); say(live, message); }
}

if (view.code) {
  fill(main, h('p', { class: 'card display-start', text: t('d.connecting') }));
  connection.connect();
} else {
  renderStart();
}
