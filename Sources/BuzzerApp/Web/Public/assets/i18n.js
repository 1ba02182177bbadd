// The pages' words: catalogues assets/LANG.PART.json (`common` and the page's own), one language
// fetched per page. `t('key', params)` looks a key up; numbers, plurals, ordinals and lists come
// from Intl. How to add a key or a language: docs/web-languages.md.

/** The languages with catalogues. A new one: its files, and a line here. */
export const LANGUAGES = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands' };
/** The person's own choice (the picker), kept across reloads. */
export const LANG_KEY = 'buzzer.lang';
/** The big screen's language, set on the console; screens on that browser follow it. */
export const DISPLAY_LANG_KEY = 'buzzer.displayLang';

/** The language in use, the catalogue parts this page loads, the catalogue, English (fetched
 *  only when the chosen catalogue lacks a key: test_i18n keeps that from happening), and the
 *  parts added later, by name (`addCatalogue`). */
const state = { lang: 'en', parts: ['common'], catalogue: {}, fallback: null, fetchingFallback: false, adding: {} };
const listeners = [];
/** Keys not found in the chosen catalogue, for the tests. */
const missing = new Set();
globalThis.buzzerI18n = { get lang() { return state.lang; }, missing };

export const language = () => state.lang;
export const has = (key) => Object.hasOwn(state.catalogue, key);
export const isLanguage = (code) => typeof code === 'string' && Object.hasOwn(LANGUAGES, code);

/** The first of `candidates` (codes, or tags such as `de-AT`) with a catalogue, else English. */
export function pickLanguage(...candidates) {
  for (const tag of candidates.flat()) {
    const code = typeof tag === 'string' ? tag.toLowerCase().split('-')[0] : null;
    if (isLanguage(code)) return code;
  }
  return 'en';
}

/** `?lang=de` in the address. */
export const languageFromURL = () => {
  const code = new URLSearchParams(location.search).get('lang');
  return isLanguage(code) ? code : null;
};

export function storedLanguage(key = LANG_KEY) {
  try { const code = JSON.parse(localStorage.getItem(key)); return isLanguage(code) ? code : null; } catch { return null; }
}

/** Where a part's words are: `common` in /assets/en.common.json, a kind's (`kinds/pin`) in /assets/kinds/en.pin.json. */
function catalogueURL(code, part) {
  const at = part.lastIndexOf('/') + 1;
  return `/assets/${part.slice(0, at)}${code}.${part.slice(at)}.json`;
}

