// The room mechanics' question fields (a hint's `hints`), drawn from the server's list
// (/assets/edit/fields.json, from `RoomMechanics.questionFields`): texts one per line, a fraction in percent.
import { h, t } from '../common.js';
import { field, input } from './fields.js';

/** The server's list once read (`list`), and the read (`loading`): state in one object, as kinds/index.js keeps it. */
const FIELDS = { list: [], loading: null };

/** Reads the list once; the form draws none until it has. */
export const loadExtraFields = () => (FIELDS.loading ??= fetch('/assets/edit/fields.json').then((r) => (r.ok ? r.json() : []))
  .then((list) => { FIELDS.list = Array.isArray(list) ? list : []; }, () => {}));

/** Whether `name` is one of the fields (a problem's path names it in the page's words). */
export const isExtra = (name) => FIELDS.list.some((f) => f.name === name);

/** The fields' values of `q`, to carry over when its kind changes. */
export const extraValues = (q) => Object.fromEntries(FIELDS.list.filter((f) => q[f.name] !== undefined).map((f) => [f.name, q[f.name]]));

export function extraFields(q, base) {
  return FIELDS.list.map((f) => field(`${base}.${f.name}`, t(`e.extra.${f.name}`), f.shape === 'texts'
    ? h('textarea', { rows: 2, oninput: (e) => { const items = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); q[f.name] = items.length ? items : undefined; },
      text: (q[f.name] ?? []).join('\n') })
    : input(q[f.name] === undefined ? '' : Math.round(q[f.name] * 100), (v) => { q[f.name] = v === '' ? undefined : Number(v) / 100; }, { type: 'number', min: 0, max: 100 }),
  { hint: f.shape === 'texts' ? t('e.extraTexts', { count: f.maxCount }) : t('e.extraPercent') }));
}
