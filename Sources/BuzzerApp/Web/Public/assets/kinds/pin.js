// A pin question: a pin on the question's picture (docs/kinds-pin.md). On the
// phone: tap to place, drag to move, pinch or the zoom buttons to zoom, then Lock in; arrow keys
// move the pin and Enter locks it in. After the reveal the projector draws every pin over the
// picture with the target and names the closest; each phone shows its own pin, the target and how far.
import { t, formatNumber } from '../i18n.js';
import { h } from '../dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const MAX_ZOOM = 4;
/** What the server keeps of a coordinate: 1/10,000 of the picture. */
const round4 = (v) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
const pct = (v) => Math.round(v * 100);
/** A distance (a fraction of the picture's longer side) as the language writes a percentage: "3%", "3 %". */
const dist = (d) => formatNumber(d, { style: 'percent', maximumFractionDigits: 1 });

/** The picture's width and height as fractions of its longer side (the pack's `aspect`). */
const sides = (aspect) => { const a = aspect > 0 ? aspect : 1; return a >= 1 ? [1, 1 / a] : [a, 1]; };

/** A pin's distance from the target (`correct.pin`), in fractions of the picture's longer side; 0 inside an area. */
function distance(target, pin) {
  const [w, hh] = sides(target.aspect);
  const a = target.area, p = target.target;
  const dx = a ? Math.max(a.x - pin.x, 0, pin.x - (a.x + a.w)) : pin.x - p.x;
  const dy = a ? Math.max(a.y - pin.y, 0, pin.y - (a.y + a.h)) : pin.y - p.y;
  return Math.hypot(dx * w, dy * hh);
}

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node.setAttribute(k, String(v));
  return node;
}

/** The closest pins the projector numbers, as its list names them. */
const LABELLED = 5;
/** A label's font size in hundredths of the picture's longer side. */
const LABEL_SIZE = 4.5;
const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Each numbered label's box (picture pixels), closest first: beside its pin, else further out (`far`: drawn
 *  with a line to it), inside the picture, over no other label ever and over no pin where it can. */
function labelPlaces(numbered, dots, W, H, u, radius) {
  const placed = [];
  const size = u * LABEL_SIZE;
  const ways = [[1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1], [1, 1]];
  return numbered.map((pin) => {
    const w = size * (0.65 * String(pin.rank).length + 0.35), hh = size * 1.25;
    const cx = pin.x * W, cy = pin.y * H;
    let best = null;
    for (let ring = 0; ring < 12 && !best?.clear; ring += 1) {
      const gap = radius(pin) + u * 0.3 + ring * size * 0.9;
      for (const [dx, dy] of ways) {
        const box = { x: cx + dx * (gap + w / 2) - w / 2, y: cy + dy * (gap + hh / 2) - hh / 2, w, h: hh };
        box.x = Math.min(Math.max(box.x, 0), W - w);
        box.y = Math.min(Math.max(box.y, 0), H - hh);
        if (placed.some((other) => overlaps(box, other))) continue;
        const clear = !dots.some((dot) => overlaps(box, dot));
        if (!best || (clear && !best.clear)) best = { box, clear, far: ring > 0 };
        if (clear) break;
      }
    }
    best ??= { box: { x: Math.min(cx, W - w), y: Math.min(cy, H - hh), w, h: hh }, far: false };
    placed.push(best.box);
    return { pin, box: best.box, far: best.far };
  });
}

/**
 * The target and `pins` drawn over `img` (which fills its box with object-fit: contain, or is its
 * box): an SVG in the picture's own pixels, so it lines up at any size. `pins` are
 * `{x, y, rank?, mine?}`; the closest `LABELLED` get their place beside them, never over each other (`labelPlaces`).
 */
