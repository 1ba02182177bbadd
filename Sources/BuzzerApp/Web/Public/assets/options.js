// Answer options (shape and letter), scores as numbers, a question's round and server errors in the page's words.
import { t, has, language, formatNumber } from './i18n.js';
import { h } from './dom.js';

export const LETTERS = 'ABCDEFGH';
const SHAPES = [
  'M12 3 L22 21 L2 21 Z', // triangle
  'M12 2 L22 12 L12 22 L2 12 Z', // diamond
  'M12 2 A10 10 0 1 1 11.99 2 Z', // circle
  'M3 3 H21 V21 H3 Z', // square
  'M12 2 L14.9 8.6 L22 9.3 L16.6 14 L18.2 21 L12 17.3 L5.8 21 L7.4 14 L2 9.3 L9.1 8.6 Z', // star
  'M7 3 H17 L22 12 L17 21 H7 L2 12 Z', // hexagon
  'M12 2 L22 10 L18 22 H6 L2 10 Z', // pentagon
  'M9 2 H15 V9 H22 V15 H15 V22 H9 V15 H2 V9 H9 Z', // cross
];

/** The decorative shape for option `i` (its letter and text carry the meaning). */
export function shape(i) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('class', 'shape');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', SHAPES[i % SHAPES.length]);
  svg.append(path);
  return svg;
}

/** The option marker: shape plus letter, e.g. ▲A. */
export function marker(i) {
  return h('span', { class: 'marker', 'aria-hidden': 'true' }, shape(i), h('span', { class: 'letter', text: LETTERS[i] }));
}

/** 1,250 and −500 (in the page's language): a true minus sign, so a loss never reads as a dash. */
export const formatScore = (n) => formatNumber(n).replace(/^-/, '−');

/**
 * Codes whose server sentence says more than the catalogue can (why the clock cannot change, which
 * teams are listed, how long to wait): in English the page shows the server's own sentence.
 */
const DETAILED = new Set(['cannot_change_clock', 'invalid_tiebreak', 'team_not_listed', 'rate_limited', 'invalid_settings', 'invalid_pack']);

/**
 * A server error in the page's words: `err.CODE` of the catalogue (`params` fill it: `{code}` is
 * the room code the page asked for). A code the catalogue does not know (a newer server) keeps the
 * server's sentence.
 */
export function errorText(m, params = {}) {
  const key = `err.${m?.code}`;
  if (!has(key) || (language() === 'en' && DETAILED.has(m?.code) && m?.message)) return m?.message ?? m?.code ?? '';
  return t(key, { code: '', ...params });
}


/** " · Warm‑up" after a question's "Question 3 of 20", when the pack has rounds (nothing otherwise). A
 *  hyphen inside a word does not break the line ("Warm-" / "up" on a 360 px phone): it becomes U+2011. */
export function roundSuffix(q) {
  if (!(q.roundCount > 1)) return '';
  const title = q.roundTitle ? q.roundTitle.replace(/(\p{L})-(?=\p{L})/gu, '$1\u2011') : t('q.round', { n: q.round + 1 });
  return ` · ${title}`;
}
