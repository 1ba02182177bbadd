// Shared by the pages: the buzzer.v1 connection, the server clock, answer shapes and boards;
// re-exports the DOM builder (dom.js) and the reducer (game-state.js).
import { t, tn, ordinal, formatNumber, formatList, has, language } from './i18n.js';
import { h, fill, $ } from './dom.js';

export { t, tn, ordinal };
export { h, fill, $, setText, countLine } from './dom.js';
export { newGame, reduce } from './game-state.js';

// MARK: - Clock

let clockOffset = 0;
/** Call with every `serverTime`: positive when the server's clock is ahead of ours. */
export function syncClock(serverTime) {
  if (typeof serverTime === 'number') clockOffset = serverTime - Date.now();
}
export const serverNow = () => Date.now() + clockOffset;

/** Draws a countdown into the page's `#clock` ring (seconds left, share of time left, urgent at 5 s). */
export function drawClock(seconds, fraction) {
  const clock = $('#clock');
  if (!clock) return;
  $('.secs', clock).textContent = String(seconds);
  clock.style.setProperty('--left', String(fraction));
  clock.classList.toggle('urgent', seconds <= 5);
}

/**
 * A countdown to a server deadline. `onTick(secondsLeft, fraction)` runs about 4 times a
 * second; `announce` (an aria-live element) hears only the moments worth saying aloud.
 */
export class Countdown {
  constructor(onTick, announce) {
    this.onTick = onTick;
    this.announce = announce;
    this.timer = null;
  }
  start(from, deadline) {
    this.stop();
    this.from = from;
    this.deadline = deadline;
    this.said = new Set();
    const step = () => {
      const left = Math.max(0, this.deadline - serverNow());
      const seconds = Math.ceil(left / 1000);
      const total = Math.max(1, this.deadline - this.from);
      this.onTick(seconds, Math.min(1, left / total));
      for (const mark of [10, 5]) {
        if (seconds === mark && total > mark * 1000 + 1500 && !this.said.has(mark)) {
          this.said.add(mark);
          say(this.announce, t('clock.secondsLeft', { count: mark }));
        }
      }
      if (left <= 0) this.stop();
    };
    step();
    this.timer = setInterval(step, 250);
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
  /** The host stopped the clock: draw where it stands, once, and say so. */
  freeze(leftMs, totalMs) {
    this.stop();
    this.onTick(Math.ceil(leftMs / 1000), Math.min(1, leftMs / Math.max(1, totalMs)));
    say(this.announce, t('clock.hostPaused'));
  }
}

/** The countdown ring: a role=timer box whose number and ring the Countdown callback moves. */
export function clock() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 36 36');
  svg.setAttribute('aria-hidden', 'true');
  for (const cls of ['ring-bg', 'ring']) {
    const c = document.createElementNS(ns, 'circle');
    for (const [k, v] of Object.entries({ cx: 18, cy: 18, r: 16, class: cls, pathLength: 100 })) c.setAttribute(k, String(v));
    svg.append(c);
  }
  return h('div', { id: 'clock', class: 'clock', role: 'timer', 'aria-label': t('clock.label') }, svg, h('span', { class: 'secs' }));
}

/** Starts `countdown` for the question's phase: to the opening while reading, then to the deadline. */
export function runClock(countdown, phase, q) {
  const node = document.getElementById('clock');
  if (!node || !q) return;
  const paused = typeof q.pausedLeftMs === 'number' && (phase === 'reading' || phase === 'open');
  node.classList.toggle('paused', paused);
  node.setAttribute('aria-label', paused ? t('clock.pausedLabel') : t('clock.label'));
  node.classList.toggle('waiting', phase === 'reading');
  // The window is `timeLimitMs` long and ends at the deadline: a pause moved the deadline, not the length.
  if (paused) countdown.freeze(q.pausedLeftMs, phase === 'reading' ? q.opensAt - q.shownAt : q.timeLimitMs);
  else if (phase === 'reading') countdown.start(q.shownAt, q.opensAt);
  else if (phase === 'open') countdown.start(q.deadline - (q.timeLimitMs ?? q.deadline - q.opensAt), q.deadline);
  else { node.querySelector('.secs').textContent = '0'; node.style.setProperty('--left', '0'); }
}