function board(img, target, pins) {
  const svg = svgNode('svg', { class: 'pin-board', 'aria-hidden': 'true', preserveAspectRatio: 'xMidYMid meet' });
  for (const [k, v] of Object.entries({ position: 'absolute', inset: '0', width: '100%', height: '100%', 'pointer-events': 'none' })) svg.style.setProperty(k, v);
  const draw = () => {
    const W = img.naturalWidth || 1000, H = img.naturalHeight || 1000, u = Math.max(W, H) / 100;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.replaceChildren();
    if (target) {
      const look = { fill: 'rgba(46, 204, 113, 0.25)', stroke: '#1e8449', 'stroke-width': u * 0.5 };
      const [w, hh] = sides(target.aspect);
      if (target.area) {
        const a = target.area;
        svg.append(svgNode('rect', { x: a.x * W, y: a.y * H, width: a.w * W, height: a.h * H, ...look, class: 'pin-target' }));
      } else {
        const p = target.target;
        if (target.radius) svg.append(svgNode('ellipse', { cx: p.x * W, cy: p.y * H, rx: (target.radius / w) * W, ry: (target.radius / hh) * H, ...look, class: 'pin-target' }));
        svg.append(svgNode('path', { d: `M${p.x * W - 2 * u} ${p.y * H}h${4 * u}M${p.x * W} ${p.y * H - 2 * u}v${4 * u}`, stroke: '#1e8449', 'stroke-width': u * 0.6, class: 'pin-target-mark' }));
      }
    }
    const r = (pin) => u * (pin.mine || (pin.rank && pin.rank <= LABELLED) ? 1.4 : 0.9);
    for (const pin of [...pins].reverse()) {
      svg.append(svgNode('circle', { cx: pin.x * W, cy: pin.y * H, r: r(pin), fill: pin.mine ? '#c0392b' : pin.rank === 1 ? '#f1c40f' : '#2e86c1',
        stroke: '#fff', 'stroke-width': u * 0.35, class: pin.mine ? 'pin-dot mine' : 'pin-dot' }));
    }
    const dots = pins.map((pin) => { const d = r(pin) + u * 0.2; return { x: pin.x * W - d, y: pin.y * H - d, w: 2 * d, h: 2 * d }; });
    for (const { pin, box, far } of labelPlaces(pins.filter((pin) => pin.rank && pin.rank <= LABELLED), dots, W, H, u, r)) {
      if (far) {
        // From the pin's edge to the label's nearest side.
        const cx = pin.x * W, cy = pin.y * H, ex = Math.max(box.x, Math.min(cx, box.x + box.w)), ey = Math.max(box.y, Math.min(cy, box.y + box.h));
        const d = Math.hypot(ex - cx, ey - cy) || 1, from = r(pin) / d;
        svg.append(svgNode('line', { x1: cx + (ex - cx) * from, y1: cy + (ey - cy) * from, x2: ex, y2: ey, stroke: '#fff', 'stroke-width': u * 0.45, class: 'pin-leader' }));
      }
      const label = svgNode('text', { x: box.x + box.w / 2, y: box.y + box.h / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': u * LABEL_SIZE,
        'font-weight': 700, fill: '#fff', stroke: '#000', 'stroke-width': u * 0.4, 'paint-order': 'stroke', class: 'pin-label' });
      label.textContent = String(pin.rank);
      svg.append(label);
    }
  };
  draw();
  if (!(img.complete && img.naturalWidth)) img.addEventListener('load', draw, { once: true });
  return svg;
}

/** The question's picture; a blank square board should one ever come without it (every pack check refuses that). */
function picture(q, style = {}) {
  const look = { display: 'block', width: '100%', height: 'auto', ...style };
  return q.media?.image ? h('img', { src: q.media.image, alt: q.media.alt || t('pin.picture'), draggable: 'false', style: look })
    : h('div', { role: 'img', 'aria-label': t('pin.picture'), style: { ...look, 'aspect-ratio': '1', background: '#5d6d7e' } });
}

/** The picture with the target and pins over it, in a box of its own (the phone's result, the editor). */
function figure(q, target, pins, attrs = {}) {
  const img = picture(q);
  return h('figure', { class: 'pin-figure', style: { position: 'relative', margin: '0.5rem auto', 'max-width': '100%' }, ...attrs }, img, board(img, target, pins));
}

