// An order question: put 3 to 6 items in order. On the phone: tap, drag (pointer events: touch
// too) or move up/down; on the screens, the right order; in the editor, the items in that order.
import { t } from '../i18n.js';
import { h, fill } from '../dom.js';
import { marker, LETTERS } from '../options.js';
import { bars, screenOptions } from './shared.js';

/** The list is the order; its first `placed` rows are numbered. `onSend` gets each displayed position once. */
function orderPicker(options, isOpen, onSend, initial) {
  const n = options.length, seq = initial ?? options.map((_, i) => i);
  let placed = initial ? n : 0;
  const list = h('ol', { class: 'answers order-list', 'aria-label': t('p.orderLabel') });
  const status = h('p', { class: 'hint', 'aria-live': 'polite' });
  const send = h('button', { type: 'button', id: 'send-order', class: 'btn primary big', text: t('p.sendOrder'),
    onclick: () => placed === n && isOpen() && onSend([...seq]) });
  // A tap places the item next, or takes it back; a moved item is placed, and so is every one above it.
  const shift = (from, to, next) => {
    seq.splice(to, 0, ...seq.splice(from, 1));
    placed = Math.min(n, next);
    draw(seq[to]);
  };
  const move = (r, to) => shift(r, to, Math.max(r < placed ? placed : placed + 1, to + 1));
  const row = (i, r) => {
    const on = r < placed, off = !isOpen();
    const arrow = (d) => h('button', { type: 'button', class: 'move', 'aria-label': t(d < 0 ? 'p.orderUp' : 'p.orderDown', { item: options[i] }), text: d < 0 ? '▲' : '▼',
      disabled: off || seq[r + d] === undefined, onclick: () => isOpen() && seq[r + d] !== undefined && move(r, r + d) });
    const li = h('li', { class: 'order-row', 'data-item': i },
      h('button', { type: 'button', class: `answer opt-${i}`, 'aria-pressed': String(on), disabled: off,
        onclick: () => isOpen() && (on ? shift(r, placed - 1, placed - 1) : shift(r, placed, placed + 1)) },
        h('span', { class: 'place', 'aria-hidden': 'true', text: on ? r + 1 : '' }),
        h('span', { class: 'sr-only', text: `${on ? t('p.orderPlace', { n: r + 1 }) : t('p.orderNotPlaced')}: ${LETTERS[i]}: ` }), marker(i), h('span', { class: 'atext', text: options[i] })),
      h('span', { class: 'moves' }, arrow(-1), arrow(1)),
      h('span', { class: 'grip', 'aria-hidden': 'true', text: '⠿', onpointerdown: (start) => {
        if (off) return;
        start.preventDefault();
        const mids = [...list.children].map((x) => { const b = x.getBoundingClientRect(); return (b.top + b.bottom) / 2; });
        const follow = (e) => {
          if (e.pointerId !== start.pointerId) return;
          li.style.transform = `translateY(${e.clientY - start.clientY}px)`;
          if (e.type === 'pointermove') return;
          for (const type of events) removeEventListener(type, follow);
          const to = mids.filter((m, k) => k !== r && m < e.clientY).length;
          if (e.type === 'pointerup' && to !== r && isOpen()) move(r, to); else draw(i);
        };
        for (const type of events) addEventListener(type, follow);
      } }));
    return li;
  };
  // Focus stays on the moved item, so a keyboard user can move it on.
  function draw(item) {
    const focused = list.contains(document.activeElement);
    fill(list, seq.map(row));
    fill(status, t(placed === n ? 'p.orderPlacedAll' : 'p.orderPlaced', { n: placed, count: n }));
    send.disabled = placed !== n || !isOpen();
    send.dataset.ready = placed === n;
    if (focused) list.querySelector(`[data-item="${item}"] .answer`)?.focus();
  }
  draw();
  return [status, list, send];
}

const events = ['pointermove', 'pointerup', 'pointercancel'];

