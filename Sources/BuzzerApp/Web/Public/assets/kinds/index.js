// The question kinds, loaded by name when a game or a pack needs one: kinds/NAME.js and its words
// kinds/LANG.NAME.json. What a kind's module exports: docs/kinds.md, "In the pages".
import { t, addCatalogue } from '../i18n.js';
import { h } from '../dom.js';

/** A kind's name as packs and the server write it: anything else is never fetched. */
const NAME = /^[a-z][a-z0-9]{0,15}$/;
/** Every kind the server knows, in the editor's order, once `loadKindNames` has read them. */
export const KIND_NAMES = [];
const loaded = new Map(), loading = new Map();
/** A name that is not a kind's draws as a typed answer. */
const known = (name) => (typeof name === 'string' && NAME.test(name) ? name : 'text');
/** Stands in for a kind that could not be fetched: the question shows without its answers. */
const MISSING = { phone: () => [], answerText: () => '', correctText: () => '', screen: () => h('div'), bars: () => null,
  editor: { blank: () => ({}), fields: () => null } };

/** Reads the server's kinds into `KIND_NAMES` (the editor's list), once. */
const NAMES = { list: null };
export const loadKindNames = () => (NAMES.list ??= fetch('/assets/kinds/names.json').then((r) => (r.ok ? r.json() : ['choice']))
  .catch(() => ['choice']).then((list) => { KIND_NAMES.splice(0, KIND_NAMES.length, ...list.filter((n) => NAME.test(n))); }));

export const kindsLoaded = (names) => names.every((name) => loaded.has(known(name)));

/** Loads the kinds in `names`, module and words, each once; resolves when all are in, or failed
 *  (a later call tries again). */
export const loadKinds = (names) => Promise.all([...new Set(names.map(known))].map((name) => {
  if (loaded.has(name)) return null;
  if (!loading.has(name)) {
    loading.set(name, Promise.all([import(`./${name}.js`), addCatalogue(`kinds/${name}`)])
      .then(([module]) => { loaded.set(name, module.default); }, () => {}).finally(() => loading.delete(name)));
  }
  return loading.get(name);
}));

/** The kind's module, once loaded (`loadKinds`). */
export const kind = (name) => loaded.get(known(name)) ?? MISSING;

/** The right answer of question `q` as words (a poll has none). */
export function correctText(correct, q) {
  if (!correct) return '';
  if (correct.kind === 'none') return t('answer.poll');
  return kind(q?.kind).correctText(correct, q?.options ?? [], q);
}

/** The reveal's bars of how many picked what (null for typed answers). */
/** The reveal's picture of the answers; a kind may read the game too (a buzz names its winner from the queue). */
export const distribution = (q, reveal, game) => kind(q.kind).bars(q, reveal, game);