/** The phone's input: the picture as large as the screen allows, a pin to place, move and lock in. */
function picker(q, ctx) {
  let pin = ctx.myAnswer?.pin ? { ...ctx.myAnswer.pin } : null;
  let zoom = 1, pan = { x: 0, y: 0 };
  const closed = ctx.game?.phase === 'closed';
  const img = picture(q, { 'user-select': 'none', 'pointer-events': 'none' });
  const marker = h('span', { class: 'pin-marker', 'aria-hidden': 'true', style: { position: 'absolute', width: '26px', height: '26px', 'border-radius': '50%',
    background: '#c0392b', border: '3px solid #fff', 'box-shadow': '0 0 0 2px #000', 'box-sizing': 'border-box', 'pointer-events': 'none' } });
  const layer = h('div', { class: 'pin-layer', style: { position: 'relative', 'transform-origin': '0 0' } }, img, marker);
  const status = h('p', { class: 'hint', id: 'pin-status', 'aria-live': 'polite', style: { margin: '0 0 0.4rem' } });
  const stage = h('div', { id: 'pin-stage', class: 'pin-stage', 'data-gives-way': true, role: 'group', tabindex: ctx.open ? '0' : '-1', 'aria-label': t('p.pinStage'),
    'aria-describedby': closed ? undefined : 'pin-status pin-help', style: { position: 'relative', overflow: 'hidden', 'touch-action': 'none', margin: '0 auto', width: '100%',
      'max-width': 'calc(min(60vh, var(--room, 60vh)) * var(--pin-aspect, 1))', 'border-radius': '0.6rem', outline: '2px solid currentColor', 'outline-offset': '2px' } }, layer);
  const lock = h('button', { type: 'button', id: 'lock-pin', class: 'btn primary big lock-in', style: { flex: '1 1 auto', margin: '0' }, text: t('p.lockIn'), onclick: () => send() });
  const zoomButton = (factor, label, text) => h('button', { type: 'button', class: 'btn small', 'aria-label': label, text, disabled: !ctx.open, onclick: () => zoomAt(zoom * factor) });
  const setAspect = () => { if (img.naturalWidth) stage.style.setProperty('--pin-aspect', String(img.naturalWidth / img.naturalHeight)); };
  img.addEventListener('load', setAspect);

  function draw() {
    const W = stage.clientWidth, H = stage.clientHeight;
    pan.x = Math.min(0, Math.max(W - W * zoom, pan.x));
    pan.y = Math.min(0, Math.max(H - H * zoom, pan.y));
    layer.style.transform = `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`;
    marker.hidden = !pin;
    if (pin) Object.assign(marker.style, { left: `${pin.x * 100}%`, top: `${pin.y * 100}%`, transform: `translate(-50%, -50%) scale(${1 / zoom})` });
    status.textContent = pin ? t('p.pinAt', { at: t('pin.at', { x: pct(pin.x), y: pct(pin.y) }) }) : t('p.pinTap');
    lock.disabled = !pin || !ctx.open;
    stage.dataset.zoom = String(Math.round(zoom * 100) / 100);
    if (pin) { stage.dataset.x = String(round4(pin.x)); stage.dataset.y = String(round4(pin.y)); }
  }
  /** Zooms to `to` keeping the pin (else the middle) where it is on the stage. */
  function zoomAt(to) {
    const next = Math.min(MAX_ZOOM, Math.max(1, to));
    const W = stage.clientWidth, H = stage.clientHeight;
    const px = pin ? pan.x + pin.x * W * zoom : W / 2, py = pin ? pan.y + pin.y * H * zoom : H / 2;
    pan.x = px - ((px - pan.x) / zoom) * next;
    pan.y = py - ((py - pan.y) / zoom) * next;
    zoom = next;
    draw();
  }
  /** A zoomed picture pans to keep a pin moved by the keyboard in sight. */
  function follow() {
    const W = stage.clientWidth, H = stage.clientHeight, x = pan.x + pin.x * W * zoom, y = pan.y + pin.y * H * zoom;
    if (x < 24 || x > W - 24) pan.x = W / 2 - pin.x * W * zoom;
    if (y < 24 || y > H - 24) pan.y = H / 2 - pin.y * H * zoom;
    draw();
  }
  const at = (e) => {
    const r = img.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)), y: Math.min(1, Math.max(0, (e.clientY - r.top) / r.height)) };
  };
  const place = (e) => { pin = at(e); draw(); };
  function send() {
    if (pin && ctx.answerable()) ctx.send({ kind: 'pin', pin: { x: round4(pin.x), y: round4(pin.y) } });
  }

  // One finger: a tap places the pin; a drag moves it (or pans a zoomed picture); two fingers pinch.
  const fingers = new Map();
  let gesture = null;
  const mid = () => { const [a, b] = [...fingers.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1 }; };
  stage.addEventListener('pointerdown', (e) => {
    if (!ctx.answerable()) return;
    e.preventDefault();
    stage.setPointerCapture?.(e.pointerId);
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.size === 2) {
      const m = mid(), box = stage.getBoundingClientRect();
      gesture = { kind: 'pinch', d: m.d, zoom, sx: m.x - box.left, sy: m.y - box.top, pan: { ...pan } };
      return;
    }
    const r = marker.getBoundingClientRect();
    const onPin = pin && Math.hypot(e.clientX - (r.left + r.width / 2), e.clientY - (r.top + r.height / 2)) < 28;
    gesture = { kind: onPin ? 'drag' : 'tap', x: e.clientX, y: e.clientY, pan: { ...pan } };
  });
  stage.addEventListener('pointermove', (e) => {
    if (!fingers.has(e.pointerId) || !gesture) return;
    fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture.kind === 'pinch' && fingers.size >= 2) {
      const m = mid(), box = stage.getBoundingClientRect();
      const next = Math.min(MAX_ZOOM, Math.max(1, gesture.zoom * (m.d / gesture.d)));
      // The picture point under the fingers' first middle stays under their middle now.
      pan.x = m.x - box.left - ((gesture.sx - gesture.pan.x) / gesture.zoom) * next;
      pan.y = m.y - box.top - ((gesture.sy - gesture.pan.y) / gesture.zoom) * next;
      zoom = next;
      draw();
      return;
    }
    if (gesture.kind === 'tap' && Math.hypot(e.clientX - gesture.x, e.clientY - gesture.y) > 8) gesture.kind = zoom > 1 ? 'pan' : 'drag';
    if (gesture.kind === 'drag') place(e);
    if (gesture.kind === 'pan') {
      pan = { x: gesture.pan.x + e.clientX - gesture.x, y: gesture.pan.y + e.clientY - gesture.y };
      draw();
    }
  });
  const lift = (e) => {
    if (!fingers.has(e.pointerId)) return;
    if (gesture?.kind === 'tap' && fingers.size === 1 && e.type === 'pointerup') place(e);
    fingers.delete(e.pointerId);
    // After a pinch the last finger lifts without placing anything.
    gesture = fingers.size ? { kind: 'after' } : null;
  };
  stage.addEventListener('pointerup', lift);
  stage.addEventListener('pointercancel', lift);
  stage.addEventListener('keydown', (e) => {
    if (!ctx.answerable()) return;
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      pin = pin ? { x: round4(pin.x + dx), y: round4(pin.y + dy) } : { x: 0.5, y: 0.5 };
      follow();
    } else if (e.key === 'Enter' || e.key === ' ') {
      send();
    } else if (e.key === '+' || e.key === '=') {
      zoomAt(zoom * 1.5);
    } else if (e.key === '-') {
      zoomAt(zoom / 1.5);
    } else return;
    e.preventDefault();
  });
  // Redrawn whenever the stage changes size (laid out, the picture loaded, the phone turned); it goes with the stage.
  new ResizeObserver(() => draw()).observe(stage);
  draw();
  // After the close a phone that comes back sees the picture (and its pin, if it put one), no instructions.
  if (closed) return [stage];
  // One short line above the picture; the full help waits under Lock in, so the picture and Lock in fit one screen.
  return [
    status,
    stage,
    h('div', { class: 'pin-tools', style: { display: 'flex', gap: '0.5rem', 'align-items': 'stretch', margin: '0.5rem 0' } },
      zoomButton(1 / 1.5, t('p.zoomOut'), '−'), zoomButton(1.5, t('p.zoomIn'), '+'), lock),
    h('details', { class: 'pin-more' }, h('summary', { text: t('p.pinHow') }), h('p', { class: 'hint', id: 'pin-help', text: t('p.pinHelp') })),
  ];
}