/** Sets an aria-live region's text so screen readers say it (clearing first repeats it). */
export function say(region, text) {
  if (!region) return;
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

// MARK: - Connection

/**
 * One WebSocket to `/ws` with `buzzer.v1`, reopened with capped, jittered backoff after
 * any unexpected close. `hello()` returns the first message to send on every (re)open
 * (join, resume, host or watch), or null to stay quiet.
 */
export class Connection {
  constructor({ hello, room = () => null, onMessage, onStatus }) {
    this.hello = hello;
    /** The room code this connection is for, if known: `/ws?room=CODE` lets a proxy in front of
     *  several servers send it to the one that holds the room (docs/scale-out.md). */
    this.room = room;
    this.openedFor = null;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
  }
  get open() { return this.socket?.readyState === WebSocket.OPEN; }

  connect() {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const room = this.room();
    this.openedFor = room ?? null;
    const socket = new WebSocket(`${scheme}//${location.host}/ws${room ? `?room=${encodeURIComponent(room)}` : ''}`, 'buzzer.v1');
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.onStatus('online');
      const first = this.hello();
      if (first) this.send(first);
    });
    socket.addEventListener('message', (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      syncClock(message.serverTime);
      this.onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 4003: removed by the host; 4000: this seat opened elsewhere. Neither should retry.
      if (this.stopped || event.code === 4003 || event.code === 4000) {
        this.onStatus(event.code === 4000 ? 'replaced' : 'closed');
        return;
      }
      this.onStatus('offline');
      const delay = Math.min(8000, 400 * 1.8 ** this.attempt) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /** Whether the open socket was opened for `room` (else a request about it must reconnect first). */
  isFor(room) { return this.open && this.openedFor === (room ?? null); }

  send(message) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Closes on purpose (leave, or start over): no reconnect. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
  }

  /** Drops the current socket and opens a fresh one (for a new join after an error). */
  restart() {
    this.stopped = false;
    const old = this.socket;
    this.socket = null;
    old?.close(1000);
    this.connect();
  }
}

/** Shows or hides the page's offline banner for a connection status. */
export function showStatus(banner, status) {
  const text = {
    offline: t('status.offline'),
    replaced: t('status.replaced'),
  }[status];
  banner.hidden = !text;
  if (text) banner.textContent = text;
}

// MARK: - Answer options

export const LETTERS = 'ABCDEFGH';
const SHAPES = [
  'M12 3 L22 21 L2 21 Z', // triangle
  'M12 2 L22 12 L12 22 L2 12 Z', // diamond
  'M12 2 A10 10 0 1 1 11.99 2 Z', // circle
  'M3 3 H21 V21 H3 Z', // square
  'M12 2 L14.9 8.6 L22 9.3 L16.6 14 L18.2 21 L12 17.3 L5.8 21 L7.4 14 L2 9.3 L9.1 8.6 Z', // star
  'M7 3 H17 L22 12 L17 21 H7 L2 12 Z', // hexagon
  'M12 2 L22 10 L18 22 H6 L2 10 Z', // pentagon
  'M9 2 H15 V9 H22 V15 H15 V22 H9 V15 H2 V9 H9 Z', // cross
];

/** The decorative shape for option `i` (its letter and text carry the meaning). */
export function shape(i) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'shape');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', SHAPES[i % SHAPES.length]);
  svg.append(path);
  return svg;
}

/** The option marker: shape plus letter, e.g. ▲A. */
export function marker(i) {
  return h('span', { class: 'marker', 'aria-hidden': 'true' }, shape(i), h('span', { class: 'letter', text: LETTERS[i] }));
}

/** 1,250 and −500 (in the page's language): a true minus sign, so a loss never reads as a dash. */
export const formatScore = (n) => formatNumber(n).replace(/^-/, '−');

/**
 * Codes whose server sentence says more than the catalogue can (why the clock cannot change, which
 * teams are listed, how long to wait): in English the page shows the server's own sentence.
 */
const DETAILED = new Set(['cannot_change_clock', 'invalid_tiebreak', 'team_not_listed', 'rate_limited', 'invalid_settings', 'invalid_pack']);

/**
 * A server error in the page's words: `err.CODE` of the catalogue (`params` fill it: `{code}` is
 * the room code the page asked for). A code the catalogue does not know (a newer server) keeps the
 * server's sentence.
 */
export function errorText(m, params = {}) {
  const key = `err.${m?.code}`;
  if (!has(key) || (language() === 'en' && DETAILED.has(m?.code) && m?.message)) return m?.message ?? m?.code ?? '';
  return t(key, { code: '', ...params });
}

