// The editor's fields: a label, the control, its hint and the server's problems beside it, in
// plain words; the partial-credit rule and a question's picture and sound.
import { S, api, notice } from './store.js';
import { $, h, kind, t } from '../common.js';
import { formatNumber } from '../i18n.js';
import { renderPack } from './panels.js';
import { problemsAt, save } from './pack.js';
import { isExtra } from './extras.js';


// A path's parts in words: `e.part.NAME` (a field), `e.item.NAME` ("option {n}"); unknown names stay as they are.
const CREDIT_NAMES = ['perItem', 'allOrNothing'];

export const PART_NAMES = new Set(['title', 'description', 'kind', 'category', 'text', 'answer', 'options', 'explanation', 'points',
  'timeLimit', 'media', 'revealMedia', 'image', 'audio', 'alt', 'startMs', 'durationMs', 'questions', 'rounds', 'break', 'minutes',
  'items', 'partialCredit']);
export const ITEM_NAMES = new Set(['rounds', 'questions', 'options', 'answer', 'items']);

/** `rounds[0].questions[0].options[4]` → "Round 1, question 1, option 5". */
export function place(path) {
  const parts = [...path.matchAll(/([A-Za-z]+)(?:\[(\d+)\])?/g)].map(([, name, index]) =>
    index === undefined ? (PART_NAMES.has(name) ? t(`e.part.${name}`) : isExtra(name) ? t(`e.extra.${name}`) : name)
      : ITEM_NAMES.has(name) ? t(`e.item.${name}`, { n: Number(index) + 1 }) : `${isExtra(name) ? t(`e.extra.${name}`) : name} ${Number(index) + 1}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A problem as a sentence for people: "Round 1, question 1, option 5 is empty." */
export function describe(problem) {
  // The server's rule texts are English; the commonest one is said in the page's language, and a
  // clip's timing in seconds, as the form asks for it (the pack keeps milliseconds).
  const clip = /\.(startMs|durationMs)$/.exec(problem.path ?? '');
  if (clip) return `${place(problem.path)}: ${clipRangeText(clip[1])}`;
  const message = problem.message === 'must not be empty' ? t('e.isEmpty') : problem.message;
  let text = !problem.path ? message : message === t('e.isEmpty') ? t('e.placeIsEmpty', { place: place(problem.path) }) : /^(must|is|has|describes|applies)\b/.test(message)
    ? `${place(problem.path)} ${message}` : `${place(problem.path)}: ${message}`;
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The sentences for `list`, each once. */
export function sentences(list) {
  return [...new Set(list.map(describe))].join('\n');
}

/** An error under a control: the control is marked invalid and described by it. */
export function errorFor(control, id, list) {
  if (!list.length) return null;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), `${id}-error`].filter(Boolean).join(' '));
  return h('p', { id: `${id}-error`, class: 'field-error', text: sentences(list) });
}

/** A labelled field bound to `get`/`set`, with the server's words under it when a save was refused there. */
export function field(path, label, control, { hint } = {}) {
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

export function input(value, onInput, attrs = {}) {
  // autocomplete=off is for text; on a number field axe (rightly) calls it invalid.
  return h('input', { value: value ?? '', ...(attrs.type === 'number' ? {} : { autocomplete: 'off' }), ...attrs, oninput: (e) => onInput(e.currentTarget.value) });
}


/** The partial-credit rule: the pack's, or a question's own (`inherit` names the pack's choice). */
export function creditSelect(value, set, inherit) {
  return h('select', { onchange: (e) => set(e.currentTarget.value) },
    [...(inherit ? [['', inherit]] : []), ...CREDIT_NAMES.map((v) => [v, t(`e.credit.${v}`)])].map(([v, label]) => h('option', { value: v, text: label, selected: value === v })));
}


export function mediaFields(q, base, key, legend) {
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
        S.uploads.set(`${path}.${kind}`, { file, url: result.json.url });
        renderPack();
        notice(t('e.uploaded', { name: file.name }));
      } });
    // A redraw makes a new control: give it the uploaded file back, so it names it instead of "No file chosen".
    const uploaded = S.uploads.get(`${path}.${kind}`);
    if (uploaded && uploaded.url === media[kind]) {
      try { const files = new DataTransfer(); files.items.add(uploaded.file); control.files = files.files; } catch { /* older browsers: the hint below names it */ }
    }
    return control;
  };
  /** What the pack holds now: the uploaded file's name, or the library address of a picture or sound opened with the pack. */
  const current = (kind) => {
    if (!media[kind]) return undefined;
    const uploaded = S.uploads.get(`${path}.${kind}`);
    return t(kind === 'image' ? 'e.nowImage' : 'e.nowAudio', { name: uploaded && uploaded.url === media[kind] ? uploaded.file.name : media[kind].split('/').pop() });
  };
  return h('details', { class: 'media-box', open: !!(media.image || media.audio) || problemsAt(path).length > 0 },
    h('summary', { text: legend }),
    S.problems.some((p) => p.path === path) ? h('p', { class: 'field-error', text: sentences(S.problems.filter((p) => p.path === path)) }) : null,
    field(`${path}.image`, t('e.picture'), upload('image'), { hint: current('image') }),
    media.image ? h('figure', { class: 'q-media' }, h('img', { src: media.image, alt: media.alt || t('e.uploadedPicture') })) : null,
    media.image ? field(`${path}.alt`, t('e.alt'), input(media.alt, (v) => { q[key].alt = v; })) : null,
    media.image && key === 'media' ? h('label', { class: 'check-row' }, h('input', { type: 'checkbox', checked: !!media.onPhones,
      onchange: (e) => { q[key].onPhones = e.currentTarget.checked; } }), t('e.onPhones')) : null,
    field(`${path}.audio`, t('e.sound'), upload('audio'), { hint: current('audio') }),
    media.audio ? h('audio', { controls: true, src: media.audio, preload: 'metadata', 'aria-label': t('e.uploadedSound') }) : null,
    media.audio ? h('div', { class: 'settings-grid' },
      secondsField(q[key], `${path}.startMs`, 'startMs', t('e.startAtSeconds'), CLIP_SECONDS.startMs),
      secondsField(q[key], `${path}.durationMs`, 'durationMs', t('e.playForSeconds'), CLIP_SECONDS.durationMs)) : null,
    media.image || media.audio ? h('button', { type: 'button', class: 'btn small ghost', text: t('e.removeMedia'), onclick: () => {
      delete q[key];
      S.uploads.delete(`${path}.image`);
      S.uploads.delete(`${path}.audio`);
      renderPack();
    } }) : null);
}

/** What the pack allows for a clip's start and length, in seconds (the pack keeps milliseconds). */
const CLIP_SECONDS = { startMs: { min: 0, max: 3600, key: 'e.startRange' }, durationMs: { min: 0.001, max: 600, key: 'e.lengthRange' } };

/** What a clip's start or length may be, in seconds: the field's error, and the server's refusal of it. */
export function clipRangeText(name) {
  return t(CLIP_SECONDS[name].key, { max: formatNumber(CLIP_SECONDS[name].max), example: formatNumber(12.5) });
}

/** Seconds as typed ("12.5", or "12,5"), or NaN. */
export function typedSeconds(text) {
  const clean = String(text).trim().replace(',', '.');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(clean) ? Number(clean) : NaN;
}

/**
 * A clip's start or length in seconds, decimals allowed, kept in the pack as whole milliseconds
 * (`startMs`, `durationMs`). Out of range it says so in seconds at once; the server's refusal of the
 * same field is said in seconds too. A value that is not a number is kept as typed, so a save is refused there.
 */
function secondsField(media, path, name, label, range) {
  const value = media[name];
  const shown = typeof value === 'number' ? String(value / 1000) : value ?? '';
  const id = `f-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const bad = (text) => text !== '' && !(typedSeconds(text) >= range.min && typedSeconds(text) <= range.max);
  const error = h('p', { id: `${id}-error`, class: 'field-error', text: clipRangeText(name) });
  const control = h('input', { id, value: shown, inputmode: 'decimal', autocomplete: 'off', 'data-path': path, 'aria-describedby': `${id}-hint`, oninput: (e) => {
    const text = e.currentTarget.value;
    const seconds = typedSeconds(text);
    media[name] = text.trim() === '' ? undefined : Number.isNaN(seconds) ? text : Math.round(seconds * 1000);
    show(bad(text));
  } });
  const box = h('div', { class: 'field' }, h('label', { for: id, text: label }), h('p', { id: `${id}-hint`, class: 'hint', text: t('e.secondsHint') }), control, error);
  const show = (invalid) => {
    box.classList.toggle('invalid', invalid);
    error.hidden = !invalid;
    if (invalid) { control.setAttribute('aria-invalid', 'true'); control.setAttribute('aria-describedby', `${id}-hint ${id}-error`); }
    else { control.removeAttribute('aria-invalid'); control.setAttribute('aria-describedby', `${id}-hint`); }
  };
  show(bad(shown) || problemsAt(path).length > 0);
  return box;
}
