// The phone's question: its header, clock and picture, the kind's input (kinds/), and the pause.
import { $, h, fill, say, clock, runClock, kind, t, roundSuffix, questionNotes } from '../common.js';
import { S, live, main } from './store.js';
import { render, hostNote } from './screen.js';
import { stakeLocked, stakeStep, stakeNote } from './stake.js';

export function questionHeader(q) {
  const round = roundSuffix(q);
  return h('div', { class: 'qhead' },
    h('p', { class: 'eyebrow' }, t('q.header', { n: q.sequence + 1, total: q.questionCount }) + round, q.category ? h('span', { class: 'tag', text: q.category }) : null,
      q.points === 2 ? h('span', { class: 'tag hot', text: t('q.double') }) : null,
      q.wager ? h('span', { class: 'tag hot', text: t('q.wager') }) : null),
    clock());
}

export function startClock() {
  runClock(S.countdown, S.game.phase, S.game.question);
}

export const isPaused = () => typeof S.game.question?.pausedLeftMs === 'number';

/** Whether the question takes answers now: open, the host has not stopped the clock, and in a
 *  wager round the stake is locked in (the stake comes first, so nobody stakes 0 by tapping fast). */
export function answerable() {
  return S.game.phase === 'open' && !isPaused() && !(S.game.question?.wager && !stakeLocked());
}

/** The host paused or resumed: the clock follows, and the answers wait with it, without a redraw
 *  that would throw away a half-typed answer or the options picked so far. */
export function applyPause(speak = true) {
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
  if (!paused && speak) say(live, t('p.sayRunning'));
}

/** A stopped clock, said big: the answers (and the stake) wait until the host resumes. */
export function pausedNote() {
  return h('p', { id: 'paused-note', class: 'paused-note', hidden: !isPaused() },
    h('strong', { text: t('p.paused') }), ` ${t('p.pausedWhy')}`);
}

/** A picture round: the picture when the pack puts it on phones, else where to look (and what it shows). */
export function questionMedia(q) {
  const media = q.media;
  if (kind(q.kind).ownsPicture) return null;
  if (media?.image && media.onPhones) {
    return h('figure', { class: 'q-media' }, h('img', { src: media.image, alt: media.alt || t('p.pictureAlt') }));
  }
  if (!media?.image && !media?.audio) return null;
  return h('p', { class: 'big-screen', id: 'big-screen' },
    h('strong', { text: media.image ? t('p.lookBigScreen') : t('p.listenBigScreen') }),
    ' ', media.image ? (media.alt ? t('p.forPictureAlt', { alt: media.alt }) : t('p.forPicture')) : t('p.forClip'));
}

export function renderQuestion() {
  const q = S.game.question;
  const open = answerable();
  const body = [];
  // The kind's input (kinds/): it sends through `send`, and says what is wrong through `fail`.
  body.push(...kind(q.kind).phone(q, { open, answerable, myAnswer: S.game.myAnswer, send: (answer) => submitAnswer(answer),
    game: S.game, paused: isPaused(), command: (type, fields) => S.connection.send({ type, ...fields }),
    fail: (text) => { S.ui.answerError = text; render(true); } }));
  const staking = q.wager && S.game.phase !== 'closed';
  fill(main, h('section', { class: `question phase-${S.game.phase}` },
    questionHeader(q),
    // Beside a picture on the phone the text is set smaller: the picture (a pin's input) and Lock in need the screen.
    h('h1', { class: `qtext${q.text.length > 120 ? ' long' : ''}${kind(q.kind).ownsPicture || (q.media?.image && q.media.onPhones) ? ' with-picture' : ''}`, text: q.text }),
    questionNotes(S.game.notes),
    questionMedia(q),
    pausedNote(),
    // A wager round: the stake is its own step, first, during the reading time and until answers close.
    staking && !stakeLocked() ? stakeStep() : null,
    q.wager && stakeLocked() ? stakeNote(true) : null,
    S.game.phase === 'reading' ? h('p', { class: 'ready', text: t('q.getReady') }) : null,
    S.game.phase === 'closed' ? h('p', { class: 'ready', text: t('q.timesUp') }) : null,
    staking && !stakeLocked() && S.game.phase === 'open' ? h('p', { class: 'hint', id: 'stake-first', text: t('p.stakeFirst') }) : null,
    body,
    S.ui.answerError ? h('p', { class: 'field-error', role: 'alert', text: S.ui.answerError }) : null,
    hostNote()));
  startClock();
  keepLockInView();
}

/**
 * Keeps the kind's Lock in (`.lock-in`) on the first screen, without scrolling: the picture (a kind's
 * picture input marked `data-gives-way`, which reads `--room`, or the page's picture) gives way, down
 * to a fifth of the screen's height. Measured again when the picture loads and when the screen turns.
 */
function keepLockInView() {
  const lock = main.querySelector('.lock-in');
  const stage = main.querySelector('[data-gives-way]');
  const img = stage ? stage.querySelector('img') : main.querySelector('.q-media img');
  S.ui.fitLockIn = null;
  if (!lock || !img) return;
  const fit = () => {
    if (!lock.isConnected) return;
    const box = stage ?? img;
    box.style.removeProperty(stage ? '--room' : 'max-height');
    const height = box.getBoundingClientRect().height;
    const over = lock.getBoundingClientRect().bottom + scrollY + 8 - innerHeight;
    if (!height || over <= 0) return;
    const room = Math.max(innerHeight * 0.2, height - over);
    if (stage) stage.style.setProperty('--room', `${room}px`);
    else img.style.setProperty('max-height', `${room}px`);
  };
  S.ui.fitLockIn = fit;
  if (!img.complete) img.addEventListener('load', fit, { once: true });
  fit();
}
addEventListener('resize', () => S.ui.fitLockIn?.());

export async function submitAnswer(answer) {
  const q = S.game.question;
  if (!q || !answerable()) return;
  S.ui.answerError = null;
  S.game.myAnswer = answer;
  S.ui.sending = S.connection.send({ type: 'answer', question: q.sequence, answer });
  if (!S.ui.sending) { S.ui.answerError = t('p.offlineAnswer'); }
  render(true);
}
