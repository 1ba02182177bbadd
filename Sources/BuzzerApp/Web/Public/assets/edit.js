// The question library editor: list, search, create, edit, reorder and delete packs and their
// questions of every kind, with pictures and sounds, through the library API
// (docs/question-library.md). The server checks every save; its 422 problems are shown beside
// the fields they name, in its own words.
import { $, h, fill, say, store, load } from './common.js';

const main = $('#main');
const live = $('#live');
const TOKEN_KEY = 'buzzer.editToken';
// Without the token the server sends a pack's summary only (no questions, no answers).
const NEEDS_TOKEN = 'Opening a pack needs the edit token: open the link buzzer serve printed, or paste the token above.';
const KINDS = ['choice', 'multi', 'truefalse', 'text', 'number', 'poll', 'order'];
const KIND_NAMES = { choice: 'One right option', multi: 'Several right options', truefalse: 'True or false', text: 'Typed answer', number: 'Closest number', poll: 'Poll (no right answer)', order: 'Put in order' };
const WITH_OPTIONS = new Set(['choice', 'multi', 'poll']);
/** Kinds that can be partly right, and so take a partial-credit rule (docs/game-rules.md). */
const WITH_CREDIT = new Set(['multi', 'order']);
const CREDIT_NAMES = [['perItem', 'Per item: part of the points for each right one'], ['allOrNothing', 'All or nothing: points only when fully right']];

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
  notice('Edit token saved in this browser.');
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
    h('h1', { text: 'Question library' }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    h('form', { class: 'search', role: 'search', onsubmit: (e) => { e.preventDefault(); query = e.currentTarget.q.value.trim(); showLibrary(); } },
      h('label', { for: 'q', text: 'Search packs' }),
      h('input', { id: 'q', name: 'q', type: 'search', value: query }),
      h('button', { type: 'submit', class: 'btn', text: 'Search' })),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn primary', id: 'new-pack', text: 'New pack', onclick: () => openPack(null) }),
      h('label', { class: 'btn', for: 'import-file', text: 'Import a file…' }),
      h('input', { id: 'import-file', type: 'file', class: 'sr-only', accept: '.json,.csv,application/json,text/csv', onchange: importFile }),
      h('a', { class: 'btn ghost', href: '/host', text: 'Back to the host console' })),
    h('p', { class: 'hint', text: 'Import a pack (JSON), an Open Trivia Database response (JSON) or a spreadsheet saved as CSV (columns in docs/question-library.md).' }),
    items.length ? h('ul', { class: 'pack-list' }, items.map((p) => h('li', {},
      h('span', { class: 'pname' }, h('strong', { text: p.title }), h('span', { class: 'hint', text: ` ${p.questionCount} questions · ${p.categories.join(', ')}` })),
      h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small', 'aria-label': `Edit ${p.title}`, text: 'Edit', onclick: () => openPack(p.id) }),
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Export ${p.title}`, text: 'Export', onclick: () => exportPack(p.id) }),
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Delete ${p.title}`, text: 'Delete', onclick: () => askDelete(p) })))))
      : h('p', { class: 'hint', text: query ? 'No pack matches.' : 'The library is empty: make a pack or import one.' })));
}

function tokenBox() {
  if (token()) return null;
  return h('form', { class: 'card warn', onsubmit: (e) => { e.preventDefault(); store(TOKEN_KEY, e.currentTarget.token.value.trim()); showLibrary(); } },
    h('p', { text: 'Saving needs the edit token: open the link buzzer serve printed, or paste the token (library.editToken in config.json).' }),
    h('label', { for: 'token', text: 'Edit token' }),
    h('input', { id: 'token', name: 'token', autocomplete: 'off', spellcheck: 'false' }),
    h('button', { type: 'submit', class: 'btn', text: 'Use this token' }));
}

