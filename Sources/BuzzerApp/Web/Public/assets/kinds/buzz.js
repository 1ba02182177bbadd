// The buzzer round (docs/game-rules.md, "Buzz questions"): one big button on the phone, the floor
// holder big on the projector, the queue with each press's corrected time on the console, where the
// host marks the answer. Every screen draws from the store's `buzz` (the server's queue), so a
// reload or a second projector shows the same.
import { t, ordinal, formatNumber } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

/** This phone's row in the queue: its own press, or (team mode) its team's. */
const mine = (buzz, seat) => buzz?.queue.find((r) => r.player === seat?.player || (seat?.team && r.team === seat.team)) ?? null;

/** Who a row is, with the team in team mode. */
const who = (row) => (row.team ? t('k.buzzWho', { name: row.nickname, team: row.team }) : row.nickname);

/** "+212 ms", the corrected press time from the buzzers' opening. */
const ms = (value) => t('k.buzzMs', { n: `${value >= 0 ? '+' : '−'}${formatNumber(Math.abs(value))}` });

/** What the phone says about this player's press. */
function phoneStatus(game, q) {
  const buzz = game?.buzz?.question === q.sequence ? game.buzz : null;
  const me = game?.seat?.player;
  if (buzz?.lockedOut.includes(me)) return { key: buzz.falseStarts.includes(me) ? 'p.buzzFalseStart' : 'p.buzzLockedOut', cls: 'bad' };
  const row = mine(buzz, game?.seat);
  if (row && buzz.floor === row.player) return { key: row.place === 1 ? 'p.buzzFirst' : 'p.buzzYourTurn', cls: 'good' };
  if (row?.right === false) return { key: 'p.buzzLockedOut', cls: 'bad' };
  if (row) return { key: 'p.buzzPlace', words: { place: ordinal(row.place) }, cls: '', pressed: true };
  if (buzz?.falseStarts.includes(me)) return { key: 'p.buzzTooSoon', cls: 'bad' };
  return null;
}

/** The console's queue: place, who, corrected and arrival times, tie and mark, the floor holder first in bold. */
function queueList(buzz) {
  if (!buzz?.queue.length) return h('p', { class: 'hint', id: 'buzz-queue', text: t('k.buzzNobody') });
  return h('ul', { class: 'buzz-queue', id: 'buzz-queue', 'aria-label': t('k.buzzQueue') }, buzz.queue.map((r) => h('li', {
    class: `${r.player === buzz.floor ? 'floor' : ''}${r.right === false ? ' wrong' : ''}${r.right === true ? ' right' : ''}` },
    h('span', { class: 'place', text: ordinal(r.place) }), ' ', h('strong', { text: who(r) }), ' ',
    h('span', { class: 'hint', text: t('k.buzzTimes', { pressed: ms(r.pressedMs), arrived: ms(r.arrivedMs) }) }),
    r.tie ? h('span', { class: 'tag', text: t('k.buzzTie') }) : null,
    r.right === true ? h('span', { class: 'tag', text: t('k.buzzRight') }) : null,
    r.right === false ? h('span', { class: 'tag hot', text: t('k.buzzWrong') }) : null)));
}

