// Moderation: every destructive step asks first, in a modal <dialog>.
import { $, h, t } from '../common.js';

/**
 * A modal dialog (focus stays inside, Escape cancels) with `fields` and Cancel / `confirm`.
 * `onConfirm` gets the form when the confirm button closed it.
 */
export function ask({ title, text, fields = [], confirm, danger = false, onConfirm }) {
  const form = h('form', { method: 'dialog', novalidate: true },
    h('h2', { id: 'ask-title', text: title }),
    text ? h('p', { text }) : null,
    ...fields,
    h('div', { class: 'controls' },
      h('button', { type: 'submit', value: 'cancel', class: 'btn', text: t('h.cancel') }),
      h('button', { type: 'submit', value: 'confirm', id: 'ask-confirm', class: `btn ${danger ? 'danger' : 'primary'}`, text: confirm })));
  const dialog = h('dialog', { class: 'ask', 'aria-labelledby': 'ask-title' }, form);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'confirm') onConfirm(form);
    dialog.remove();
  });
  // Inside <main>, so that all content stays within a landmark (axe "region").
  ($('main') ?? document.body).append(dialog);
  dialog.showModal();
  $('input', dialog)?.focus();
}