async function exportPack(id) {
  if (!token()) { notice(NEEDS_TOKEN, 'bad'); return; }
  const result = await api('GET', `/api/packs/${id}`);
  if (result.status !== 200) { notice(result.json?.error ?? 'That pack could not be read.', 'bad'); return; }
  const link = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(result.json, null, 2)], { type: 'application/json' })), download: `${id}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

function askDelete(p) {
  const dialog = h('dialog', { class: 'ask', 'aria-labelledby': 'ask-title' },
    h('form', { method: 'dialog' },
      h('h2', { id: 'ask-title', text: `Delete ${p.title}?` }),
      h('p', { text: 'The file is removed from the library folder. Games already played keep their copy in the archive.' }),
      h('div', { class: 'controls' },
        h('button', { type: 'submit', value: 'cancel', class: 'btn', text: 'Cancel' }),
        h('button', { type: 'submit', value: 'confirm', id: 'ask-confirm', class: 'btn danger', text: 'Delete' }))));
  dialog.addEventListener('close', async () => {
    dialog.remove();
    if (dialog.returnValue !== 'confirm') return;
    const result = await api('DELETE', `/api/packs/${p.id}`);
    await showLibrary();
    notice(result.status === 204 ? `${p.title} deleted.` : result.json?.error ?? 'It could not be deleted.', result.status === 204 ? 'ok' : 'bad');
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
    try { parsed = JSON.parse(await file.text()); } catch (error) { notice(`That file is not valid JSON: ${error.message}`, 'bad'); return; }
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
  notice(`Imported ${pack.rounds.reduce((n, r) => n + r.questions.length, 0)} questions. Check them, then save.`);
}

function importError(result) {
  if (result.json?.errors) return result.json.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
  return result.json?.error ?? `The import failed (${result.status}).`;
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
    if (!token()) { notice(NEEDS_TOKEN, 'bad'); return; }
    const result = await api('GET', `/api/packs/${id}`);
    if (result.status !== 200) { notice(result.json?.error ?? 'That pack could not be read.', 'bad'); return; }
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

const PART_NAMES = {
  title: 'title', description: 'description', kind: 'kind', category: 'category', text: 'question', answer: 'answer',
  options: 'options', explanation: 'explanation', points: 'points', timeLimit: 'seconds', media: 'picture or sound',
  revealMedia: 'picture or sound at the reveal', image: 'picture', audio: 'sound', alt: 'picture description',
  startMs: 'start', durationMs: 'length', questions: 'questions', rounds: 'rounds', break: 'break', minutes: 'minutes', items: 'items', partialCredit: 'partial credit',
};
const ITEM_NAMES = { rounds: 'round', questions: 'question', options: 'option', answer: 'answer', items: 'item' };

/** `rounds[0].questions[0].options[4]` → "Round 1, question 1, option 5". */
function place(path) {
  const parts = [...path.matchAll(/([A-Za-z]+)(?:\[(\d+)\])?/g)].map(([, name, index]) =>
    index === undefined ? PART_NAMES[name] ?? name : `${ITEM_NAMES[name] ?? name} ${Number(index) + 1}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A problem as a sentence for people: "Round 1, question 1, option 5 is empty." */
function describe(problem) {
  const message = problem.message === 'must not be empty' ? 'is empty' : problem.message;
  let text = !problem.path ? message : /^(must|is|has|describes|applies)\b/.test(message)
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
    h('h1', { text: packId ? `Edit ${pack.title || packId}` : 'New pack' }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    problems.length ? h('div', { class: 'card warn', role: 'alert', id: 'problems', tabindex: '-1' },
      h('p', { text: `The pack was not saved: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}.` }),
      h('ul', {}, problems.map((p) => h('li', { text: describe(p), 'data-path': p.path })))) : null,
    field('title', 'Title', input(pack.title, (v) => { pack.title = v; }, { maxlength: 200 })),
    field('description', 'Description (optional)', input(pack.description, (v) => { pack.description = v; })),
    field('partialCredit', 'Partial credit on several-right and order questions', creditSelect(pack.partialCredit || 'perItem', (v) => { pack.partialCredit = v === 'perItem' ? '' : v; })),
    pack.rounds.map((round, r) => roundSection(round, r)),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn', id: 'add-round', text: 'Add a round', onclick: () => { pack.rounds.push({ title: '', wager: false, questions: [blankQuestion('choice')] }); renderPack(); } }),
      h('button', { type: 'submit', class: 'btn primary', id: 'save', text: `Save pack (${questionCount} ${questionCount === 1 ? 'question' : 'questions'})` }),
      h('button', { type: 'button', class: 'btn ghost', id: 'back', text: 'Back to the library', onclick: showLibrary }))));
}

