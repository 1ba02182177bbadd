// The question kinds, one module each, loaded when a game or a pack needs one (no page imports a
// kind's module: WebAssetsTests). A new kind is one file here, one line in LOADERS, its words in
// kinds/LANG.NAME.json (what only its module says) and `e.kind.NAME` in every `LANG.edit.json`.
//
// A kind's module exports { name, phone(q, ctx), answerText(answer, q), correctText(correct, options, q),
// screen(q, game), bars(q, reveal), editor: { blank(), fields(q, base, ctx), options?, credit?, noAnswer?, carry? } }
// and, where it differs from the rest: hostKey (the console shows the right answer as words while
// the question runs), revealLine (the projector says the answer in words), typedAnswers (the host
// accepts typed answers), result(reveal, mine, q, result) (the phone's own reveal), allRightKey,
// ownsPicture (the phone's input draws the question's picture, so the page does not),
// overlay(q, reveal, img) (drawn over the projector's picture of the question at the reveal), and
// hostGroups(waiting, q, { command, redraw }) (the console's answer groups while the question runs),
// hostPanel(q, game, command) (the console's own part while the question runs: buzz's queue and marks),
// ownScreen (the phone stays on the question's screen after answering: buzz).
import { t, addCatalogue } from '../i18n.js';
import { h } from '../dom.js';

/** Every kind, in the editor's order: its module, and whether it has words (kinds/LANG.NAME.json). */
const LOADERS = {
  choice: [() => import('./choice.js')], multi: [() => import('./multi.js'), 1], truefalse: [() => import('./truefalse.js'), 1],
  text: [() => import('./text.js'), 1], number: [() => import('./number.js'), 1], poll: [() => import('./poll.js')],
  order: [() => import('./order.js'), 1], pin: [() => import('./pin.js'), 1], survey: [() => import('./survey.js'), 1],
  buzz: [() => import('./buzz.js'), 1],
};
export const KIND_NAMES = Object.keys(LOADERS);
const loaded = new Map(), loading = new Map();
/** A kind this page does not know (a newer server's) draws as a typed answer. */
const known = (name) => (Object.hasOwn(LOADERS, name) ? name : 'text');
/** Stands in for a kind that could not be fetched: the question shows without its answers. */
const MISSING = { phone: () => [], answerText: () => '', correctText: () => '', screen: () => h('div'), bars: () => null,
  editor: { blank: () => ({}), fields: () => null } };

export const kindsLoaded = (names) => names.every((name) => loaded.has(known(name)));

/** Loads the kinds in `names`, module and words, each once; resolves when all are in, or failed
 *  (a later call tries again). */
export const loadKinds = (names) => Promise.all([...new Set(names.map(known))].map((name) => {
  if (loaded.has(name)) return null;
  if (!loading.has(name)) {
    const [load, words] = LOADERS[name];
    loading.set(name, Promise.all([load(), words && addCatalogue(`kinds/${name}`)])
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
export const distribution = (q, reveal) => kind(q.kind).bars(q, reveal);
