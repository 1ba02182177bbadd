// The buzzer round (docs/kinds-buzz.md): the phone's big button, the projector's
// floor holder, the console's queue and marks, all drawn from the store's `buzz` (the server's queue).
import { t, ordinal, formatNumber } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

const current = (game, q) => (game?.buzz?.question === q.sequence ? game.buzz : null);
const who = (r) => (r.team ? t('k.buzzWho', { name: r.nickname, team: r.team }) : r.nickname);
const ms = (v) => t('k.buzzMs', { n: `${v < 0 ? '−' : '+'}${formatNumber(Math.abs(v))}` });
const floorRow = (b) => b?.queue.find((r) => r.player === b.floor);

/** What the phone says of its own press (or its team's): [key, class, words]. A wrong mark says so at
 *  once, with its penalty; a press still waiting says its place in the line as it is now (the floor
 *  holder first), so after a wrong answer the next one reads "You're next", not their first place. */
function status(game, b) {
  const me = game?.seat?.player;
  const row = b?.queue.find((r) => r.player === me || (game.seat.team && r.team === game.seat.team));
  if (row?.right === false) return b.penalty ? ['p.buzzWrongPenalty', 'bad', { points: formatNumber(b.penalty) }] : ['p.buzzWrongOut', 'bad'];
  if (b?.lockedOut.includes(me)) return [b.falseStarts.includes(me) ? 'p.buzzFalseStart' : 'p.buzzLockedOut', 'bad'];
  if (row && b.floor === row.player) return [row.place === 1 ? 'p.buzzFirst' : 'p.buzzYourTurn', 'good'];
  if (row) {
    const waiting = b.queue.filter((r) => r.right == null && r.player !== b.floor && !b.lockedOut.includes(r.player));
    const place = (b.floor != null ? 1 : 0) + waiting.indexOf(row) + 1;
    return place === 2 && b.floor != null ? ['p.buzzNext', 'done'] : ['p.buzzPlace', 'done', { place: ordinal(Math.max(1, place)) }];
  }
  return b?.falseStarts.includes(me) ? ['p.buzzTooSoon', 'bad'] : null;
}

