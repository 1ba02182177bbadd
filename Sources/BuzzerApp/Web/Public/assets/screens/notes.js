// What the room's mechanics show under a question's text (a hint shown), the same on the phone,
// the console and the projector: a line per note in the page's words (`note.BY` with its number),
// swapped in place when a note comes, so a half-typed answer stays.
import { h, $ } from '../dom.js';
import { t } from '../i18n.js';

export function questionNotes(notes) {
  return h('ul', { id: 'qnotes', class: 'qnotes', 'aria-live': 'polite', hidden: !notes?.length },
    (notes ?? []).map((note) => h('li', {}, h('strong', { text: t(`note.${note.by}`, { n: note.n }) }), ' ', note.text)));
}

/** Redraws the notes on screen, if the page shows a question. */
export function patchNotes(notes) {
  $('#qnotes')?.replaceWith(questionNotes(notes));
}
