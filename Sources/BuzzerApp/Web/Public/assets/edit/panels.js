// The editor's panels: the pack, its rounds and breaks, and one card per question, whose answer
// fields come from the question's kind (kinds/).
import { S, main } from './store.js';
import { $, h, fill, kind, KIND_NAMES, kindsLoaded, loadKinds, t } from '../common.js';
import { describe, sentences, errorFor, field, input, creditSelect, mediaFields } from './fields.js';
import { blankQuestion, problemsAt, save } from './pack.js';
import { showLibrary, tokenBox } from './library.js';
import { historyLine } from './history.js';
import { extraFields, extraValues } from './extras.js';


export function renderPack() {
  const questionCount = S.pack.rounds.reduce((n, r) => n + r.questions.length, 0);
  fill(main, h('form', { class: 'panel editor', novalidate: true, onsubmit: (e) => { e.preventDefault(); save(); } },
    h('h1', { text: S.packId ? t('e.editLabel', { title: S.pack.title || S.packId }) : t('e.newPack') }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    S.problems.length ? h('div', { class: 'card warn', role: 'alert', id: 'problems', tabindex: '-1' },
      h('p', { text: t('e.notSavedProblems', { count: S.problems.length }) }),
      h('ul', {}, S.problems.map((p) => h('li', { text: describe(p), 'data-path': p.path })))) : null,
    field('title', t('e.packTitle'), input(S.pack.title, (v) => { S.pack.title = v; }, { maxlength: 200 })),
    field('description', t('e.description'), input(S.pack.description, (v) => { S.pack.description = v; })),
    field('partialCredit', t('e.partialCreditPack'), creditSelect(S.pack.partialCredit || 'perItem', (v) => { S.pack.partialCredit = v === 'perItem' ? '' : v; })),
    S.pack.rounds.map((round, r) => roundSection(round, r)),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn', id: 'add-round', text: t('e.addRound'), onclick: () => withKinds(['choice'], () => { S.pack.rounds.push({ title: '', wager: false, questions: [blankQuestion('choice')] }); renderPack(); }) }),
      h('button', { type: 'submit', class: 'btn primary', id: 'save', text: t('e.savePack', { count: questionCount }) }),
      h('span', { id: 'save-note', class: `save-note ${S.saveNote?.tone ?? ''}`, 'aria-hidden': 'true', text: S.saveNote?.text ?? '' }),
      h('button', { type: 'button', class: 'btn ghost', id: 'back', text: t('e.backToLibrary'), onclick: showLibrary }))));
}

export function roundSection(round, r) {
  const base = `rounds[${r}]`;
  return h('fieldset', { class: 'round' },
    h('legend', { text: round.title ? t('e.roundTitled', { n: r + 1, title: round.title }) : t('e.round', { n: r + 1 }) }),
    field(`${base}.title`, t('e.roundTitle'), input(round.title, (v) => { round.title = v; })),
    h('label', { class: 'check-row' }, h('input', { type: 'checkbox', checked: round.wager, onchange: (e) => { round.wager = e.currentTarget.checked; } }),
      t('e.wagerRound')),
    breakFields(round, r),
    round.questions.map((q, i) => questionCard(round, q, r, i)),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn small', text: t('e.addQuestion'), 'aria-label': t('e.addQuestionTo', { n: r + 1 }),
        onclick: () => withKinds(['choice'], () => { round.questions.push(blankQuestion('choice')); renderPack(); focusLast(); }) }),
      S.pack.rounds.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', text: t('e.removeRound'), onclick: () => { S.pack.rounds.splice(r, 1); renderPack(); } }) : null));
}

/** The slide shown before the round ("Half-time: back in 10 minutes"): add, edit or remove it. */
export function breakFields(round, r) {
  const base = `rounds[${r}].break`;
  if (!round.break) {
    return h('p', {}, h('button', { type: 'button', class: 'btn small add-break', text: t('e.addBreak'), onclick: () => {
      round.break = { title: '', text: '', minutes: '' };
      renderPack();
      $(`#f-rounds-${r}-break-title`)?.focus();
    } }));
  }
  const b = round.break;
  return h('fieldset', { class: 'break-fields' },
    h('legend', { text: t('e.breakBefore', { n: r + 1 }) }),
    field(`${base}.title`, t('e.breakTitle'), input(b.title, (v) => { b.title = v; }, { maxlength: 100 }), { hint: t('e.breakTitleHint') }),
    field(`${base}.text`, t('e.breakText'), input(b.text, (v) => { b.text = v; }, { maxlength: 200 })),
    field(`${base}.minutes`, t('e.breakMinutes'), input(b.minutes, (v) => { b.minutes = v; }, { type: 'number', min: 1, max: 60, step: 1 })),
    h('button', { type: 'button', class: 'btn small ghost remove-break', text: t('e.removeBreak'), onclick: () => { delete round.break; renderPack(); } }));
}

