// The question library editor: list, search, create, edit, reorder and delete packs and their
// questions of every kind, with pictures and sounds, through the library API
// (docs/question-library.md). The server checks every save; its 422 problems are shown beside
// the fields they name, in its own words.
import { $, h, fill, say, store, load, t, tn } from './common.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage, formatNumber, formatList } from './i18n.js';

await startI18n(pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['edit']);

const main = $('#main');
const live = $('#live');
const TOKEN_KEY = 'buzzer.editToken';
// Without the token the server sends a pack's summary only (no questions, no answers).
const NEEDS_TOKEN = () => t('e.needsToken');
const KINDS = ['choice', 'multi', 'truefalse', 'text', 'number', 'poll', 'order'];
const kindName = (kind) => t(`e.kind.${kind}`);
const WITH_OPTIONS = new Set(['choice', 'multi', 'poll']);
/** Kinds that can be partly right, and so take a partial-credit rule (docs/game-rules.md). */
const WITH_CREDIT = new Set(['multi', 'order']);
const CREDIT_NAMES = ['perItem', 'allOrNothing'];

// `/edit#token=…` (the link `buzzer serve` prints) keeps the token in this browser; the fragment never reaches a server log.
function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (!hash.get('token')) return false;
  store(TOKEN_KEY, hash.get('token'));
  history.replaceState(null, '', '/edit');
  return true;
}
tokenFromAddress();
// The link pasted into a tab already on /edit changes only the fragment: no reload, so listen for it.
window.addEventListener('hashchange', async () => {
  if (!tokenFromAddress()) return;
  if (pack) renderPack(); else await showLibrary();
  notice(t('e.tokenSaved'));
});

/** The pack being edited, always in the rounds form: { title, description, rounds: [{ title, wager, questions }] }. */
let pack = null;
let packId = null;
let version = null;
/** Problems from the last save, by JSON path: [{ path, message }]. */
let problems = [];
/** Files uploaded in this session, by the field's path: the file control shows its name again after a redraw. */
const uploads = new Map();
let query = '';

function token() { return load(TOKEN_KEY); }

async function api(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers }, cache: 'no-store' };
  if (token()) init.headers.Authorization = `Bearer ${token()}`;
  if (body !== undefined) {
    init.body = body instanceof Blob || body instanceof ArrayBuffer ? body : JSON.stringify(body);
    if (!(body instanceof Blob) && !(body instanceof ArrayBuffer)) init.headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  return { status: response.status, json, etag: response.headers.get('ETag') };
}

function notice(text, tone = 'ok') {
  const node = $('#notice');
  if (node) { node.className = `notice ${tone}`; node.textContent = text; }
  say(live, text);
}

// MARK: - The library