function roundSection(round, r) {
  const base = `rounds[${r}]`;
  return h('fieldset', { class: 'round' },
    h('legend', { text: `Round ${r + 1}${round.title ? `: ${round.title}` : ''}` }),
    field(`${base}.title`, 'Round title (optional)', input(round.title, (v) => { round.title = v; })),
    h('label', { class: 'check-row' }, h('input', { type: 'checkbox', checked: round.wager, onchange: (e) => { round.wager = e.currentTarget.checked; } }),
      'Wager round: teams stake points on each question'),
    breakFields(round, r),
    round.questions.map((q, i) => questionCard(round, q, r, i)),
    h('div', { class: 'controls' },
      h('button', { type: 'button', class: 'btn small', text: 'Add a question', 'aria-label': `Add a question to round ${r + 1}`,
        onclick: () => { round.questions.push(blankQuestion('choice')); renderPack(); focusLast(); } }),
      pack.rounds.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', text: 'Remove this round', onclick: () => { pack.rounds.splice(r, 1); renderPack(); } }) : null));
}

/** The slide shown before the round ("Half-time: back in 10 minutes"): add, edit or remove it. */
function breakFields(round, r) {
  const base = `rounds[${r}].break`;
  if (!round.break) {
    return h('p', {}, h('button', { type: 'button', class: 'btn small add-break', text: 'Add a break before this round', onclick: () => {
      round.break = { title: '', text: '', minutes: '' };
      renderPack();
      $(`#f-rounds-${r}-break-title`)?.focus();
    } }));
  }
  const b = round.break;
  return h('fieldset', { class: 'break-fields' },
    h('legend', { text: `Break before round ${r + 1}` }),
    field(`${base}.title`, 'Break title', input(b.title, (v) => { b.title = v; }, { maxlength: 100 }), { hint: 'Shown on the big screen and the phones; the round\'s title follows as "Up next".' }),
    field(`${base}.text`, 'Text (optional)', input(b.text, (v) => { b.text = v; }, { maxlength: 200 })),
    field(`${base}.minutes`, 'Countdown in minutes (optional, 1 to 60)', input(b.minutes, (v) => { b.minutes = v; }, { type: 'number', min: 1, max: 60, step: 1 })),
    h('button', { type: 'button', class: 'btn small ghost remove-break', text: 'Remove the break', onclick: () => { delete round.break; renderPack(); } }));
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
  } }, KINDS.map((k) => h('option', { value: k, text: KIND_NAMES[k], selected: k === q.kind })));
  const errs = problems.filter((p) => p.path === base);
  return h('section', { class: 'question-card', 'aria-label': `Question ${n}` },
    h('h2', { text: `Question ${n}` }),
    errs.length ? h('p', { class: 'field-error', text: sentences(errs) }) : null,
    field(`${base}.kind`, 'Kind', kind),
    field(`${base}.category`, 'Category', input(q.category, (v) => { q.category = v; }, { maxlength: 200 })),
    field(`${base}.text`, 'Question', h('textarea', { rows: 2, oninput: (e) => { q.text = e.currentTarget.value; }, text: q.text ?? '' }),
      { hint: 'Any Unicode works: ∫ x² dx, √2, e^(iπ), 日本.' }),
    answerFields(q, base),
    WITH_CREDIT.has(q.kind) ? field(`${base}.partialCredit`, 'Partial credit', creditSelect(q.partialCredit ?? '', (v) => { q.partialCredit = v; }, 'As the pack says')) : null,
    field(`${base}.explanation`, 'Explanation shown at the reveal (optional)', input(q.explanation, (v) => { q.explanation = v; })),
    h('div', { class: 'settings-grid' },
      field(`${base}.points`, 'Points', h('select', { onchange: (e) => { q.points = Number(e.currentTarget.value); } },
        [[0, 'None (practice)'], [1, 'Normal'], [2, 'Double']].map(([v, t]) => h('option', { value: v, text: t, selected: (q.points ?? 1) === v })))),
      field(`${base}.timeLimit`, 'Seconds (empty: the room default)', input(q.timeLimit, (v) => { q.timeLimit = v === '' ? undefined : Number(v); }, { type: 'number', min: 5, max: 300 }))),
    mediaFields(q, base, 'media', 'Picture or sound with the question'),
    mediaFields(q, base, 'revealMedia', 'Picture or sound with the answer (shown at the reveal only)'),
    h('div', { class: 'controls' },
      i > 0 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Move question ${n} up`, text: 'Move up', onclick: () => move(i - 1) }) : null,
      i < round.questions.length - 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Move question ${n} down`, text: 'Move down', onclick: () => move(i + 1) }) : null,
      h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Delete question ${n}`, text: 'Delete', onclick: () => { round.questions.splice(i, 1); renderPack(); } })));
}

/** The partial-credit rule: the pack's, or a question's own (`inherit` names the pack's choice). */
function creditSelect(value, set, inherit) {
  return h('select', { onchange: (e) => set(e.currentTarget.value) },
    [...(inherit ? [['', inherit]] : []), ...CREDIT_NAMES].map(([v, t]) => h('option', { value: v, text: t, selected: value === v })));
}

/** An order question's items, in the right order (players see them shuffled), each movable up and down. */
function itemFields(q, base) {
  const errs = problems.filter((p) => p.path === `${base}.items`);
  const id = `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-items`;
  const move = (o, to) => { const [item] = q.items.splice(o, 1); q.items.splice(to, 0, item); renderPack(); main.querySelector(`[data-path="${base}.items[${to}]"]`)?.focus(); };
  return h('div', { class: `field${errs.length ? ' invalid' : ''}`, 'data-path': `${base}.items`, role: 'group', 'aria-labelledby': `${id}-label` },
    h('p', { class: 'label', id: `${id}-label`, text: 'Items, in the right order (players get them shuffled)' }),
    h('ol', { class: 'option-list' }, q.items.map((text, o) => {
      const path = `${base}.items[${o}]`;
      const control = h('input', { id: `${id}-${o}`, value: text, 'aria-label': `Item ${o + 1}`, autocomplete: 'off', maxlength: 200, 'data-path': path,
        oninput: (e) => { q.items[o] = e.currentTarget.value; } });
      return h('li', { class: 'option-row' }, h('span', { 'aria-hidden': 'true', text: `${o + 1}.` }), control,
        o > 0 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Move item ${o + 1} up`, text: '↑', onclick: () => move(o, o - 1) }) : null,
        o < q.items.length - 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Move item ${o + 1} down`, text: '↓', onclick: () => move(o, o + 1) }) : null,
        q.items.length > 3 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Remove item ${o + 1}`, text: '✕', onclick: () => { q.items.splice(o, 1); renderPack(); } }) : null,
        errorFor(control, `${id}-${o}`, problems.filter((p) => p.path === path)));
    })),
    q.items.length < 6 ? h('button', { type: 'button', class: 'btn small', id: `${id}-add`, text: 'Add an item', onclick: () => { q.items.push(''); renderPack(); } }) : null,
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
      h('p', { class: 'label', id: `${id}-label`, text: q.kind === 'poll' ? 'Options' : q.kind === 'choice' ? 'Options (mark the right one)' : 'Options (tick every right one)' }),
      h('ul', { class: 'option-list' }, rows),
      q.options.length < 6 ? h('button', { type: 'button', class: 'btn small', text: 'Add an option', onclick: () => { q.options.push(''); renderPack(); } }) : null,
      errs.length ? h('p', { id: `${id}-error`, class: 'field-error', text: sentences(errs) }) : null);
  }
  if (q.kind === 'truefalse') {
    return field(`${base}.answer`, 'The right answer', h('select', { onchange: (e) => { q.answer = e.currentTarget.value === 'true'; } },
      h('option', { value: 'true', text: 'True', selected: q.answer === true }), h('option', { value: 'false', text: 'False', selected: q.answer === false })));
  }
  if (q.kind === 'text') {
    return field(`${base}.answer`, 'Accepted answers, one per line', h('textarea', { rows: 2, text: (q.answer ?? []).join('\n'),
      oninput: (e) => { q.answer = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }),
    { hint: 'Case, accents, spacing and punctuation are ignored when answers are compared.' });
  }
  return field(`${base}.answer`, 'The right number (closest wins)', input(q.answer, (v) => { q.answer = Number(v); }, { inputmode: 'decimal' }));
}

