// The phone's locked-in answer and its result after the reveal.
import { $, h, fill, say, formatScore, correctText, kind, ordinal, t, tn } from '../common.js';
import { S, live, main } from './store.js';
import { render, hostNote } from './screen.js';
import { questionHeader, startClock, pausedNote } from './question.js';
import { stakeNote } from './stake.js';

export function myAnswerText() {
  const a = S.game.myAnswer, q = S.game.question;
  if (!a || !q) return null;
  return kind(q.kind).answerText(a, q);
}

export function renderLocked() {
  const q = S.game.question;
  const mine = myAnswerText();
  fill(main, h('section', { class: 'card center locked' },
    questionHeader(q),
    // A padlock, not the ✓ a right answer gets: locked in says nothing about being correct.
    S.game.answered ? lockSeal() : h('div', { class: 'seal', 'aria-hidden': 'true', text: '…' }),
    h('h1', { text: !S.game.answered ? t('p.sending') : S.game.answeredBy ? t('p.lockedInBy', { name: S.game.answeredBy }) : t('p.lockedIn') }),
    mine ? h('p', { class: 'lead' }, ...tn(S.game.answeredBy ? 'p.teamAnswerIs' : 'p.yourAnswerIs', { answer: h('strong', { class: 'mine', text: mine }) })) : null,
    q.wager ? stakeNote(false) : null,
    pausedNote(),
    // With the room's "change your answer" on, back to the question until the clock runs out.
    q.answerChangeable && S.game.phase === 'open' && S.game.answered
      ? h('button', { type: 'button', class: 'btn', id: 'change-answer', text: t('p.changeAnswer'), onclick: () => { S.ui.changing = true; render(true); } })
      : null,
    h('p', { class: 'hint', text: S.game.phase === 'closed' ? t('p.closedComing') : t('p.waitingOthers') }),
    hostNote()));
  startClock();
}

export function lockSeal() {
  return h('div', { class: 'seal locked-seal', 'aria-hidden': 'true' }, padlock());
}

export function padlock() {
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

export function announceResult() {
  const r = S.game.result;
  if (!r) return;
  const parts = [`${outcomeWords(r).title}.`];
  if (r.teamPoints != null) parts.push(`${t('p.teamPoints', { count: r.teamPoints, amount: signed(r.teamPoints) })}.`);
  if (r.points) parts.push(`${t('p.points', { count: r.points, amount: signed(r.points) })}.`);
  if (r.rank) parts.push(t('p.sayRank', { rank: ordinal(r.rank) }));
  say(live, parts.join(' '));
}

/** +500, −500 (a true minus sign), 0. */
export const signed = (n) => `${n > 0 ? '+' : ''}${formatScore(n)}`;

/** The result's headline, tone and icon; a kind may say it in its own words (a buzz press that never got the floor). */
export function outcomeWords(r, q = S.game.question) {
  if (!r.answered) return { title: t('p.noAnswer'), tone: 'none', icon: '–' };
  const own = q ? kind(q.kind)?.outcomeWords?.(r) : null;
  if (own) return own;
  switch (r.outcome) {
    case 'correct': return { title: t('p.correct'), tone: 'right', icon: '✓' };
    case 'partial': return { title: t('p.partial'), tone: 'partial', icon: '½' };
    case 'counted': return { title: t('p.counted'), tone: 'counted', icon: '✓' };
    default: return { title: t('p.wrong'), tone: 'wrong', icon: '✗' };
  }
}

export function renderResult() {
  const r = S.game.result, q = S.game.question, rev = S.game.reveal;
  if (!r) {
    fill(main, h('section', { class: 'card center' }, h('h1', { text: t('p.answerIn') }), h('p', { class: 'lead', text: t('p.lookAtScreen') })));
    return;
  }
  const words = outcomeWords(r);
  const total = S.game.me?.players;
  fill(main, h('section', { class: `card center result ${words.tone}` },
    h('div', { class: 'seal', 'aria-hidden': 'true', text: words.icon }),
    h('h1', { text: words.title }),
    // A team's wager moves the team's score, not the player's: say whose points they are.
    r.teamPoints !== undefined && r.teamPoints !== null
      ? h('p', { class: `gain${r.teamPoints < 0 ? ' loss' : ''}`, text: t('p.teamPoints', { count: r.teamPoints, amount: signed(r.teamPoints) }) })
      : h('p', { class: `gain${r.points < 0 ? ' loss' : ''}`, text: t('p.points', { count: r.points, amount: signed(r.points) }) }),
    r.streakBonus ? h('p', { class: 'streak', text: t('p.streak', { bonus: formatScore(r.streakBonus), count: r.streak }) }) : null,
    rev?.correct && q && kind(q.kind).result ? kind(q.kind).result(rev, S.game.myAnswer, q, r)
      : rev && q && rev.correct?.kind !== 'none' ? h('p', { class: 'answer-was' }, ...tn('p.answerWas', { answer: h('strong', { text: correctText(rev.correct, q) }) })) : null,
    rev?.explanation ? h('p', { class: 'explain', text: rev.explanation }) : null,
    h('ul', { class: 'stats' },
      h('li', {}, h('span', { class: 'k', text: t('board.score') }), h('span', { class: 'v', text: formatScore(r.score) })),
      h('li', {}, h('span', { class: 'k', text: t('board.rank') }), h('span', { class: 'v', text: r.rank ? (total ? t('p.rankOf', { rank: ordinal(r.rank), count: total }) : ordinal(r.rank)) : '–' }))),
    hostNote()));
}