export function focusLast() {
  const texts = main.querySelectorAll('textarea[data-path$=".text"]');
  texts[texts.length - 1]?.focus();
}

/** Runs `then(names[0])` once the kinds in `names` are loaded: at once when they are, else after
 *  loading them, with `busy` (a question's card) marked busy meanwhile; a redraw clears it. */
function withKinds(names, then, busy) {
  if (kindsLoaded(names)) return then(names[0]);
  busy?.setAttribute('aria-busy', 'true');
  return loadKinds(names).then(() => then(names[0]));
}

/** What a kind's editor fields (kinds/) draw with: the field helpers, the problems, a redraw. */
const fieldContext = { field, input, errorFor, sentences, problemsAt, redraw: () => renderPack(), main,
  get problems() { return S.problems; } };

export function questionCard(round, q, r, i) {
  const base = `rounds[${r}].questions[${i}]`;
  const n = i + 1;
  const move = (to) => { const [item] = round.questions.splice(i, 1); round.questions.splice(to, 0, item); renderPack(); };
  // A kind not loaded yet loads first (kinds/index.js): the card is busy until it is redrawn with it.
  const kindSelect = h('select', { onchange: (e) => withKinds([e.currentTarget.value], (name) => {
    const next = blankQuestion(name), editor = kind(next.kind).editor;
    // Options become items and back, so switching kind keeps what was typed.
    const list = q.options ?? q.items;
    round.questions[i] = { ...next, category: q.category, text: q.text, explanation: q.explanation, points: q.points, timeLimit: q.timeLimit, media: q.media, revealMedia: q.revealMedia, ...extraValues(q),
      ...(editor.options && list ? { options: list.slice(0, 6) } : {}),
      ...(editor.carry && list ? editor.carry(list) : {}) };
    renderPack();
  }, e.currentTarget.closest('.question-card')) }, KIND_NAMES.map((name) => h('option', { value: name, text: t(`e.kind.${name}`), selected: name === q.kind })));
  const errs = S.problems.filter((p) => p.path === base);
  return h('section', { class: 'question-card', 'aria-label': t('e.questionN', { n }) },
    h('h2', { text: t('e.questionN', { n }) }),
    historyLine(q, !!kind(q.kind).editor.options),
    errs.length ? h('p', { class: 'field-error', text: sentences(errs) }) : null,
    field(`${base}.kind`, t('e.kind'), kindSelect),
    field(`${base}.category`, t('e.category'), input(q.category, (v) => { q.category = v; }, { maxlength: 200 })),
    field(`${base}.text`, t('e.question'), h('textarea', { rows: 2, oninput: (e) => { q.text = e.currentTarget.value; }, text: q.text ?? '' }),
      { hint: t('e.unicodeHint') }),
    kind(q.kind).editor.fields(q, base, fieldContext),
    kind(q.kind).editor.credit ? field(`${base}.partialCredit`, t('e.partialCredit'), creditSelect(q.partialCredit ?? '', (v) => { q.partialCredit = v; }, t('e.creditAsPack'))) : null,
    field(`${base}.explanation`, t('e.explanation'), input(q.explanation, (v) => { q.explanation = v; })),
    extraFields(q, base),
    h('div', { class: 'settings-grid' },
      field(`${base}.points`, t('e.points'), h('select', { onchange: (e) => { q.points = Number(e.currentTarget.value); } },
        [[0, t('e.pointsNone')], [1, t('e.pointsNormal')], [2, t('e.pointsDouble')]].map(([v, label]) => h('option', { value: v, text: label, selected: (q.points ?? 1) === v })))),
      field(`${base}.timeLimit`, t('e.seconds'), input(q.timeLimit, (v) => { q.timeLimit = v === '' ? undefined : Number(v); }, { type: 'number', min: 5, max: 300 }))),
    mediaFields(q, base, 'media', t('e.mediaQuestion')),
    mediaFields(q, base, 'revealMedia', t('e.mediaReveal')),
    h('div', { class: 'controls' },
      i > 0 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.moveUpLabel', { n }), text: t('e.moveUp'), onclick: () => move(i - 1) }) : null,
      i < round.questions.length - 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.moveDownLabel', { n }), text: t('e.moveDown'), onclick: () => move(i + 1) }) : null,
      h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.deleteQuestionLabel', { n }), text: t('e.delete'), onclick: () => { round.questions.splice(i, 1); renderPack(); } })));
}
