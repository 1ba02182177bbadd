// The league on the big screen (`/league/ID?screen=projector`, docs/league.md): the league's name as
// the page's headline, lined up with the table; a QR code of the league page over a quarter of the
// screen's height; the tables as large as the screen allows. A period whose tables are the same as an
// earlier period's (after one night, every period is tonight's) is shown once; a period's teams and
// players share one page when they fit; pages exist only for what does not fit, and turn only then.
import { $, fill, h, t } from '../common.js';

/** The table's type, in % of the screen's height: the largest first, down to the smallest still read from the back. */
const SIZES = [3.6, 3.3, 3, 2.8, 2.6];

/** The periods worth a page: each one's rows differ from every earlier period's. */
function distinctPeriods(tables) {
  const seen = new Set();
  return tables.filter((p) => {
    const key = JSON.stringify(['teams', 'players'].map((k) => p[k].map((r) => [r.key, r.rank, r.points, r.games, r.wins])));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Draws one page into `main`. `ctx`: the league `doc`, its `id`, `table(period, kind, rows, caption)`
 * and `caption(period, kind)` from league.js, and the `scoring` line. `slide`: the period `t`, its
 * `parts` ({kind, rows}), `mode` (one, two side by side, stack) and `size` (vh).
 */
export function drawSlide(main, ctx, slide, i = 0, n = 1) {
  const { doc, id } = ctx;
  const quiet = slide.t.period === 'tonight' || slide.t.period === 'week';  // no trend to show
  fill(main, h('div', { class: 'league-screen' },
    h('h1', { class: 'league-headline', text: doc.standings.name }),
    h('figure', { class: 'league-qr' },
      h('img', { src: `/api/leagues/${encodeURIComponent(id)}/qr.svg`, alt: t('l.scan'), id: 'league-qr' }),
      h('figcaption', { 'aria-hidden': 'true', text: t('l.scan') })),
    h('div', { class: `league-tables ${slide.mode}${quiet ? ' no-trend' : ''}`, style: { '--rows': `${slide.size}vh` } },
      slide.parts.map((p) => ctx.table(slide.t, p.kind, p.rows, ctx.caption(slide.t.period, p.kind)))),
    h('p', { class: 'league-page-note', text: n > 1 ? `${ctx.scoring} · ${t('l.page', { i: i + 1, n })}` : ctx.scoring })));
}

/** Whether the page drawn last fits: the tables inside their box, nothing scrolling. */
function fits() {
  const box = $('.league-tables');
  const root = document.documentElement;
  return box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1
    && root.scrollHeight <= window.innerHeight + 1 && root.scrollWidth <= window.innerWidth + 1;
}

/** The first of `candidates` that fits this screen (drawn to be measured), or null. */
function firstFitting(main, ctx, candidates) {
  for (const slide of candidates) {
    drawSlide(main, ctx, slide, 0, 2);
    if (fits()) return slide;
  }
  return null;
}

/** One kind's rows cut into as few pages as fit at the largest type, their rows shared out evenly. */
function pagesOf(main, ctx, period, kind) {
  const rows = period[kind];
  const slide = (some) => ({ t: period, parts: [{ kind, rows: some }], mode: 'one', size: SIZES[0] });
  let per = rows.length;
  drawSlide(main, ctx, slide(rows), 0, 2);
  if (!fits()) {
    const box = $('.league-tables');
    const row = $('.league-table tbody tr')?.getBoundingClientRect().height || 1;
    per = Math.max(1, rows.length - Math.ceil((box.scrollHeight - box.clientHeight) / row));
    while (per > 1) {
      drawSlide(main, ctx, slide(rows.slice(0, per)), 0, 2);
      if (fits()) break;
      per -= 1;
    }
  }
  const pages = Math.ceil(rows.length / per);
  const even = Math.ceil(rows.length / pages);
  return Array.from({ length: pages }, (_, p) => slide(rows.slice(p * even, (p + 1) * even)));
}

/** The pages for this screen: measured by drawing them, so call it again after a resize or a new language. */
export function layOut(main, ctx) {
  const slides = [];
  for (const period of distinctPeriods(ctx.doc.standings.tables)) {
    const kinds = ['teams', 'players'].filter((k) => period[k].length);
    const parts = kinds.map((kind) => ({ kind, rows: period[kind] }));
    const together = parts.length > 1
      && firstFitting(main, ctx, SIZES.flatMap((size) => ['two', 'stack'].map((mode) => ({ t: period, parts, mode, size }))));
    if (together) { slides.push(together); continue; }
    for (const part of parts) {
      const whole = firstFitting(main, ctx, SIZES.map((size) => ({ t: period, parts: [part], mode: 'one', size })));
      slides.push(...(whole ? [whole] : pagesOf(main, ctx, period, part.kind)));
    }
  }
  return slides;
}
