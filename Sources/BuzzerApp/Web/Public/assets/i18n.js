// The pages' words: message catalogues in assets/LANG.PART.json (PART is `common` plus the page's
// own), one language fetched per page. `t('key', params)` looks a key up; numbers, plurals,
// ordinals, lists and dates come from the browser's Intl API. See docs/web-clients.md, Languages.

/** The languages with catalogues. Adding one: its files, and a line here. */
export const LANGUAGES = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands' };
/** The phone's own choice (localStorage), kept across reloads. */
export const LANG_KEY = 'buzzer.lang';

let lang = 'en';
let parts = ['common'];
let catalogue = {};
/** English, fetched only when the chosen catalogue lacks a key (the tests keep that from happening). */
let fallback = null;
let fallbackLoading = false;
const listeners = [];
/** Keys looked up and not found in the chosen catalogue: tests read it (`window.buzzerI18n`). */
const missing = new Set();
globalThis.buzzerI18n = { get lang() { return lang; }, missing };

export const language = () => lang;
/** Whether the chosen catalogue has `key` (a lookup that would not fall back). */
export const has = (key) => Object.hasOwn(catalogue, key);

export const isLanguage = (code) => typeof code === 'string' && Object.hasOwn(LANGUAGES, code);

/** The first of `candidates` (codes or BCP 47 tags such as `de-AT`) that has a catalogue, else English. */
export function pickLanguage(...candidates) {
  for (const tag of candidates.flat()) {
    const code = typeof tag === 'string' ? tag.toLowerCase().split('-')[0] : null;
    if (isLanguage(code)) return code;
  }
  return 'en';
}

/** `?lang=de` in the address, if it names a language. */
export const languageFromURL = () => {
  const code = new URLSearchParams(location.search).get('lang');
  return isLanguage(code) ? code : null;
};

export function storedLanguage(key = LANG_KEY) {
  try { const code = JSON.parse(localStorage.getItem(key) || 'null'); return isLanguage(code) ? code : null; } catch { return null; }
}

async function fetchCatalogue(code) {
  const files = await Promise.all(parts.map((part) => fetch(`/assets/${code}.${part}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
  return Object.assign({}, ...files);
}

/**
 * Loads `code`'s catalogue for the page's `pageParts` (besides `common`), sets `<html lang>` and
 * the static texts (`data-i18n`). Call once before the first render.
 */
export async function startI18n(code, pageParts = []) {
  parts = ['common', ...pageParts];
  await useLanguage(code);
}

/** Switches to `code`: fetches its catalogue, then redraws the static texts and tells the page. */
export async function useLanguage(code) {
  const next = isLanguage(code) ? code : 'en';
  const loaded = await fetchCatalogue(next);
  lang = next;
  catalogue = loaded;
  fallback = next === 'en' ? loaded : null;
  missing.clear();
  document.documentElement.lang = lang;
  // What the live regions last said was in the old language: a screen reader has said it already.
  for (const region of document.querySelectorAll('.sr-only[aria-live]')) region.textContent = '';
  translateStatic();
  for (const fn of listeners) fn(lang);
}

/** `fn(lang)` runs after each switch of language: the page redraws. */
export const onLanguage = (fn) => listeners.push(fn);

function lookup(key) {
  if (Object.hasOwn(catalogue, key)) return catalogue[key];
  missing.add(key);
  if (fallback && Object.hasOwn(fallback, key)) return fallback[key];
  if (!fallback && !fallbackLoading) {
    fallbackLoading = true;
    const forLang = lang;
    fetchCatalogue('en').then((en) => {
      fallbackLoading = false;
      if (lang !== forLang) return;
      fallback = en;
      translateStatic();
      for (const fn of listeners) fn(lang);
    });
  }
  return key;
}

/** A number as the language writes it (1,250 / 1.250 / 1 250). */
export const formatNumber = (n, options) => new Intl.NumberFormat(lang, options).format(Number(n) || 0);

/** A date (and time) as the language writes it. */
export const formatDate = (date, options = { dateStyle: 'medium', timeStyle: 'short' }) =>
  new Intl.DateTimeFormat(lang, options).format(date instanceof Date ? date : new Date(date));

/** "Ann, Bob and Cy" / "Ann, Bob und Cy" (Intl.ListFormat). */
export const formatList = (items) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items.map(String));

/** Picks a plural form: a catalogue value may be `{"one": "…", "other": "…"}` (Intl.PluralRules). */
function plural(value, count, type = 'cardinal') {
  if (typeof value !== 'object' || value === null) return value;
  const form = new Intl.PluralRules(lang, { type }).select(Number(count) || 0);
  return value[form] ?? value.other ?? '';
}

/** 1st / 1. / 1er / 1.º / 1e: the catalogue's `ordinal` forms, chosen by Intl.PluralRules({type:'ordinal'}). */
export function ordinal(n) {
  return fillIn(plural(lookup('ordinal'), n, 'ordinal'), { n: formatNumber(n) });
}

function fillIn(text, params) {
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => {
    if (!Object.hasOwn(params, name)) return whole;
    const v = params[name];
    return typeof v === 'number' ? formatNumber(v) : String(v ?? '');
  });
}

/**
 * The text of `key`, with `{name}` filled from `params` (numbers formatted for the language).
 * A plural entry is chosen by `params.count`.
 */
export function t(key, params = {}) {
  return fillIn(plural(lookup(key), params.count), params);
}

/**
 * Like `t`, as a list of strings and nodes: a param may be a DOM node (a `<strong>` inside the
 * sentence), which stays a node. Hand the result to `h()` or `fill()` as children.
 */
export function tn(key, params = {}) {
  const text = String(plural(lookup(key), params.count));
  const out = [];
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    out.push(text.slice(last, match.index));
    const v = Object.hasOwn(params, match[1]) ? params[match[1]] : match[0];
    out.push(typeof v === 'number' ? formatNumber(v) : v);
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== '');
}

/**
 * Static HTML: `data-i18n="key"` sets the text; `data-i18n-attr="aria-label:key; alt:key2"` sets
 * attributes. Runs on load and on every switch.
 */
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
 * A language select, named by its aria-label (axe 3.1 flags a visually hidden `<label>`): on change it stores the choice under `storeKey`,
 * switches, and `then(lang)` runs.
 */
export function languagePicker({ id = 'language', storeKey = LANG_KEY, then } = {}) {
  const select = document.createElement('select');
  select.id = id;
  select.className = 'lang-select';
  select.setAttribute('aria-label', t('lang.label'));
  select.dataset.i18nAttr = 'aria-label:lang.label';
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement('option');
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener('change', async () => {
    try { localStorage.setItem(storeKey, JSON.stringify(select.value)); } catch { /* private mode */ }
    await useLanguage(select.value);
    then?.(lang);
  });
  const box = document.createElement('span');
  box.className = 'lang-picker';
  box.append(select);
  onLanguage(() => { select.value = lang; });
  return box;
}