/** The projector's and the console's closest pins, numbered as on the picture; on the projector as large as
 *  the number reveal's list (kinds/number.js), the console 1.3 times its text. */
function closest(reveal) {
  const pins = reveal.pins ?? [];
  if (!pins.length) return h('p', { class: 'meta', text: t('pin.none') });
  const size = 'max(1.3em, calc(var(--fit, 0) * clamp(1.1rem, min(2.6vw, 4.6vh), 4.5rem)))';
  return h('ol', { class: 'pin-closest', 'aria-label': t('pin.closest'), style: { 'font-size': size, 'line-height': '1.35', margin: '0.3em 0', 'padding-left': '1.5em' } },
    pins.slice(0, LABELLED).map((p) => h('li', {}, h('strong', { text: p.nickname ?? '' }), ` · ${t('pin.away', { d: dist(p.distance) })}`)));
}

/** The pack's target in words: "41% across, 30% down, within 0.05", or the area's corners. */
function targetWords(c) {
  if (!c) return '';
  if (c.area) return t('pin.area', { from: t('pin.at', { x: pct(c.area.x), y: pct(c.area.y) }), to: t('pin.at', { x: pct(c.area.x + c.area.w), y: pct(c.area.y + c.area.h) }) });
  const at = t('pin.at', { x: pct(c.target.x), y: pct(c.target.y) });
  return c.radius && c.scoring !== 'closest' ? t('pin.within', { at, r: dist(c.radius) }) : at;
}