async function fetchCatalogue(code) {
  const files = await Promise.all(state.parts.map((part) => fetch(catalogueURL(code, part)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
  return Object.assign({}, ...files);
}

/** Loads `code` for `common` and `pageParts`. Call once, before the first render. */
export async function startI18n(code, pageParts = []) {
  state.parts = ['common', ...pageParts];
  await useLanguage(code);
}

/** Loads one more catalogue part for the language in use: a module fetched when first needed
 *  (corrections.js, a question kind) brings its words with it. A later switch of language loads it too. */
export function addCatalogue(part) {
  state.adding[part] ??= (async () => {
    state.parts.push(part);
    const lang = state.lang;
    const words = await fetch(catalogueURL(lang, part)).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    if (state.lang === lang) Object.assign(state.catalogue, words);
  })();
  return state.adding[part];
}

/** Switches to `code`: `<html lang>`, the static texts, then the page redraws (`onLanguage`). */
export async function useLanguage(code) {
  const next = isLanguage(code) ? code : 'en';
  const loaded = await fetchCatalogue(next);
  state.lang = next;
  state.catalogue = loaded;
  state.fallback = next === 'en' ? loaded : null;
  missing.clear();
  document.documentElement.lang = state.lang;
  // The live regions' last words were in the old language, and have been said.
  for (const region of document.querySelectorAll('.sr-only[aria-live]')) region.textContent = '';
  changed();
}

function changed() {
  translateStatic();
  for (const fn of listeners) fn(state.lang);
}

export const onLanguage = (fn) => listeners.push(fn);

function lookup(key) {
  if (has(key)) return state.catalogue[key];
  missing.add(key);
  if (state.fallback) return state.fallback[key] ?? key;
  if (!state.fetchingFallback) {
    state.fetchingFallback = true;
    const wanted = state.lang;
    fetchCatalogue('en').then((en) => {
      state.fetchingFallback = false;
      if (state.lang === wanted) { state.fallback = en; changed(); }
    });
  }
  return key;
}

export const formatNumber = (n, options) => new Intl.NumberFormat(state.lang, options).format(Number(n) || 0);
/** A number as a person types it in the page's language; NaN when it is none. Spaces and both of
 *  "." and "," may group digits: with both, the last is the decimal point; a lone one before exactly
 *  three digits groups unless it is the language's decimal point ("1.824" is 1824 in German, 1.824
 *  in English; "1,824" the other way round); any other lone one is the decimal point ("3,5", "3.5"). */
export function parseNumber(raw) {
  const decimal = new Intl.NumberFormat(state.lang).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  let s = String(raw ?? '').replace(/[\s\u00a0\u202f'’]/g, '').replace(/^[−–]/, '-');
  const marks = s.match(/[.,]/g) ?? [];
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  let point = -1;
  if (new Set(marks).size === 2) point = last;
  else if (marks.length === 1) point = s.length - last - 1 === 3 && s[last] !== decimal ? -1 : last;
  s = [...s].map((c, i) => (c === '.' || c === ',' ? (i === point ? '.' : '') : c)).join('');
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : NaN;
}
export const formatDate = (date, options = { dateStyle: 'medium', timeStyle: 'short' }) => new Intl.DateTimeFormat(state.lang, options).format(new Date(date));
/** "Ann, Bob and Cy" / "Ann, Bob und Cy". */
export const formatList = (items) => new Intl.ListFormat(state.lang, { type: 'conjunction' }).format(items.map(String));

/** A value `{"one": …, "other": …}` is a plural: Intl.PluralRules picks the form. */
function plural(value, count, type = 'cardinal') {
  if (typeof value !== 'object' || value === null) return value;
  return value[new Intl.PluralRules(state.lang, { type }).select(Number(count) || 0)] ?? value.other;
}

/** 1st / 1. / 1er / 1º / 1e: the catalogue's `ordinal` forms, picked by PluralRules({type: 'ordinal'}). */
export const ordinal = (n) => t('ordinal', { n, count: n }, 'ordinal');

/** The parts of `key`'s text, `{name}` replaced by `params.name` (a number formatted, a node kept). */
function pieces(key, params, type) {
  const text = String(plural(lookup(key), params.count, type));
  return text.split(/\{(\w+)\}/).map((part, i) => {
    if (i % 2 === 0) return part;
    const v = Object.hasOwn(params, part) ? params[part] : `{${part}}`;
    return typeof v === 'number' ? formatNumber(v) : v ?? '';
  }).filter((part) => part !== '');
}

/** `key`'s text in the page's language; a plural is chosen by `params.count`. */
export const t = (key, params = {}, type) => pieces(key, params, type).join('');

/** Like `t`, as strings and nodes, for `h()`/`fill()`: a param may be a node (a `<strong>` in the sentence). */
export const tn = (key, params = {}) => pieces(key, params);

/** Static HTML: `data-i18n="key"` sets the text, `data-i18n-attr="aria-label:key; alt:key2"` attributes. */
export function translateStatic(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

/**
 * The language select for the top bar, named by aria-label (axe 3.1 flags a visually hidden
 * `<label>`): a choice is stored under `storeKey` and applied at once.
 */
export function languagePicker({ id = 'language', storeKey = LANG_KEY } = {}) {
  const select = document.createElement('select');
  Object.assign(select, { id, className: 'lang-select' });
  select.dataset.i18nAttr = 'aria-label:lang.label';
  select.setAttribute('aria-label', t('lang.label'));
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(Object.assign(new Option(name, code, false, code === state.lang), { lang: code }));
  select.addEventListener('change', () => {
    try { localStorage.setItem(storeKey, JSON.stringify(select.value)); } catch { /* private mode */ }
    useLanguage(select.value);
  });
  onLanguage(() => { select.value = state.lang; });
  return select;
}