export default {
  name: 'buzz',
  /** The phone stays on the button and its place: a press is no answer to lock in. */
  ownScreen: true,
  // While reading too: a press before the buzzers open is a false start.
  phone: (q, ctx) => {
    const s = status(ctx.game, current(ctx.game, q));
    // The floor holder has pressed already: no big button over their answer, so Lock in stays on the first screen.
    const floor = s?.[1] === 'good';
    return [
      floor ? null : h('button', { type: 'button', id: 'buzz', class: 'btn primary buzz-button', text: t('p.buzz'),
        disabled: Boolean(s) || ctx.paused || ctx.game?.phase === 'closed', onclick: () => ctx.command('buzz', { question: q.sequence }) }),
      s ? h('p', { id: 'buzz-status', class: `buzz-status ${s[1]}`, role: 'status', text: t(s[0], s[2]) })
        : h('p', { id: 'buzz-status', class: 'hint', text: t(ctx.game?.phase === 'reading' ? 'p.buzzWait' : 'p.buzzNow') }),
      // With the floor, on a question with accepted answers: type it (marked as a text answer is) or say it.
      floor && ctx.game.buzz.typed ? typedForm(ctx, { label: t('p.buzzTypeIt'), attrs: { autocapitalize: 'none' }, inline: true,
        parse: (text) => ({ kind: 'text', text }) }) : null,
    ];
  },
  answerText: (a) => t(a.press?.right ? 'k.buzzRight' : a.press?.right === false ? 'k.buzzWrong' : 'k.buzzPressed'),
  /** "Your nights": the press's place and the host's mark. */
  nightAnswer: (a) => (a?.press ? t(a.press.right ? 'k.buzzNightRight' : a.press.right === false ? 'k.buzzNightWrong' : 'k.buzzNightUnmarked',
    { place: `${ordinal(a.press.place)}${a.press.tie ? ` (${t('k.buzzTie')})` : ''}` }) : ''),
  /** A press the floor never reached is no vote: it says so, neither right nor wrong. */
  outcomeWords: (r) => (r.outcome === 'counted' ? { title: t('p.buzzNoFloor'), tone: 'none', icon: '–' } : null),
  correctText: (c) => c.accepted?.[0] ?? '',
  hostKey: true,
  revealLine: true,
  screen: (q, game) => {
    const b = current(game, q), f = floorRow(b);
    return h('div', { class: 'buzz-stage', id: 'buzz-stage', 'aria-live': 'polite' },
      f ? h('p', { class: 'buzz-floor' }, h('span', { text: t('k.buzzFloor') }), h('strong', { text: who(f) }))
        : h('p', { class: 'meta', text: t(game?.phase === 'reading' ? 'k.buzzReady' : 'k.buzzOpen') }),
      b?.queue.length ? h('ul', { class: 'buzz-queue' }, b.queue.map((r) => h('li', { class: r.right === false ? 'wrong' : '',
        text: `${ordinal(r.place)} ${who(r)}${r.tie ? ` · ${t('k.buzzTie')}` : ''}` }))) : null);
  },
  /** The console's next step (Space): the floor's Right; with nobody on the floor, none (closing is no habit's). */
  hostPrimary: (game) => (game.buzz?.floor ? { label: t('k.buzzMarkRight'), type: 'mark_buzz', fields: { right: true }, shortcut: t('k.buzzRightShortcut') } : false),
  /** The console: open the buzzers, mark whoever has the floor, the queue with its corrected times. */
  hostPanel: (q, game, command) => {
    const b = current(game, q), f = floorRow(b);
    const tag = (key, hot) => h('span', { class: `tag${hot ? ' hot' : ''}`, text: t(key) });
    return h('section', { class: 'buzz-panel', 'aria-label': t('k.buzzQueue') },
      game.phase === 'reading' ? h('button', { type: 'button', class: 'btn primary', id: 'open-buzzers', text: t('k.buzzOpenNow'), onclick: () => command('open_buzzers') }) : null,
      f ? h('p', { class: 'lead', id: 'buzz-floor', text: t('k.buzzHasFloor', { name: who(f) }) }) : null,
      f ? h('p', { class: 'row' }, [true, false].map((right) => h('button', { type: 'button', class: `btn ${right ? 'primary' : 'danger'}`,
        id: right ? 'mark-right' : 'mark-wrong', text: t(right ? 'k.buzzMarkRight' : 'k.buzzMarkWrong'), onclick: () => command('mark_buzz', { right }) }))) : null,
      b?.queue.length ? h('ul', { class: 'buzz-queue', id: 'buzz-queue' }, b.queue.map((r) => h('li', { class: r.player === b.floor ? 'floor' : '' },
        h('strong', { text: `${ordinal(r.place)} ${who(r)} ` }), t('k.buzzTimes', { pressed: ms(r.pressedMs), arrived: ms(r.arrivedMs) }),
        r.tie ? tag('k.buzzTie') : null, r.right === undefined ? null : tag(r.right ? 'k.buzzRight' : 'k.buzzWrong', !r.right))))
        : h('p', { class: 'hint', id: 'buzz-queue', text: t('k.buzzNobody') }),
      b?.falseStarts.length ? h('p', { class: 'hint', text: t('k.buzzFalseStarts', { count: b.falseStarts.length }) }) : null);
  },
  /** The reveal says who won the buzz (the press marked right), or that nobody did. */
  bars: (q, reveal, game) => {
    const b = current(game, q), won = b?.queue.find((r) => r.right === true);
    return h('div', { class: 'buzz-stage', id: 'buzz-won' }, won
      ? h('p', { class: 'buzz-floor' }, h('span', { text: t('k.buzzWonBy') }), h('strong', { text: who(won) }))
      : h('p', { class: 'meta', text: t(b?.queue.length ? 'k.buzzNoneRight' : 'k.buzzNobodyPressed') }));
  },
  editor: {
    blank: () => ({ answer: [] }),
    fields: (q, base, ctx) => {
      const num = (key, label, max, hint) => ctx.field(`${base}.${key}`, t(label), ctx.input(q[key], (v) => { q[key] = v === '' ? undefined : Number(v); },
        { type: 'number', min: 0, max }), hint ? { hint: t(hint) } : {});
      return [
        ctx.field(`${base}.answer`, t('e.buzzAccepted'), h('textarea', { rows: 2, text: (q.answer ?? []).join('\n'),
          oninput: (e) => { q.answer = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }), { hint: t('e.buzzAcceptedHint') }),
        h('div', { class: 'settings-grid' }, num('penalty', 'e.buzzPenalty', 100000), num('tieWindowMs', 'e.buzzTieWindow', 1000, 'e.buzzTieWindowHint'),
          ctx.field(`${base}.openBuzzers`, t('e.buzzOpens'), h('select', { onchange: (e) => { q.openBuzzers = e.currentTarget.value === 'host' ? 'host' : undefined; } },
            h('option', { value: 'reading', text: t('e.buzzOpensReading') }), h('option', { value: 'host', text: t('e.buzzOpensHost'), selected: q.openBuzzers === 'host' }))),
          ctx.field(`${base}.falseStartLockout`, t('e.buzzLockout'), h('input', { type: 'checkbox', checked: q.falseStartLockout !== false,
            onchange: (e) => { q.falseStartLockout = e.currentTarget.checked ? undefined : false; } }))),
      ];
    },
  },
};