/** The editor: the target on the picture (a click puts it there), its shape and size, the scoring. */
function pinFields(q, base, ctx) {
  const image = q.media?.image;
  const num = (value, set, path, label) => ctx.field(path, label, ctx.input(value, (v) => { set(v === '' ? undefined : Number(v)); }, { type: 'number', min: 0, max: 1, step: 0.01 }));
  const isArea = !!q.area;
  const target = isArea ? { area: q.area, aspect: q.aspect } : { target: q.target ?? { x: 0.5, y: 0.5 }, radius: q.radius, aspect: q.aspect };
  let shown = null;
  if (image) {
    shown = figure(q, target, [], { id: `${base.replace(/[^a-zA-Z0-9]+/g, '-')}-pin-picture`, style: { position: 'relative', margin: '0.5rem 0', 'max-width': '28rem', cursor: 'crosshair' } });
    const img = shown.querySelector('img');
    img.addEventListener('load', () => {
      if (q.aspect === undefined && img.naturalWidth && img.naturalWidth !== img.naturalHeight) { q.aspect = Math.round((img.naturalWidth / img.naturalHeight) * 10000) / 10000; ctx.redraw(); }
    }, { once: true });
    shown.addEventListener('click', (e) => {
      const r = img.getBoundingClientRect();
      const x = round4((e.clientX - r.left) / r.width), y = round4((e.clientY - r.top) / r.height);
      if (q.area) q.area = { ...q.area, x: round4(Math.min(x, 1 - q.area.w)), y: round4(Math.min(y, 1 - q.area.h)) }; else q.target = { x, y };
      ctx.redraw();
    });
  }
  const errs = ctx.problems.filter((p) => [`${base}.target`, `${base}.area`].includes(p.path));
  return h('div', { class: 'pin-fields' },
    image ? h('p', { class: 'hint', text: t('e.pinClick') }) : h('p', { class: 'hint', id: `${base}-pin-need`, text: t('e.pinNeedsPicture') }),
    shown,
    errs.length ? h('p', { class: 'field-error', text: ctx.sentences(errs) }) : null,
    ctx.field(`${base}.shape`, t('e.pinShape'), h('select', { onchange: (e) => {
      if (e.currentTarget.value === 'area') { q.area = { x: 0.4, y: 0.4, w: 0.2, h: 0.2 }; delete q.target; delete q.radius; } else { q.target = { x: 0.5, y: 0.5 }; q.radius = 0.05; delete q.area; }
      ctx.redraw();
    } }, [['point', t('e.pinPoint')], ['area', t('e.pinArea')]].map(([v, label]) => h('option', { value: v, text: label, selected: (v === 'area') === isArea })))),
    h('div', { class: 'settings-grid' }, isArea
      ? [['x', t('e.pin.x')], ['y', t('e.pin.y')], ['w', t('e.pin.w')], ['h', t('e.pin.h')]].map(([k, label]) => num(q.area[k], (v) => { q.area[k] = v; }, `${base}.area.${k}`, label))
      : [num(target.target.x, (v) => { q.target = { ...target.target, x: v }; }, `${base}.target.x`, t('e.pin.x')),
        num(target.target.y, (v) => { q.target = { ...target.target, y: v }; }, `${base}.target.y`, t('e.pin.y')),
        num(q.radius, (v) => { q.radius = v; }, `${base}.radius`, t('e.pinRadius'))]),
    h('div', { class: 'settings-grid' },
      ctx.field(`${base}.scoring`, t('e.pinScoring'), h('select', { onchange: (e) => { q.scoring = e.currentTarget.value === 'radius' ? undefined : e.currentTarget.value; } },
        [['radius', t('e.pinScoringRadius')], ['closest', t('e.pinScoringClosest')]].map(([v, label]) => h('option', { value: v, text: label, selected: (q.scoring ?? 'radius') === v })))),
      ctx.field(`${base}.aspect`, t('e.pinAspect'), ctx.input(q.aspect, (v) => { q.aspect = v === '' ? undefined : Number(v); }, { type: 'number', min: 0.1, max: 10, step: 0.0001 }), { hint: t('e.pinAspectHint') })));
}

