// The console's question and reveal: the options, the right answer, the live count, who has not
// answered, and what was typed (text questions: accept another answer, or take one back).
import { $, h, fill, clock, runClock, marker, LETTERS, correctText, kind, distribution, serverNow, t, tn, roundSuffix, questionNotes, patchNotes } from '../common.js';
import { formatNumber } from '../i18n.js';
import { S, command } from './store.js';
import { clipPanel } from './clip.js';
import { hostPicture } from './picture.js';
import { stakesSection, renderStakes } from './stakes.js';

export function startClock() {
  runClock(S.countdown, S.game.phase, S.game.question);
}

export function questionHead(q) {
  const round = roundSuffix(q);
  return h('div', { class: 'qhead' },
    h('p', { class: 'eyebrow' }, t('q.header', { n: q.sequence + 1, total: q.questionCount }) + round, q.category ? h('span', { class: 'tag', text: q.category }) : null,
      q.wager ? h('span', { class: 'tag hot', text: t('h.wager') }) : null),
    S.game.phase === 'revealed' ? null : clock());
}

export function questionStage() {
  const q = S.game.question;
  const right = S.game.correct?.kind === 'options' ? S.game.correct.options : [];
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    questionNotes(S.game.notes),
    mechanicActions(),
    hostPicture(q),
    q.options?.length ? h('ul', { class: 'host-options', 'aria-label': t('h.options') },
      q.options.map((text, i) => h('li', { class: `opt-${i}${right.includes(i) ? ' right' : ''}` }, marker(i),
        h('span', {}, h('span', { class: 'sr-only', text: `${LETTERS[i]}: ` }), text, right.includes(i) ? h('span', { text: t('bars.correct') }) : null)))) : null,
    S.game.correct && kind(q.kind).hostKey ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: correctText(S.game.correct, q) }) })) : null,
    h('p', { class: 'livecount', 'aria-live': 'polite' },
      ...tn('h.answeredCount', { n: h('strong', { id: 'answered', text: t('h.nOfM', { n: S.game.answerCount ?? 0, m: S.game.connected ?? S.game.playerCount ?? 0 }) }) }),
      h('span', { class: 'hint', text: S.game.phase === 'reading' ? ` · ${t('h.openSoon')}` : S.game.phase === 'closed' ? ` · ${t('h.answersClosed')}` : '' })),
    stakesSection(),
    kind(q.kind).hostPanel?.(q, S.game, command),
    clipPanel(),
    h('section', { id: 'waiting', class: 'waiting', 'aria-label': t('h.notYet') }, ...waitingContent()),
  ];
}

/** The mechanics' buttons (show the next hint). */
function mechanicActions() {
  const actions = S.game.actions ?? [];
  return h('div', { id: 'mechanic-actions', class: 'controls', hidden: !actions.length }, actions.map((a) => h('button', {
    type: 'button', class: 'btn', disabled: a.used >= a.total, onclick: () => command(a.command),
    text: a.used >= a.total ? t(`act.${a.command}.none`, { total: a.total }) : t(`act.${a.command}`, { n: a.used + 1, total: a.total, cost: a.costPercent ?? 0 }) })));
}

/** A hint shown: notes and buttons redrawn in place. */
export function renderNotes() {
  patchNotes(S.game.notes);
  $('#mechanic-actions')?.replaceWith(mechanicActions());
}

/** Who has not answered yet: names (away ones marked), then per team, from the `waiting` message. */
export function waitingContent() {
  const w = S.game.waiting;
  if (!w || w.question !== S.game.question?.sequence || S.game.phase === 'reading') return [];
  const left = w.players.length + w.more;
  const groups = kind(S.game.question.kind).hostGroups?.(w, S.game.question, { command, redraw: renderWaiting }) ?? [];
  if (!left) return [h('p', { class: 'hint', text: t('h.everyone') }), ...groups];
  return [
    h('h2', { text: t('h.notYetCount', { count: left }) }),
    h('ul', { class: 'waiting-names' }, w.players.map((p) => h('li', { text: waitingName(p) })),
      w.more ? h('li', { text: t('h.andMore', { count: w.more }) }) : null),
    w.teams.length ? h('ul', { class: 'waiting-teams', 'aria-label': t('h.byTeam') },
      w.teams.map((team) => h('li', { text: t('h.teamWaiting', { name: team.name, n: team.waiting, count: team.members }) }))) : null,
    ...groups,
  ];
}

/**
 * A name still to answer: a phone that dropped during the question is "reconnecting…" until its
 * grace ends (the server still waits for it, `reconnectingUntil`), then "away"; the list redraws itself then.
 */
function waitingName(p) {
  if (p.status !== 'away') return p.nickname;
  const left = (p.reconnectingUntil ?? 0) - serverNow();
  if (left <= 0) return t('h.nameAway', { name: p.nickname });
  clearTimeout(S.graceTimer);
  S.graceTimer = setTimeout(renderWaiting, Math.min(left, 60_000) + 100);
  return t('h.nameReconnecting', { name: p.nickname });
}

export function renderWaiting() {
  const box = $('#waiting');
  if (box) fill(box, ...waitingContent());
  renderStakes();
}

export function revealStage() {
  const q = S.game.question, r = S.game.reveal;
  const typed = kind(q.kind).typedAnswers && S.game.typedAnswers.length ? h('section', { 'aria-labelledby': 'typed-title' },
    h('h2', { id: 'typed-title', text: t('h.typed') }),
    h('p', { class: 'hint', text: t('h.typedHint') }),
    h('ul', { class: 'typed-list' }, S.game.typedAnswers.map((a) => h('li', {},
      h('span', { class: 'ttext', text: a.text }),
      h('span', { class: 'hint', text: `×${formatNumber(a.count)}` }),
      a.accepted ? h('span', { class: 'ok-badge', text: t('h.accepted') })
        : h('button', { type: 'button', class: 'btn small', 'aria-label': t('h.acceptLabel', { text: a.text }), text: t('h.accept'), onclick: () => command('accept', { question: q.sequence, text: a.text }) }),
      // An answer the host accepted tonight can be taken back; the pack's own answers cannot.
      a.byHost ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.rejectLabel', { text: a.text }), text: t('h.reject'), onclick: () => command('reject', { question: q.sequence, text: a.text }) }) : null)))) : null;
  return [
    questionHead(q),
    h('h1', { id: 'stage-title', class: 'qtext', text: q.text }),
    hostPicture(q, r),
    r.correct?.kind !== 'none' ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: correctText(r.correct, q) }) })) : null,
    distribution(q, r, S.game),
    clipPanel(),
    // A question with no right answer (a poll) counts answers; it never says who was right.
    h('p', { class: 'lead', text: r.correct?.kind === 'none' ? t('h.answeredTotal', { count: r.answered }) : t('h.answeredRight', { n: r.rightCount, count: r.answered }) }),
    r.explanation ? h('p', { class: 'explain', text: r.explanation }) : null,
    typed,
  ];
}
