// The mechanics' notes under a question (a hint), on every page: `note.BY` with its number.
import { h, $ } from '../dom.js';
import { t } from '../i18n.js';

export function questionNotes(notes) {
  return h('ul', { id: 'qnotes', class: 'qnotes', 'aria-live': 'polite', hidden: !notes?.length },
    (notes ?? []).map((note) => h('li', {}, h('strong', { text: t(`note.${note.by}`, { n: note.n }) }), ' ', note.text)));
}

/** Redraws them in place: a half-typed answer stays. */
export function patchNotes(notes) {
  $('#qnotes')?.replaceWith(questionNotes(notes));
}