async function showLibrary() {
  pack = null;
  packId = null;
  const result = await api('GET', `/api/packs?perPage=100${query ? `&q=${encodeURIComponent(query)}` : ''}`);
  const items = result.json?.items ?? [];
  fill(main, h('section', { class: 'panel editor' },
    h('h1', { text: t('e.library') }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    h('form', { class: 'search', role: 'search', onsubmit: (e) => { e.preventDefault(); query = e.currentTarget.q.value.trim(); showLibrary(); } },
      h('label', { for: 'q', text: t('e.searchPacks') }),
      h('input', { id: 'q', name: 'q', type: 'search', value: query }),
      h('button', { type: 'submit', class: 'btn', text: t('e.search') })),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn primary', id: 'new-pack', text: t('e.newPack'), onclick: () => openPack(null) }),
      h('label', { class: 'btn', for: 'import-file', text: t('e.importFile') }),
      h('input', { id: 'import-file', type: 'file', class: 'sr-only', accept: '.json,.csv,application/json,text/csv', onchange: importFile }),
      h('a', { class: 'btn ghost', href: '/host', text: t('e.backToHost') })),
    h('p', { class: 'hint', text: t('e.importHint') }),
    items.length ? h('ul', { class: 'pack-list' }, items.map((p) => h('li', {},
      h('span', { class: 'pname' }, h('strong', { text: p.title }), h('span', { class: 'hint', text: ` ${t('e.questions', { count: p.questionCount })} · ${formatList(p.categories)}` })),
      h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small', 'aria-label': t('e.editLabel', { title: p.title }), text: t('e.edit'), onclick: () => openPack(p.id) }),
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.exportLabel', { title: p.title }), text: t('e.export'), onclick: () => exportPack(p.id) }),
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.deleteLabel', { title: p.title }), text: t('e.delete'), onclick: () => askDelete(p) })))))
      : h('p', { class: 'hint', text: query ? t('e.noMatch') : t('e.empty') })));
}

function tokenBox() {
  if (token()) return null;
  return h('form', { class: 'card warn', onsubmit: (e) => { e.preventDefault(); store(TOKEN_KEY, e.currentTarget.token.value.trim()); showLibrary(); } },
    h('p', { text: t('e.tokenNeeded') }),
    h('label', { for: 'token', text: t('e.editToken') }),
    h('input', { id: 'token', name: 'token', autocomplete: 'off', spellcheck: 'false' }),
    h('button', { type: 'submit', class: 'btn', text: t('e.useToken') }));
}

async function exportPack(id) {
  if (!token()) { notice(NEEDS_TOKEN(), 'bad'); return; }
  const result = await api('GET', `/api/packs/${id}`);
  if (result.status !== 200) { notice(result.json?.error ?? t('e.couldNotRead'), 'bad'); return; }
  const link = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(result.json, null, 2)], { type: 'application/json' })), download: `${id}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

function askDelete(p) {
  const dialog = h('dialog', { class: 'ask', 'aria-labelledby': 'ask-title' },
    h('form', { method: 'dialog' },
      h('h2', { id: 'ask-title', text: t('e.deleteTitle', { title: p.title }) }),
      h('p', { text: t('e.deleteText') }),
      h('div', { class: 'controls' },
        h('button', { type: 'submit', value: 'cancel', class: 'btn', text: t('e.cancel') }),
        h('button', { type: 'submit', value: 'confirm', id: 'ask-confirm', class: 'btn danger', text: t('e.delete') }))));
  dialog.addEventListener('close', async () => {
    dialog.remove();
    if (dialog.returnValue !== 'confirm') return;
    const result = await api('DELETE', `/api/packs/${p.id}`);
    await showLibrary();
    notice(result.status === 204 ? t('e.deleted', { title: p.title }) : result.json?.error ?? t('e.couldNotDelete'), result.status === 204 ? 'ok' : 'bad');
  });
  main.append(dialog);
  dialog.showModal();
}

async function importFile(event) {
  const file = event.currentTarget.files[0];
  if (!file) return;
  const title = file.name.replace(/\.[^.]*$/, '');
  let document_ = null;
  if (/\.csv$/i.test(file.name)) {
    const result = await api('POST', `/api/import?format=csv&title=${encodeURIComponent(title)}`, await file.arrayBuffer());
    if (result.status !== 200) { notice(importError(result), 'bad'); return; }
    document_ = result.json;
  } else {
    let parsed;
    try { parsed = JSON.parse(await file.text()); } catch (error) { notice(t('e.notJSON', { error: error.message }), 'bad'); return; }
    if (Array.isArray(parsed.results) && 'response_code' in parsed) {
      const result = await api('POST', `/api/import?format=opentdb&title=${encodeURIComponent(title)}`, parsed);
      if (result.status !== 200) { notice(importError(result), 'bad'); return; }
      document_ = result.json;
    } else {
      document_ = parsed;
    }
  }
  packId = null;
  version = null;
  pack = normalize(document_);
  problems = [];
  renderPack();
  notice(t('e.imported', { count: pack.rounds.reduce((n, r) => n + r.questions.length, 0) }));
}

function importError(result) {
  if (result.json?.errors) return result.json.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
  return result.json?.error ?? t('e.importFailed', { status: result.status });
}

// MARK: - One pack

/** The rounds form of a pack document, with every field the editor shows present. */
function normalize(doc) {
  const rounds = doc.rounds ?? [{ questions: doc.questions ?? [] }];
  return {
    title: doc.title ?? '', description: doc.description ?? '', partialCredit: doc.partialCredit ?? '',
    rounds: rounds.map((r) => ({ title: r.title ?? '', wager: !!r.wager, questions: (r.questions ?? []).map((q) => ({ ...q })),
      ...(r.break ? { break: { title: r.break.title ?? '', text: r.break.text ?? '', minutes: r.break.minutes ?? '' } } : {}) })),
  };
}

/** The document to save: empty optional fields left out, required ones kept even when empty, so
 *  the server's rules see what the host meant and name the field ("category: must not be empty"). */
function serialize() {
  const REQUIRED = new Set(['title', 'kind', 'category', 'text', 'answer', 'options']);
  const clean = (o) => Object.fromEntries(Object.entries(o).filter(([k, v]) => REQUIRED.has(k) ? v !== undefined : v !== '' && v !== null && v !== undefined));
  return clean({
    title: pack.title.trim(), description: pack.description.trim(), partialCredit: pack.partialCredit,
    rounds: pack.rounds.map((r) => ({ ...(r.title.trim() ? { title: r.title.trim() } : {}), wager: r.wager, ...breakDoc(r.break), questions: r.questions.map((q) => {
      const out = clean({ ...q });
      for (const key of ['media', 'revealMedia']) {
        if (out[key]) { out[key] = clean(out[key]); if (!out[key].image && !out[key].audio) delete out[key]; }
      }
      if (!WITH_OPTIONS.has(q.kind)) delete out.options;
      if (q.kind !== 'order') delete out.items;
      if (!WITH_CREDIT.has(q.kind)) delete out.partialCredit;
      if (q.kind === 'poll' || q.kind === 'order') delete out.answer;
      return out;
    }) })),
  });
}

/** A round's break as the pack writes it: `{"break":{"title":…,"text":…,"minutes":10}}`, empty fields left out. */
function breakDoc(b) {
  if (!b) return {};
  const out = { title: b.title.trim() };
  if (b.text.trim()) out.text = b.text.trim();
  if (String(b.minutes).trim() !== '') out.minutes = Number(b.minutes);
  return { break: out };
}

async function openPack(id) {
  problems = [];
  if (id) {
    if (!token()) { notice(NEEDS_TOKEN(), 'bad'); return; }
    const result = await api('GET', `/api/packs/${id}`);
    if (result.status !== 200) { notice(result.json?.error ?? t('e.couldNotRead'), 'bad'); return; }
    packId = id;
    version = result.etag;
    pack = normalize(result.json);
  } else {
    packId = null;
    version = null;
    pack = normalize({ title: '', rounds: [{ questions: [blankQuestion('choice')] }] });
  }
  renderPack();
}

function blankQuestion(kind) {
  const q = { kind, category: '', text: '', points: 1 };
  if (WITH_OPTIONS.has(kind)) q.options = ['', ''];
  if (kind === 'choice') q.answer = 0;
  if (kind === 'multi') q.answer = [0];
  if (kind === 'truefalse') q.answer = true;
  if (kind === 'text') q.answer = [''];
  if (kind === 'number') q.answer = 0;
  if (kind === 'order') q.items = ['', '', ''];
  return q;
}

/** Problems whose path is `path` or inside it (`…options[2]` belongs to `…options`). */
function problemsAt(path) {
  return problems.filter((p) => p.path === path || p.path.startsWith(`${path}[`) || p.path.startsWith(`${path}.`));
}

// A path's parts in words: `e.part.NAME` (a field), `e.item.NAME` ("option {n}"); unknown names stay as they are.
const PART_NAMES = new Set(['title', 'description', 'kind', 'category', 'text', 'answer', 'options', 'explanation', 'points',
  'timeLimit', 'media', 'revealMedia', 'image', 'audio', 'alt', 'startMs', 'durationMs', 'questions', 'rounds', 'break', 'minutes',
  'items', 'partialCredit']);
const ITEM_NAMES = new Set(['rounds', 'questions', 'options', 'answer', 'items']);

/** `rounds[0].questions[0].options[4]` → "Round 1, question 1, option 5". */
function place(path) {
  const parts = [...path.matchAll(/([A-Za-z]+)(?:\[(\d+)\])?/g)].map(([, name, index]) =>
    index === undefined ? (PART_NAMES.has(name) ? t(`e.part.${name}`) : name)
      : ITEM_NAMES.has(name) ? t(`e.item.${name}`, { n: Number(index) + 1 }) : `${name} ${Number(index) + 1}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A problem as a sentence for people: "Round 1, question 1, option 5 is empty." */
function describe(problem) {
  // The server's rule texts are English; the commonest one is said in the page's language.
  const message = problem.message === 'must not be empty' ? t('e.isEmpty') : problem.message;
  let text = !problem.path ? message : message === t('e.isEmpty') ? t('e.placeIsEmpty', { place: place(problem.path) }) : /^(must|is|has|describes|applies)\b/.test(message)
    ? `${place(problem.path)} ${message}` : `${place(problem.path)}: ${message}`;
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The sentences for `list`, each once. */
function sentences(list) {
  return [...new Set(list.map(describe))].join('\n');
}

/** An error under a control: the control is marked invalid and described by it. */
function errorFor(control, id, list) {
  if (!list.length) return null;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), `${id}-error`].filter(Boolean).join(' '));
  return h('p', { id: `${id}-error`, class: 'field-error', text: sentences(list) });
}