/** The right answer as words, for any question kind. */
export function correctText(correct, options) {
  if (!correct) return '';
  switch (correct.kind) {
    case 'options': return correct.options.map((i) => `${LETTERS[i]}: ${options[i]}`).join(', ');
    case 'truefalse': return correct.value ? t('tf.true') : t('tf.false');
    // The main accepted answer: the alternatives are for marking, not for the screen.
    case 'text': return correct.accepted[0] ?? '';
    case 'number': return formatScore(correct.value);
    case 'order': return correct.order.map((i, k) => `${k + 1}. ${LETTERS[i]}: ${options[i]}`).join(', ');
    default: return t('answer.poll');
  }
}

/**
 * The podium: up to three places, 2nd-1st-3rd so 1st stands in the middle; names as text.
 * `me` highlights the reader's own row.
 */
export function podium(rows, me) {
  const places = [2, 1, 3].map((rank) => rows.filter((r) => r.rank === rank));
  return h('ol', { class: 'podium', 'aria-label': t('podium.label') },
    places.map((group, i) => {
      const rank = [2, 1, 3][i];
      if (!group.length) return null;
      return h('li', { class: `step step-${rank}`, style: { order: String(i) } },
        h('span', { class: 'place', text: ordinal(rank) }),
        group.map((r) => h('span', { class: `who${r.player === me ? ' me' : ''}` },
          h('span', { class: 'name', text: r.nickname ?? r.name }),
          h('span', { class: 'pts', text: t('podium.points', { count: r.score, score: formatScore(r.score) }) }))),
        h('span', { class: 'block', 'aria-hidden': 'true' }));
    }));
}

/** Fixed column widths (app.css, in em of the table's text), so a long name cannot widen its column. */
const columns = (...names) => h('colgroup', {}, names.map((n) => h('col', { class: `col-${n}` })));

/**
 * Names wrap only between words (app.css); a single word too long for its box (a 24-letter
 * surname) is set smaller until it fits, down to 60%, and past that ends in an ellipsis.
 */
export function fitNames(root = document) {
  for (const node of root.querySelectorAll('.board .name, .podium .name')) {
    node.style.removeProperty('font-size');
    const over = node.scrollWidth / Math.max(1, node.clientWidth);
    if (over > 1.01) node.style.fontSize = `${Math.max(0.6, Math.floor(100 / over) / 100)}em`;
  }
}

/** A ranked table of players (leaderboard). */
export function standingsTable(rows, { me, limit = 10, caption = t('board.caption') } = {}) {
  return h('table', { class: 'board fixed' },
    h('caption', { text: caption }),
    columns('rank', 'name', 'score'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('board.rank') }), h('th', { scope: 'col', text: t('board.player') }), h('th', { scope: 'col', class: 'num', text: t('board.score') }))),
    h('tbody', {}, rows.slice(0, limit).map((r) => h('tr', { class: r.player === me ? 'me' : '' },
      h('td', { class: 'rank', text: ordinal(r.rank) }),
      h('th', { scope: 'row', class: 'name', text: r.nickname ?? r.name }),
      h('td', { class: 'num', text: formatScore(r.score) })))));
}

/** The team standings (nothing when nobody plays in a team); `mine` highlights the reader's team. */
export function teamTable(rows, { mine, limit = 10, caption = t('board.teams') } = {}) {
  if (!rows?.length) return null;
  return h('table', { class: 'board fixed teams' },
    h('caption', { text: caption }),
    columns('rank', 'name', 'members', 'score'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('board.rank') }), h('th', { scope: 'col', text: t('board.team') }),
      h('th', { scope: 'col', class: 'num', text: t('board.players') }), h('th', { scope: 'col', class: 'num', text: t('board.score') }))),
    h('tbody', {}, rows.slice(0, limit).map((r) => h('tr', { class: mine && r.name === mine ? 'me' : '' },
      h('td', { class: 'rank', text: ordinal(r.rank) }),
      h('th', { scope: 'row', class: 'name' }, r.name, mine && r.name === mine ? h('span', { class: 'sr-only', text: t('board.yourTeam') }) : null),
      h('td', { class: 'num', text: String(r.members ?? '') }),
      h('td', { class: 'num', text: formatScore(r.score) })))));
}

/** The team podium, when teams play: the same steps as the players'. */
export function teamPodium(rows, mine) {
  if (!rows?.length) return null;
  return h('section', { class: 'team-podium', 'aria-label': t('podium.teamLabel') },
    h('h2', { text: t('board.teams') }),
    podium(rows.map((r) => ({ ...r, nickname: r.name, player: r.name })), mine));
}