/** The right order, and at each place whether the player had it. */
const orderResult = (correct, mine, options) => h('ol', { class: 'order-result', 'aria-label': t('p.rightOrder') },
  correct.map((i, k) => h('li', { class: mine?.[k] === i ? 'right' : 'wrong' }, `${LETTERS[i]}: `, h('strong', { text: options[i] }),
    mine ? h('span', { class: 'hint', text: mine[k] === i ? t('p.orderYoursToo') : t('p.orderYouHad', { answer: `${LETTERS[mine[k]]}: ${options[mine[k]]}` }) }) : null)));

/** The right order as words: "1. B: Paris, 2. A: Rome". */
const orderWords = (order, options) => order.map((i, k) => `${k + 1}. ${LETTERS[i]}: ${options[i]}`).join(', ');

/** An order question's items, in the right order (players see them shuffled), each movable up and down. */
function itemFields(q, base, ctx) {
  const errs = ctx.problems.filter((p) => p.path === `${base}.items`);
  const id = `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-items`;
  const move = (o, to) => { const [item] = q.items.splice(o, 1); q.items.splice(to, 0, item); ctx.redraw(); ctx.main.querySelector(`[data-path="${base}.items[${to}]"]`)?.focus(); };
  return h('div', { class: `field${errs.length ? ' invalid' : ''}`, 'data-path': `${base}.items`, role: 'group', 'aria-labelledby': `${id}-label` },
    h('p', { class: 'label', id: `${id}-label`, text: t('e.itemsLabel') }),
    h('ol', { class: 'option-list' }, q.items.map((text, o) => {
      const path = `${base}.items[${o}]`;
      const control = h('input', { id: `${id}-${o}`, value: text, 'aria-label': t('e.itemN', { n: o + 1 }), autocomplete: 'off', maxlength: 200, 'data-path': path,
        oninput: (e) => { q.items[o] = e.currentTarget.value; } });
      return h('li', { class: 'option-row' }, h('span', { 'aria-hidden': 'true', text: `${o + 1}.` }), control,
        o > 0 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemUp', { n: o + 1 }), text: '↑', onclick: () => move(o, o - 1) }) : null,
        o < q.items.length - 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemDown', { n: o + 1 }), text: '↓', onclick: () => move(o, o + 1) }) : null,
        q.items.length > 3 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemRemove', { n: o + 1 }), text: '✕', onclick: () => { q.items.splice(o, 1); ctx.redraw(); } }) : null,
        ctx.errorFor(control, `${id}-${o}`, ctx.problems.filter((p) => p.path === path)));
    })),
    q.items.length < 6 ? h('button', { type: 'button', class: 'btn small', id: `${id}-add`, text: t('e.addItem'), onclick: () => { q.items.push(''); ctx.redraw(); } }) : null,
    errs.length ? h('p', { class: 'field-error', text: ctx.sentences(errs) }) : null);
}

export default {
  name: 'order',
  phone: (q, ctx) => orderPicker(q.options, ctx.answerable, (order) => ctx.send({ kind: 'order', order }), ctx.myAnswer?.order?.slice()),
  answerText: (a, q) => orderWords(a.order, q.options),
  correctText: (c, options) => orderWords(c.order, options),
  hostKey: true,
  /** The phone's result: the right order, and at each place whether the player had it. */
  result: (rev, mine, q) => orderResult(rev.correct.order, mine?.order, q.options),
  allRightKey: 'd.gotItAllRight',
  screen: screenOptions,
  // The items in the right order, each with how many put it in its place.
  bars: (q, reveal) => {
    const ids = reveal.correct?.order;
    return bars({ ids, labels: ids ? ids.map((i, k) => `${k + 1}. ${q.options[i]}`) : q.options,
      counts: ids ? ids.map((i) => reveal.optionCounts?.[i]) : reveal.optionCounts ?? [] });
  },
  editor: {
    blank: () => ({ items: ['', '', ''] }),
    credit: true,
    noAnswer: true,
    /** What was typed as options comes over as items (at least 3). */
    carry: (list) => ({ items: [...list, '', ''].slice(0, Math.max(3, list.length)) }),
    fields: itemFields,
  },
};
