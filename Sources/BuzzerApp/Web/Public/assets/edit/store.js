// The editor's one store (the pack being edited, its version and problems, the library's search)
// and its talk with the library API (docs/question-library.md).
import { $, say, load, t } from '../common.js';

export const main = $('#main');
export const live = $('#live');
export const TOKEN_KEY = 'buzzer.editToken';
// Without the token the server sends a pack's summary only (no questions, no answers).
export const NEEDS_TOKEN = () => t('e.needsToken');

/**
 * `pack`: the pack being edited, always in the rounds form: { title, description, rounds: [{ title,
 * wager, questions }] }; `problems`: from the last save, by JSON path: [{ path, message }];
 * `uploads`: files uploaded in this session, by the field's path (the file control shows its name
 * again after a redraw); `query`: the library's search; `saving`: a save on its way; `saveNote`:
 * `{ text, tone }`, how the last save went, shown beside the Save button.
 */
export const S = { pack: null, packId: null, version: null, problems: [], uploads: new Map(), query: '', saving: false, saveNote: null };

export function token() { return load(TOKEN_KEY); }
export async function api(method, path, body, headers = {}) {
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

export function notice(text, tone = 'ok') {
  const node = $('#notice');
  if (node) { node.className = `notice ${tone}`; node.textContent = text; }
  say(live, text);
}
