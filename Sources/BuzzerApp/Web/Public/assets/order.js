// Order questions on the phone: tap items in order (tap again to take one back), drag a grip
// (pointer events: touch too), or Move up/down. Positions are the displayed ones, as the server wants.
import { h, fill, marker, LETTERS } from './common.js';

/** The list is the order: its first `placed` rows are numbered. `onSend` gets every position once. */
export function orderPicker(options, isOpen, onSend) {
  const n = options.length;
  const seq = options.map((_, i) => i);
  let placed = 0;
  const list = h('ol', { class: 'answers order-list', 'aria-label': 'Items to put in order' });
  const status = h('p', { class: 'hint', 'aria-live': 'polite' });
  const send = h('button', { type: 'button', id: 'send-order', class: 'btn primary big', text: 'Send my order',
    onclick: () => placed === n && isOpen() && onSend([...seq]) });
  // A moved item is placed, and so is every item above it.
  const moveTo = (from, to) => {
    const was = from < placed, [item] = seq.splice(from, 1);
    seq.splice(to, 0, item);
    placed = Math.min(n, Math.max(was ? placed : placed + 1, to + 1));
    draw(item);
  };
  // A tap places the item next, or takes it back (to the top of the unplaced ones).
  const tap = (r) => {
    const [item] = seq.splice(r, 1), back = r < placed;
    placed += back ? -1 : 1;
    seq.splice(back ? placed : placed - 1, 0, item);
    draw(item);
  };
  const row = (i, r) => {
    const open = isOpen(), on = r < placed;
    const grip = h('span', { class: 'grip', 'aria-hidden': 'true', text: '⠿', onpointerdown: (e) => drag(e, li, r) });
    const move = (d, word) => h('button', { type: 'button', class: 'move', 'aria-label': `Move ${options[i]} ${word}`, text: d < 0 ? '▲' : '▼',
      disabled: !open || seq[r + d] === undefined, onclick: () => isOpen() && moveTo(r, r + d) });
    const li = h('li', { class: 'order-row', 'data-item': i },
      h('button', { type: 'button', class: `answer opt-${i}`, 'aria-pressed': String(on), disabled: !open, onclick: () => isOpen() && tap(r) },
        h('span', { class: 'place', 'aria-hidden': 'true', text: on ? r + 1 : '' }),
        h('span', { class: 'sr-only', text: `${on ? `Place ${r + 1}` : 'Not placed'}: ${LETTERS[i]}: ` }), marker(i), h('span', { class: 'atext', text: options[i] })),
      h('span', { class: 'moves' }, move(-1, 'up'), move(1, 'down')), grip);
    return li;
  };
  // The row lands where it is let go, counted against the other rows' midpoints.
  function drag(start, li, from) {
    if (!isOpen()) return;
    start.preventDefault();
    const rows = [...list.children];
    const mids = rows.map((x) => { const b = x.getBoundingClientRect(); return (b.top + b.bottom) / 2; });
    let to = from;
    li.classList.add('dragging');
    const move = (e) => {
      if (e.pointerId !== start.pointerId) return;
      to = mids.filter((m, k) => k !== from && m < e.clientY).length;
      li.style.transform = `translateY(${e.clientY - start.clientY}px)`;
      rows.forEach((x, k) => x.classList.toggle('drop', k === to && to !== from));
    };
    const end = (e) => {
      if (e.pointerId !== start.pointerId) return;
      for (const t of ['pointermove', 'pointerup', 'pointercancel']) removeEventListener(t, t === 'pointermove' ? move : end);
      if (e.type === 'pointerup' && to !== from && isOpen()) moveTo(from, to); else draw(seq[from]);
    };
    addEventListener('pointermove', move);
    addEventListener('pointerup', end);
    addEventListener('pointercancel', end);
  }
  // Focus stays on the item that moved, so a keyboard user can go on moving it.
  function draw(item) {
    const focused = list.contains(document.activeElement);
    fill(list, seq.map(row));
    fill(status, placed === n ? 'All placed: send it, or tap one to change it.' : `${placed} of ${n} placed: tap them in order, first one first.`);
    send.disabled = placed !== n || !isOpen();
    send.dataset.ready = placed === n;
    if (focused) list.querySelector(`[data-item="${item}"] .answer`)?.focus();
  }
  draw();
  return [status, list, send];
}

/** "1. C: Venus, 2. A: Mercury…" */
export const orderText = (order, options) => order.map((i, k) => `${k + 1}. ${LETTERS[i]}: ${options[i]}`).join(', ');

/** The reveal on a phone: the right order, and at each place whether the player had it. */
export function orderResult(correct, mine, options) {
  return h('ol', { class: 'order-result', 'aria-label': 'The right order' }, correct.map((i, k) => {
    const y = mine?.[k];
    return h('li', { class: y === i ? 'right' : 'wrong' }, `${LETTERS[i]}: `, h('strong', { text: options[i] }),
      y === undefined ? null : h('span', { class: 'yours', text: y === i ? '✓ yours too' : `✗ you had ${LETTERS[y]}: ${options[y]}` }));
  }));
}
