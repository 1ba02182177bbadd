// One pack: read, normalized for the form, serialized for the server, saved.
import { S, api, notice, token, main, NEEDS_TOKEN } from './store.js';
import { $, kind, loadKindNames, loadKinds, t } from '../common.js';
import { formatDate } from '../i18n.js';
import { field } from './fields.js';
import { renderPack } from './panels.js';
import { loadHistory } from './history.js';
import { loadExtraFields } from './extras.js';

// MARK: - One pack

/** The rounds form of a pack document, with every field the editor shows present. */
export function normalize(doc) {
  const rounds = doc.rounds ?? [{ questions: doc.questions ?? [] }];
  return {
    title: doc.title ?? '', description: doc.description ?? '', partialCredit: doc.partialCredit ?? '',
    rounds: rounds.map((r) => ({ title: r.title ?? '', wager: !!r.wager, questions: (r.questions ?? []).map((q) => ({ ...q })),
      ...(r.break ? { break: { title: r.break.title ?? '', text: r.break.text ?? '', minutes: r.break.minutes ?? '' } } : {}) })),
  };
}

/** The document to save: empty optional fields left out, required ones kept even when empty, so
 *  the server's rules see what the host meant and name the field ("category: must not be empty"). */
export function serialize() {
  const REQUIRED = new Set(['title', 'kind', 'category', 'text', 'answer', 'options']);
  const clean = (o) => Object.fromEntries(Object.entries(o).filter(([k, v]) => REQUIRED.has(k) ? v !== undefined : v !== '' && v !== null && v !== undefined));
  return clean({
    title: S.pack.title.trim(), description: S.pack.description.trim(), partialCredit: S.pack.partialCredit,
    rounds: S.pack.rounds.map((r) => ({ ...(r.title.trim() ? { title: r.title.trim() } : {}), wager: r.wager, ...breakDoc(r.break), questions: r.questions.map((q) => {
      const out = clean({ ...q });
      for (const key of ['media', 'revealMedia']) {
        if (out[key]) { out[key] = clean(out[key]); if (!out[key].image && !out[key].audio) delete out[key]; }
      }
      // What the kind does not take (kinds/): its options, items, partial-credit rule or answer.
      const editor = kind(q.kind).editor;
      if (!editor.options) delete out.options;
      if (!editor.carry) delete out.items;
      if (!editor.credit) delete out.partialCredit;
      if (editor.noAnswer) delete out.answer;
      return out;
    }) })),
  });
}

/** A round's break as the pack writes it: `{"break":{"title":…,"text":…,"minutes":10}}`, empty fields left out. */
export function breakDoc(b) {
  if (!b) return {};
  const out = { title: b.title.trim() };
  if (b.text.trim()) out.text = b.text.trim();
  if (String(b.minutes).trim() !== '') out.minutes = Number(b.minutes);
  return { break: out };
}

export async function openPack(id) {
  S.problems = [];
  S.saveNote = null;
  if (id) {
    if (!token()) { notice(NEEDS_TOKEN(), 'bad'); return; }
    const result = await api('GET', `/api/packs/${id}`);
    if (result.status !== 200) { notice(result.json?.error ?? t('e.couldNotRead'), 'bad'); return; }
    const pack = normalize(result.json);
    await Promise.all([loadPackKinds(pack), loadHistory(id, pack), loadKindNames(), loadExtraFields()]);
    S.packId = id;
    S.version = result.etag;
    S.pack = pack;
  } else {
    await Promise.all([loadKinds(['choice']), loadKindNames(), loadExtraFields()]);
    S.packId = null;
    S.version = null;
    S.pack = normalize({ title: '', rounds: [{ questions: [blankQuestion('choice')] }] });
  }
  renderPack();
}

/** Loads the kinds `pack`'s questions use (kinds/index.js), before its questions are drawn. */
export const loadPackKinds = (pack) => loadKinds(pack.rounds.flatMap((r) => r.questions.map((q) => q.kind)));


/** A new question of `name`'s kind, which is loaded (`loadKinds`): the shared fields and the kind's own (kinds/). */
export const blankQuestion = (name) => ({ kind: name, category: '', text: '', points: 1, ...kind(name).editor.blank() });

/** Problems whose path is `path` or inside it (`…options[2]` belongs to `…options`). */
export function problemsAt(path) {
  return S.problems.filter((p) => p.path === path || p.path.startsWith(`${path}[`) || p.path.startsWith(`${path}.`));
}

/**
 * Saves the pack and says how it went where the host is, however far down a long pack: the fixed
 * `#notice` (role=status, in view wherever the page is scrolled) and a note beside the Save button.
 * A save that never reaches the server keeps the form as it is, so nothing typed is lost.
 */
export async function save() {
  if (S.saving) return;
  S.saving = true;
  showSaveNote({ text: t('e.saving'), tone: 'busy' });
  let result = null;
  try {
    const body = serialize();
    result = S.packId
      ? await api('PUT', `/api/packs/${S.packId}`, body, S.version ? { 'If-Match': S.version } : {})
      : await api('POST', '/api/packs', body);
  } catch {
    result = null;  // offline, or the server is gone
  } finally {
    S.saving = false;
  }
  if (!result) {
    showSaveNote({ text: t('e.notSavedShort'), tone: 'bad' });
    notice(t('e.unreachable'), 'bad');
    return;
  }
  if (result.status === 200 || result.status === 201) {
    S.packId = result.json.id;
    S.version = result.etag;
    S.problems = [];
    S.saveNote = { text: t('e.savedAt', { time: formatDate(Date.now(), { timeStyle: 'short' }) }), tone: 'ok' };
    renderPack();
    notice(t('e.saved', { id: S.packId }));
    return;
  }
  if (result.status === 422) S.problems = result.json?.errors ?? [];
  else S.problems = [{ path: '', message: result.json?.error ?? t('e.saveFailed', { status: result.status }) }];
  S.saveNote = { text: t('e.notSaved', { count: S.problems.length }), tone: 'bad' };
  renderPack();
  notice(t('e.notSaved', { count: S.problems.length }), 'bad');
  // The first field the server named, else the list of problems at the top (it scrolls into view).
  const first = main.querySelector('[aria-invalid="true"]') ?? $('#problems');
  first?.focus();
}

/** The words beside the Save button (seen, not announced: `#notice` announces them). */
export function showSaveNote(note) {
  S.saveNote = note;
  const node = $('#save-note');
  if (!node) return;
  node.className = `save-note ${note.tone}`;
  node.textContent = note.text;
}