/** A labelled field bound to `get`/`set`, with the server's words under it when a save was refused there. */
function field(path, label, control, { hint } = {}) {
  const id = `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const errs = problemsAt(path);
  control.id = id;
  control.dataset.path = path;
  if (hint) control.setAttribute('aria-describedby', `${id}-hint`);
  const error = errorFor(control, id, errs);
  return h('div', { class: `field${errs.length ? ' invalid' : ''}` },
    h('label', { for: id, text: label }),
    hint ? h('p', { id: `${id}-hint`, class: 'hint', text: hint }) : null,
    control,
    error);
}

function input(value, onInput, attrs = {}) {
  // autocomplete=off is for text; on a number field axe (rightly) calls it invalid.
  return h('input', { value: value ?? '', ...(attrs.type === 'number' ? {} : { autocomplete: 'off' }), ...attrs, oninput: (e) => onInput(e.currentTarget.value) });
}

function renderPack() {
  const questionCount = pack.rounds.reduce((n, r) => n + r.questions.length, 0);
  fill(main, h('form', { class: 'panel editor', novalidate: true, onsubmit: (e) => { e.preventDefault(); save(); } },
    h('h1', { text: packId ? t('e.editLabel', { title: pack.title || packId }) : t('e.newPack') }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    problems.length ? h('div', { class: 'card warn', role: 'alert', id: 'problems', tabindex: '-1' },
      h('p', { text: t('e.notSavedProblems', { count: problems.length }) }),
      h('ul', {}, problems.map((p) => h('li', { text: describe(p), 'data-path': p.path })))) : null,
    field('title', t('e.packTitle'), input(pack.title, (v) => { pack.title = v; }, { maxlength: 200 })),
    field('description', t('e.description'), input(pack.description, (v) => { pack.description = v; })),
    field('partialCredit', t('e.partialCreditPack'), creditSelect(pack.partialCredit || 'perItem', (v) => { pack.partialCredit = v === 'perItem' ? '' : v; })),
    pack.rounds.map((round, r) => roundSection(round, r)),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn', id: 'add-round', text: t('e.addRound'), onclick: () => { pack.rounds.push({ title: '', wager: false, questions: [blankQuestion('choice')] }); renderPack(); } }),
      h('button', { type: 'submit', class: 'btn primary', id: 'save', text: t('e.savePack', { count: questionCount }) }),
      h('button', { type: 'button', class: 'btn ghost', id: 'back', text: t('e.backToLibrary'), onclick: showLibrary }))));
}

function roundSection(round, r) {
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
        onclick: () => { round.questions.push(blankQuestion('choice')); renderPack(); focusLast(); } }),
      pack.rounds.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', text: t('e.removeRound'), onclick: () => { pack.rounds.splice(r, 1); renderPack(); } }) : null));
}

/** The slide shown before the round ("Half-time: back in 10 minutes"): add, edit or remove it. */
function breakFields(round, r) {
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

function focusLast() {
  const texts = main.querySelectorAll('textarea[data-path$=".text"]');
  texts[texts.length - 1]?.focus();
}

function questionCard(round, q, r, i) {
  const base = `rounds[${r}].questions[${i}]`;
  const n = i + 1;
  const move = (to) => { const [item] = round.questions.splice(i, 1); round.questions.splice(to, 0, item); renderPack(); };
  const kind = h('select', { onchange: (e) => {
    const next = blankQuestion(e.currentTarget.value);
    // Options become items and back, so switching kind keeps what was typed.
    const list = q.options ?? q.items;
    round.questions[i] = { ...next, category: q.category, text: q.text, explanation: q.explanation, points: q.points, timeLimit: q.timeLimit, media: q.media, revealMedia: q.revealMedia,
      ...(WITH_OPTIONS.has(next.kind) && list ? { options: list.slice(0, 6) } : {}),
      ...(next.kind === 'order' && list ? { items: [...list, '', ''].slice(0, Math.max(3, list.length)) } : {}) };
    renderPack();
  } }, KINDS.map((k) => h('option', { value: k, text: kindName(k), selected: k === q.kind })));
  const errs = problems.filter((p) => p.path === base);
  return h('section', { class: 'question-card', 'aria-label': t('e.questionN', { n }) },
    h('h2', { text: t('e.questionN', { n }) }),
    errs.length ? h('p', { class: 'field-error', text: sentences(errs) }) : null,
    field(`${base}.kind`, t('e.kind'), kind),
    field(`${base}.category`, t('e.category'), input(q.category, (v) => { q.category = v; }, { maxlength: 200 })),
    field(`${base}.text`, t('e.question'), h('textarea', { rows: 2, oninput: (e) => { q.text = e.currentTarget.value; }, text: q.text ?? '' }),
      { hint: t('e.unicodeHint') }),
    answerFields(q, base),
    WITH_CREDIT.has(q.kind) ? field(`${base}.partialCredit`, t('e.partialCredit'), creditSelect(q.partialCredit ?? '', (v) => { q.partialCredit = v; }, t('e.creditAsPack'))) : null,
    field(`${base}.explanation`, t('e.explanation'), input(q.explanation, (v) => { q.explanation = v; })),
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

/** The partial-credit rule: the pack's, or a question's own (`inherit` names the pack's choice). */
function creditSelect(value, set, inherit) {
  return h('select', { onchange: (e) => set(e.currentTarget.value) },
    [...(inherit ? [['', inherit]] : []), ...CREDIT_NAMES.map((v) => [v, t(`e.credit.${v}`)])].map(([v, label]) => h('option', { value: v, text: label, selected: value === v })));
}

/** An order question's items, in the right order (players see them shuffled), each movable up and down. */
function itemFields(q, base) {
  const errs = problems.filter((p) => p.path === `${base}.items`);
  const id = `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-items`;
  const move = (o, to) => { const [item] = q.items.splice(o, 1); q.items.splice(to, 0, item); renderPack(); main.querySelector(`[data-path="${base}.items[${to}]"]`)?.focus(); };
  return h('div', { class: `field${errs.length ? ' invalid' : ''}`, 'data-path': `${base}.items`, role: 'group', 'aria-labelledby': `${id}-label` },
    h('p', { class: 'label', id: `${id}-label`, text: t('e.itemsLabel') }),
    h('ol', { class: 'option-list' }, q.items.map((text, o) => {
      const path = `${base}.items[${o}]`;
      const control = h('input', { id: `${id}-${o}`, value: text, 'aria-label': t('e.itemN', { n: o + 1 }), autocomplete: 'off', maxlength: 200, 'data-path': path,
        oninput: (e) => { q.items[o] = e.currentTarget.value; } });
      return h('li', { class: 'option-row' }, h('span', { 'aria-hidden': 'true', text: `${o + 1}.` }), control,
        o > 0 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemUp', { n: o + 1 }), text: '↑', onclick: () => move(o, o - 1) }) : null,
        o < q.items.length - 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemDown', { n: o + 1 }), text: '↓', onclick: () => move(o, o + 1) }) : null,
        q.items.length > 3 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.itemRemove', { n: o + 1 }), text: '✕', onclick: () => { q.items.splice(o, 1); renderPack(); } }) : null,
        errorFor(control, `${id}-${o}`, problems.filter((p) => p.path === path)));
    })),
    q.items.length < 6 ? h('button', { type: 'button', class: 'btn small', id: `${id}-add`, text: t('e.addItem'), onclick: () => { q.items.push(''); renderPack(); } }) : null,
    errs.length ? h('p', { class: 'field-error', text: sentences(errs) }) : null);
}

function answerFields(q, base) {
  if (q.kind === 'order') return itemFields(q, base);
  if (WITH_OPTIONS.has(q.kind)) {
    const right = q.kind === 'choice' ? [q.answer] : q.kind === 'multi' ? q.answer ?? [] : [];
    const rows = q.options.map((text, o) => optionRow(q, base, right, text, o));
    // One option's problem goes beside that option; the list's own (count, duplicates, the right one) under the list.
    const errs = [...problems.filter((p) => p.path === `${base}.options`), ...problemsAt(`${base}.answer`)];
    const id = `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-options`;
    // One group, named by its label: the right-answer radios share a name, so they must be grouped.
    return h('div', { class: `field${errs.length ? ' invalid' : ''}`, 'data-path': `${base}.options`,
      role: q.kind === 'choice' ? 'radiogroup' : 'group', 'aria-labelledby': `${id}-label` },
      h('p', { class: 'label', id: `${id}-label`, text: q.kind === 'poll' ? t('e.options') : q.kind === 'choice' ? t('e.optionsChoice') : t('e.optionsMulti') }),
      h('ul', { class: 'option-list' }, rows),
      q.options.length < 6 ? h('button', { type: 'button', class: 'btn small', text: t('e.addOption'), onclick: () => { q.options.push(''); renderPack(); } }) : null,
      errs.length ? h('p', { id: `${id}-error`, class: 'field-error', text: sentences(errs) }) : null);
  }
  if (q.kind === 'truefalse') {
    return field(`${base}.answer`, t('e.rightAnswer'), h('select', { onchange: (e) => { q.answer = e.currentTarget.value === 'true'; } },
      h('option', { value: 'true', text: t('tf.true'), selected: q.answer === true }), h('option', { value: 'false', text: t('tf.false'), selected: q.answer === false })));
  }
  if (q.kind === 'text') {
    return field(`${base}.answer`, t('e.accepted'), h('textarea', { rows: 2, text: (q.answer ?? []).join('\n'),
      oninput: (e) => { q.answer = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }),
    { hint: t('e.acceptedHint') });
  }
  return field(`${base}.answer`, t('e.rightNumber'), input(q.answer, (v) => { q.answer = Number(v); }, { inputmode: 'decimal' }));
}

/** One option: right or not, its text with its own problem (`…options[4]`) beside it, and Remove. */
function optionRow(q, base, right, text, o) {
  const path = `${base}.options[${o}]`;
  const id = `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const control = h('input', { id, value: text, 'aria-label': t('e.optionN', { n: o + 1 }), autocomplete: 'off', maxlength: 200, 'data-option': o, 'data-path': path,
    oninput: (e) => { q.options[o] = e.currentTarget.value; } });
  const error = errorFor(control, id, problems.filter((p) => p.path === path));
  return h('li', { class: 'option-row' },
    // The radios share a name, so each is also labelled by the list's label (axe "radiogroup").
    q.kind === 'poll' ? null : h('span', { id: `${id}-right`, class: 'sr-only', text: t('e.optionRight', { n: o + 1 }) }),
    q.kind === 'poll' ? null : h('input', { type: q.kind === 'choice' ? 'radio' : 'checkbox', name: `${base}-right`, checked: right.includes(o),
      'aria-labelledby': `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-options-label ${id}-right`, onchange: (e) => {
        if (q.kind === 'choice') q.answer = o;
        else q.answer = e.currentTarget.checked ? [...new Set([...(q.answer ?? []), o])].sort() : (q.answer ?? []).filter((x) => x !== o);
      } }),
    control,
    q.options.length > 2 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('e.removeOption', { n: o + 1 }), text: '✕', onclick: () => {
      q.options.splice(o, 1);
      if (q.kind === 'choice') q.answer = Math.min(q.answer ?? 0, q.options.length - 1);
      if (q.kind === 'multi') q.answer = (q.answer ?? []).filter((x) => x !== o).map((x) => (x > o ? x - 1 : x));
      renderPack();
    } }) : null,
    error);
}