export default {
  name: 'buzz',
  /** The phone stays on the button and its place: a press is no answer to lock in. */
  ownScreen: true,
  /** One big button: a press before the buzzers open is a false start, so it is there while reading too. */
  phone: (q, ctx) => {
    const status = phoneStatus(ctx.game, q);
    const closed = ctx.game?.phase === 'closed';
    const done = status && (status.cls === 'bad' || status.pressed || status.cls === 'good');
    return [
      h('button', { type: 'button', id: 'buzz', class: 'btn primary buzz-button', disabled: closed || Boolean(done) || Boolean(ctx.paused),
        text: t('p.buzz'), onclick: () => ctx.command('buzz', { question: q.sequence }) }),
      status ? h('p', { id: 'buzz-status', class: `buzz-status ${status.cls}`, role: 'status', text: t(status.key, status.words ?? {}) })
        : h('p', { id: 'buzz-status', class: 'hint', text: ctx.game?.phase === 'reading' ? t('p.buzzWait') : t('p.buzzNow') }),
      // With the floor, on a question with accepted answers: type it (marked as a text answer is), or say it out loud.
      status?.cls === 'good' && ctx.game?.buzz?.typed
        ? typedForm(ctx, { label: t('p.buzzTypeIt'), attrs: { autocapitalize: 'none', spellcheck: 'false' }, parse: (raw) => ({ kind: 'text', text: raw }) }) : null,
    ];
  },
  answerText: (a) => t(a.press?.right === true ? 'k.buzzRight' : a.press?.right === false ? 'k.buzzWrong' : 'k.buzzPressed'),
  correctText: (c) => c.accepted?.[0] ?? '',
  hostKey: true,
  revealLine: true,
  /** The projector: the floor holder big, else whether the buzzers are open, and the queue. */
  screen: (q, game) => {
    const buzz = game?.buzz?.question === q.sequence ? game.buzz : null;
    const floor = buzz?.queue.find((r) => r.player === buzz.floor);
    return h('div', { class: 'buzz-stage', id: 'buzz-stage', 'aria-live': 'polite' },
      floor ? h('p', { class: 'buzz-floor' }, h('span', { class: 'eyebrow', text: t('k.buzzFloor') }), h('strong', { text: who(floor) }))
        : h('p', { class: 'meta', text: t(game?.phase === 'reading' ? 'k.buzzReady' : 'k.buzzOpen') }),
      buzz?.queue.length ? h('ul', { class: 'buzz-queue' }, buzz.queue.map((r) => h('li', { class: r.right === false ? 'wrong' : '',
        text: `${ordinal(r.place)} ${who(r)}${r.tie ? ` · ${t('k.buzzTie')}` : ''}` }))) : null);
  },
  /** The console: open the buzzers, the queue with its times, and marking whoever has the floor. */
  hostPanel: (q, game, command) => {
    const buzz = game?.buzz?.question === q.sequence ? game.buzz : null;
    const floor = buzz?.queue.find((r) => r.player === buzz.floor);
    return h('section', { class: 'buzz-panel', id: 'buzz-panel', 'aria-label': t('k.buzzQueue') },
      game.phase === 'reading' ? h('button', { type: 'button', class: 'btn primary', id: 'open-buzzers', text: t('k.buzzOpenNow'), onclick: () => command('open_buzzers') }) : null,
      floor ? h('p', { class: 'lead', id: 'buzz-floor' }, t('k.buzzHasFloor', { name: who(floor) })) : null,
      floor ? h('div', { class: 'row' },
        h('button', { type: 'button', class: 'btn primary', id: 'mark-right', text: t('k.buzzMarkRight'), onclick: () => command('mark_buzz', { right: true }) }),
        h('button', { type: 'button', class: 'btn danger', id: 'mark-wrong', text: t('k.buzzMarkWrong'), onclick: () => command('mark_buzz', { right: false }) })) : null,
      queueList(buzz),
      buzz?.falseStarts.length ? h('p', { class: 'hint', text: t('k.buzzFalseStarts', { count: buzz.falseStarts.length }) }) : null);
  },
  bars: () => null,
  editor: {
    blank: () => ({ answer: [] }),
    fields: (q, base, ctx) => [
      ctx.field(`${base}.answer`, t('e.buzzAccepted'), h('textarea', { rows: 2, text: (q.answer ?? []).join('\n'),
        oninput: (e) => { q.answer = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }), { hint: t('e.buzzAcceptedHint') }),
      h('div', { class: 'settings-grid' },
        ctx.field(`${base}.penalty`, t('e.buzzPenalty'), ctx.input(q.penalty, (v) => { q.penalty = v === '' ? undefined : Number(v); }, { type: 'number', min: 0, max: 100000 })),
        ctx.field(`${base}.tieWindowMs`, t('e.buzzTieWindow'), ctx.input(q.tieWindowMs, (v) => { q.tieWindowMs = v === '' ? undefined : Number(v); }, { type: 'number', min: 0, max: 1000 }),
          { hint: t('e.buzzTieWindowHint') }),
        ctx.field(`${base}.openBuzzers`, t('e.buzzOpens'), h('select', { onchange: (e) => { q.openBuzzers = e.currentTarget.value === 'host' ? 'host' : undefined; } },
          h('option', { value: 'reading', text: t('e.buzzOpensReading'), selected: q.openBuzzers !== 'host' }),
          h('option', { value: 'host', text: t('e.buzzOpensHost'), selected: q.openBuzzers === 'host' }))),
        ctx.field(`${base}.falseStartLockout`, t('e.buzzLockout'), h('input', { type: 'checkbox', checked: q.falseStartLockout !== false,
          onchange: (e) => { q.falseStartLockout = e.currentTarget.checked ? undefined : false; } }))),
    ],
  },
};
