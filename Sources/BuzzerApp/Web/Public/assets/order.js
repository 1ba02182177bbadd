// Order questions on the phone: tap, drag (pointer events: touch too) or move up/down.
import { h, fill, marker, LETTERS } from './common.js';

/** The list is the order; its first `placed` rows are numbered. `onSend` gets each displayed position once. */
export function orderPicker(options, isOpen, onSend, initial) {
  const n = options.length, seq = initial ?? options.map((_, i) => i);
  let placed = initial ? n : 0;
  const list = h('ol', { class: 'answers order-list', 'aria-label': 'Items to put in order' });
  const status = h('p', { class: 'hint', 'aria-live': 'polite' });
  const send = h('button', { type: 'button', id: 'send-order', class: 'btn primary big', text: 'Send my order',
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
    const arrow = (d, word) => h('button', { type: 'button', class: 'move', 'aria-label': `Move ${options[i]} ${word}`, text: d < 0 ? '▲' : '▼',
      disabled: off || seq[r + d] === undefined, onclick: () => isOpen() && seq[r + d] !== undefined && move(r, r + d) });
    const li = h('li', { class: 'order-row', 'data-item': i },
      h('button', { type: 'button', class: `answer opt-${i}`, 'aria-pressed': String(on), disabled: off,
        onclick: () => isOpen() && (on ? shift(r, placed - 1, placed - 1) : shift(r, placed, placed + 1)) },
        h('span', { class: 'place', 'aria-hidden': 'true', text: on ? r + 1 : '' }),
        h('span', { class: 'sr-only', text: `${on ? `Place ${r + 1}` : 'Not placed'}: ${LETTERS[i]}: ` }), marker(i), h('span', { class: 'atext', text: options[i] })),
      h('span', { class: 'moves' }, arrow(-1, 'up'), arrow(1, 'down')),
      h('span', { class: 'grip', 'aria-hidden': 'true', text: '⠿', onpointerdown: (start) => {
        if (off) return;
        start.preventDefault();
        const mids = [...list.children].map((x) => { const b = x.getBoundingClientRect(); return (b.top + b.bottom) / 2; });
        const follow = (e) => {
          if (e.pointerId !== start.pointerId) return;
          li.style.transform = `translateY(${e.clientY - start.clientY}px)`;
          if (e.type === 'pointermove') return;
          for (const t of events) removeEventListener(t, follow);
          const to = mids.filter((m, k) => k !== r && m < e.clientY).length;
          if (e.type === 'pointerup' && to !== r && isOpen()) move(r, to); else draw(i);
        };
        for (const t of events) addEventListener(t, follow);
      } }));
    return li;
  };
  // Focus stays on the moved item, so a keyboard user can move it on.
  function draw(item) {
    const focused = list.contains(document.activeElement);
    fill(list, seq.map(row));
    fill(status, `${placed} of ${n} placed${placed === n ? ': send, or tap one to change it.' : ': tap them in order.'}`);
    send.disabled = placed !== n || !isOpen();
    send.dataset.ready = placed === n;
    if (focused) list.querySelector(`[data-item="${item}"] .answer`)?.focus();
  }
  draw();
  return [status, list, send];
}

const events = ['pointermove', 'pointerup', 'pointercancel'];

/** The right order, and at each place whether the player had it. */
export const orderResult = (correct, mine, options) => h('ol', { class: 'order-result', 'aria-label': 'The right order' },
  correct.map((i, k) => h('li', { class: mine?.[k] === i ? 'right' : 'wrong' }, `${LETTERS[i]}: `, h('strong', { text: options[i] }),
    mine ? h('span', { class: 'hint', text: mine[k] === i ? ' ✓ yours too' : ` ✗ you had ${LETTERS[mine[k]]}: ${options[mine[k]]}` }) : null)));