function mediaFields(q, base, key, legend) {
  const media = q[key] ?? {};
  const path = `${base}.${key}`;
  const upload = (kind) => {
    const control = h('input', { type: 'file', accept: kind === 'image' ? 'image/png,image/jpeg,image/webp,image/gif' : 'audio/mpeg,audio/ogg,audio/wav',
      onchange: async (e) => {
        const file = e.currentTarget.files[0];
        if (!file) return;
        notice(t('e.uploading', { name: file.name }));
        const result = await api('POST', '/api/media', file);
        if (result.status !== 200 && result.status !== 201) { notice(result.json?.error ?? t('e.uploadFailed', { status: result.status }), 'bad'); return; }
        q[key] = { ...(q[key] ?? {}), [kind]: result.json.url };
        uploads.set(`${path}.${kind}`, { file, url: result.json.url });
        renderPack();
        notice(t('e.uploaded', { name: file.name }));
      } });
    // A redraw makes a new control: give it the uploaded file back, so it names it instead of "No file chosen".
    const uploaded = uploads.get(`${path}.${kind}`);
    if (uploaded && uploaded.url === media[kind]) {
      try { const files = new DataTransfer(); files.items.add(uploaded.file); control.files = files.files; } catch { /* older browsers: the hint below names it */ }
    }
    return control;
  };
  /** What the pack holds now: the uploaded file's name, or the library address of a picture or sound opened with the pack. */
  const current = (kind) => {
    if (!media[kind]) return undefined;
    const uploaded = uploads.get(`${path}.${kind}`);
    return t(kind === 'image' ? 'e.nowImage' : 'e.nowAudio', { name: uploaded && uploaded.url === media[kind] ? uploaded.file.name : media[kind].split('/').pop() });
  };
  return h('details', { class: 'media-box', open: !!(media.image || media.audio) || problemsAt(path).length > 0 },
    h('summary', { text: legend }),
    problems.some((p) => p.path === path) ? h('p', { class: 'field-error', text: sentences(problems.filter((p) => p.path === path)) }) : null,
    field(`${path}.image`, t('e.picture'), upload('image'), { hint: current('image') }),
    media.image ? h('figure', { class: 'q-media' }, h('img', { src: media.image, alt: media.alt || t('e.uploadedPicture') })) : null,
    media.image ? field(`${path}.alt`, t('e.alt'), input(media.alt, (v) => { q[key].alt = v; })) : null,
    media.image && key === 'media' ? h('label', { class: 'check-row' }, h('input', { type: 'checkbox', checked: !!media.onPhones,
      onchange: (e) => { q[key].onPhones = e.currentTarget.checked; } }), t('e.onPhones')) : null,
    field(`${path}.audio`, t('e.sound'), upload('audio'), { hint: current('audio') }),
    media.audio ? h('audio', { controls: true, src: media.audio, preload: 'metadata', 'aria-label': t('e.uploadedSound') }) : null,
    media.audio ? h('div', { class: 'settings-grid' },
      field(`${path}.startMs`, t('e.startAt'), input(media.startMs, (v) => { q[key].startMs = v === '' ? undefined : Number(v); }, { type: 'number', min: 0 })),
      field(`${path}.durationMs`, t('e.playFor'), input(media.durationMs, (v) => { q[key].durationMs = v === '' ? undefined : Number(v); }, { type: 'number', min: 1 }))) : null,
    media.image || media.audio ? h('button', { type: 'button', class: 'btn small ghost', text: t('e.removeMedia'), onclick: () => {
      delete q[key];
      uploads.delete(`${path}.image`);
      uploads.delete(`${path}.audio`);
      renderPack();
    } }) : null);
}

async function save() {
  const body = serialize();
  const result = packId
    ? await api('PUT', `/api/packs/${packId}`, body, version ? { 'If-Match': version } : {})
    : await api('POST', '/api/packs', body);
  if (result.status === 200 || result.status === 201) {
    packId = result.json.id;
    version = result.etag;
    problems = [];
    renderPack();
    notice(t('e.saved', { id: packId }));
    return;
  }
  if (result.status === 422) problems = result.json?.errors ?? [];
  else problems = [{ path: '', message: result.json?.error ?? t('e.saveFailed', { status: result.status }) }];
  renderPack();
  const first = main.querySelector('[aria-invalid="true"]') ?? $('#problems');
  first?.focus();
  say(live, t('e.notSaved', { count: problems.length }));
}

// The editor's own language (the top bar); a switch redraws the library or the pack being edited.
$('.topbar').append(languagePicker());
onLanguage(() => { if (pack) renderPack(); else showLibrary(); });

showLibrary();
