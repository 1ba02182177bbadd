// The DOM builder: it only ever inserts text, never HTML.
import { tn, formatNumber } from './i18n.js';

/** Builds an element. Children are nodes or strings; strings become text nodes, never HTML. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'style') for (const [p, v] of Object.entries(value)) node.style.setProperty(p, v);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's content. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);

/** Sets the text of `selector`'s element, if it is on screen (a live count); a number as the language writes it. */
export function setText(selector, text) {
  const node = $(selector);
  if (node) node.textContent = typeof text === 'string' ? text : formatNumber(text ?? 0);
}

/**
 * A live count inside a sentence (`<strong id>` in "6 players in"): the whole sentence is set again
 * from `key`, so its words follow the number's plural ("1 joueur inscrit", "6 joueurs inscrits").
 */
export function countLine(id, key, count) {
  const node = document.getElementById(id);
  if (node?.parentElement) fill(node.parentElement, ...tn(key, { count, n: h('strong', { id, text: formatNumber(count) }) }));
}