/** One option: right or not, its text with its own problem (`…options[4]`) beside it, and Remove. */
function optionRow(q, base, right, text, o) {
  const path = `${base}.options[${o}]`;
  const id = `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const control = h('input', { id, value: text, 'aria-label': `Option ${o + 1}`, autocomplete: 'off', maxlength: 200, 'data-option': o, 'data-path': path,
    oninput: (e) => { q.options[o] = e.currentTarget.value; } });
  const error = errorFor(control, id, problems.filter((p) => p.path === path));
  return h('li', { class: 'option-row' },
    // The radios share a name, so each is also labelled by the list's label (axe "radiogroup").
    q.kind === 'poll' ? null : h('span', { id: `${id}-right`, class: 'sr-only', text: `Option ${o + 1} is right` }),
    q.kind === 'poll' ? null : h('input', { type: q.kind === 'choice' ? 'radio' : 'checkbox', name: `${base}-right`, checked: right.includes(o),
      'aria-labelledby': `f-${base.replace(/[^a-zA-Z0-9]+/g, '-')}-options-label ${id}-right`, onchange: (e) => {
        if (q.kind === 'choice') q.answer = o;
        else q.answer = e.currentTarget.checked ? [...new Set([...(q.answer ?? []), o])].sort() : (q.answer ?? []).filter((x) => x !== o);
      } }),
    control,
    q.options.length > 2 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': `Remove option ${o + 1}`, text: '✕', onclick: () => {
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
        notice(`Uploading ${file.name}…`);
        const result = await api('POST', '/api/media', file);
        if (result.status !== 200 && result.status !== 201) { notice(result.json?.error ?? `The upload failed (${result.status}).`, 'bad'); return; }
        q[key] = { ...(q[key] ?? {}), [kind]: result.json.url };
        uploads.set(`${path}.${kind}`, { file, url: result.json.url });
        renderPack();
        notice(`${file.name} uploaded.`);
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
    return `Now: ${uploaded && uploaded.url === media[kind] ? uploaded.file.name : media[kind].split('/').pop()} (${kind === 'image' ? 'shown' : 'playable'} below).`;
  };
  return h('details', { class: 'media-box', open: !!(media.image || media.audio) || problemsAt(path).length > 0 },
    h('summary', { text: legend }),
    problems.some((p) => p.path === path) ? h('p', { class: 'field-error', text: sentences(problems.filter((p) => p.path === path)) }) : null,
    field(`${path}.image`, 'Picture (PNG, JPEG, WebP or GIF)', upload('image'), { hint: current('image') }),
    media.image ? h('figure', { class: 'q-media' }, h('img', { src: media.image, alt: media.alt || 'The uploaded picture' })) : null,
    media.image ? field(`${path}.alt`, 'What the picture shows (for screen readers)', input(media.alt, (v) => { q[key].alt = v; })) : null,
    media.image && key === 'media' ? h('label', { class: 'check-row' }, h('input', { type: 'checkbox', checked: !!media.onPhones,
      onchange: (e) => { q[key].onPhones = e.currentTarget.checked; } }), 'Show the picture on phones too (else the big screen only)') : null,
    field(`${path}.audio`, 'Sound (MP3, OGG or WAV)', upload('audio'), { hint: current('audio') }),
    media.audio ? h('audio', { controls: true, src: media.audio, preload: 'metadata', 'aria-label': 'The uploaded sound' }) : null,
    media.audio ? h('div', { class: 'settings-grid' },
      field(`${path}.startMs`, 'Start at (ms)', input(media.startMs, (v) => { q[key].startMs = v === '' ? undefined : Number(v); }, { type: 'number', min: 0 })),
      field(`${path}.durationMs`, 'Play for (ms, empty: to the end)', input(media.durationMs, (v) => { q[key].durationMs = v === '' ? undefined : Number(v); }, { type: 'number', min: 1 }))) : null,
    media.image || media.audio ? h('button', { type: 'button', class: 'btn small ghost', text: 'Remove the picture and sound', onclick: () => {
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
    notice(`Saved as ${packId}. Hosts can pick it now.`);
    return;
  }
  if (result.status === 422) problems = result.json?.errors ?? [];
  else problems = [{ path: '', message: result.json?.error ?? `The save failed (${result.status}).` }];
  renderPack();
  const first = main.querySelector('[aria-invalid="true"]') ?? $('#problems');
  first?.focus();
  say(live, `Not saved: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}.`);
}

showLibrary();