export default {
  name: 'pin',
  /** The kind draws the question's picture itself (the phone's picker), so the page does not. */
  ownsPicture: true,
  phone: picker,
  answerText: (a) => (a?.pin ? t('pin.at', { x: pct(a.pin.x), y: pct(a.pin.y) }) : ''),
  correctText: (c) => targetWords(c.pin),
  /** "Your nights": where the pin was and how far from the target. */
  nightAnswer: (a, q, right) => {
    if (!a?.pin) return '';
    const at = t('pin.at', { x: pct(a.pin.x), y: pct(a.pin.y) });
    return right?.pin ? t('pin.nightAnswer', { at, d: dist(distance(right.pin, a.pin)) }) : at;
  },
  hostKey: true,
  /** The phone's result: the picture with the target and the player's own pin, and how far it was. */
  result: (rev, mine, q) => {
    const target = rev.correct.pin, pin = mine?.pin;
    return h('div', { class: 'pin-result' },
      figure(q, target, pin ? [{ ...pin, mine: true }] : []),
      h('p', { class: 'lead', id: 'pin-distance', text: pin ? t('p.pinDistance', { d: dist(distance(target, pin)) }) : t('pin.noPin') }),
      (rev.pins ?? []).length ? h('p', { class: 'hint', text: t('p.pinClosest', { name: rev.pins[0].nickname, d: dist(rev.pins[0].distance) }) }) : null);
  },
  screen: () => h('p', { class: 'meta', text: t('d.pinOnPhone') }),
  bars: (q, reveal) => closest(reveal),
  /** Over the projector's picture after the reveal: the target and every pin, the closest numbered as the list names them. */
  overlay: (q, reveal, img) => (reveal?.correct?.pin ? board(img, reveal.correct.pin, (reveal.pins ?? []).map((p, i) => ({ ...p, rank: i + 1 }))) : null),
  editor: {
    blank: () => ({ target: { x: 0.5, y: 0.5 }, radius: 0.05 }),
    noAnswer: true,
    fields: pinFields,
  },
};