/** Horizontal bars of how many picked each option (reveal). */
export function distribution(question, reveal) {
  let labels, counts, right, ids;
  if (question.kind === 'truefalse') {
    labels = [t('tf.true'), t('tf.false')];
    counts = [reveal.trueFalseCounts?.[1] ?? 0, reveal.trueFalseCounts?.[0] ?? 0];
    right = reveal.correct?.kind === 'truefalse' ? [reveal.correct.value ? 0 : 1] : [];
  } else if (question.options?.length) {
    // An order question: the items in the right order (`ids`), each with how many put it in its place.
    ids = reveal.correct?.order;
    labels = ids ? ids.map((i, k) => `${k + 1}. ${question.options[i]}`) : question.options;
    counts = ids ? ids.map((i) => reveal.optionCounts?.[i]) : reveal.optionCounts ?? [];
    right = reveal.correct?.kind === 'options' ? reveal.correct.options : [];
  } else {
    return null;
  }
  const most = Math.max(1, ...counts);
  return h('ul', { class: `bars${right.length ? ' has-right' : ''}`, 'aria-label': t('bars.label') },
    labels.map((label, k, _, i = ids?.[k] ?? k) => h('li', { class: `bar opt-${question.kind === 'truefalse' ? (i === 0 ? 'true' : 'false') : i}${right.includes(i) ? ' right' : ''}` },
      question.kind === 'truefalse' ? null : marker(i),
      h('span', { class: 'label' }, h('span', { class: 'sr-only', text: question.kind === 'truefalse' ? '' : `${LETTERS[i]}: ` }), label,
        right.includes(i) ? h('span', { class: 'tick', text: t('bars.correct') }) : null),
      h('span', { class: 'track', 'aria-hidden': 'true' }, h('span', { class: 'fill', style: { width: `${(100 * (counts[k] ?? 0)) / most}%` } })),
      h('span', { class: 'count', text: formatNumber(counts[k] ?? 0) }))));
}

/** `/join/ABC123` and `/display/ABC123` → `ABC123`. */
export function codeFromPath() {
  const parts = location.pathname.split('/').filter(Boolean);
  return parts.length === 2 ? decodeURIComponent(parts[1]).toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12) : '';
}

export function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch { /* private mode: reconnects still work while the page lives */ }
}
export function load(key) {
  try { return JSON.parse(localStorage.getItem(key) || 'null'); } catch { return null; }
}

// MARK: - Tiebreak

/** "Ann and Bob" / "Ann, Bob and Cy": who plays a tiebreak. */
export function entrantNames(tiebreak) {
  return formatList((tiebreak?.entrants ?? []).map((e) => e.name));
}

/** How a tiebreak came out: place, name, their number and how far off, the right number in the caption. */
export function tiebreakTable(result) {
  if (!result) return null;
  return h('table', { class: 'board tiebreak-result' },
    h('caption', { text: t('tiebreak.caption', { text: result.text, answer: formatScore(result.answer) }) }),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('tiebreak.place') }), h('th', { scope: 'col', text: t('tiebreak.name') }),
      h('th', { scope: 'col', text: t('tiebreak.answer') }), h('th', { scope: 'col', text: t('tiebreak.offBy') }))),
    h('tbody', {}, result.rows.map((r) => h('tr', { class: r.place === 1 ? 'me' : '' },
      h('td', { text: ordinal(r.place) }), h('td', { text: r.name }),
      h('td', { text: r.value == null ? t('tiebreak.noAnswer') : formatScore(r.value) }),
      h('td', { text: r.off == null ? '—' : formatScore(r.off) })))));
}

// MARK: - Break

/** The slide between rounds: title, text, what comes next, and its countdown (`tickBreak` moves it). */
export function breakSlide(b, headingId = 'break-title') {
  return [h('p', { class: 'eyebrow', text: t('q.break') }),
    h('h1', { id: headingId, text: b.title }),
    b.text ? h('p', { class: 'break-text', text: b.text }) : null,
    b.upNext ? h('p', { class: 'break-next' }, ...tn('q.upNext', { next: h('strong', { text: b.upNext }) })) : null,
    h('p', { id: 'break-left', class: 'break-left', role: 'timer' })];
}

let breakTimer = null;
/** Redraws the countdown every second by the server's clock: "Back in 9:41", then "Back any moment". */
export function tickBreak(b) {
  clearInterval(breakTimer);
  const step = () => {
    const node = document.getElementById('break-left');
    if (!node) { clearInterval(breakTimer); return; }
    const s = Math.ceil(((b.endsAt ?? 0) - serverNow()) / 1000);
    node.textContent = typeof b.endsAt !== 'number' ? '' : s > 0 ? t('q.backIn', { time: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` }) : t('q.backSoon');
  };
  step();
  breakTimer = setInterval(step, 1000);
}
