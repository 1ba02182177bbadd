// The editor's library: list, search, import, export and delete packs.
import { S, api, notice, token, main, TOKEN_KEY, NEEDS_TOKEN } from './store.js';
import { $, h, fill, store, t } from '../common.js';
import { formatList } from '../i18n.js';
import { renderPack } from './panels.js';
import { normalize, openPack, loadPackKinds } from './pack.js';

// MARK: - The library

export async function showLibrary() {
  S.pack = null;
  S.packId = null;
  const result = await api('GET', `/api/packs?perPage=100${S.query ? `&q=${encodeURIComponent(S.query)}` : ''}`);
  const items = result.json?.items ?? [];
  fill(main, h('section', { class: 'panel editor' },
    h('h1', { text: t('e.library') }),
    tokenBox(),
    h('p', { id: 'notice', class: 'notice', role: 'status' }),
    h('form', { class: 'search', role: 'search', onsubmit: (e) => { e.preventDefault(); S.query = e.currentTarget.q.value.trim(); showLibrary(); } },
      h('label', { for: 'q', text: t('e.searchPacks') }),
      h('input', { id: 'q', name: 'q', type: 'search', value: S.query }),
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
      : h('p', { class: 'hint', text: S.query ? t('e.noMatch') : t('e.empty') })));
}

export function tokenBox() {
  if (token()) return null;
  return h('form', { class: 'card warn', onsubmit: (e) => { e.preventDefault(); store(TOKEN_KEY, e.currentTarget.token.value.trim()); showLibrary(); } },
    h('p', { text: t('e.tokenNeeded') }),
    h('label', { for: 'token', text: t('e.editToken') }),
    h('input', { id: 'token', name: 'token', autocomplete: 'off', spellcheck: 'false' }),
    h('button', { type: 'submit', class: 'btn', text: t('e.useToken') }));
}

export async function exportPack(id) {
  if (!token()) { notice(NEEDS_TOKEN(), 'bad'); return; }
  const result = await api('GET', `/api/packs/${id}`);
  if (result.status !== 200) { notice(result.json?.error ?? t('e.couldNotRead'), 'bad'); return; }
  const link = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(result.json, null, 2)], { type: 'application/json' })), download: `${id}.json` });
  document.body.append(link);
  link.click();
  link.remove();
}

export function askDelete(p) {
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

export async function importFile(event) {
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
  const pack = normalize(document_);
  await loadPackKinds(pack);
  S.packId = null;
  S.version = null;
  S.pack = pack;
  S.problems = [];
  renderPack();
  notice(t('e.imported', { count: S.pack.rounds.reduce((n, r) => n + r.questions.length, 0) }));
}

export function importError(result) {
  if (result.json?.errors) return result.json.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
  return result.json?.error ?? t('e.importFailed', { status: result.status });
}
