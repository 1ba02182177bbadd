// The corrections form (docs/web-league.md, "The corrections form"): one module for the console's end screen
// and the league page's owner panel. It asks GET /api/games/GAME/corrections what can be named, then
// sends each correction as POST with the key it was given (the game's host key, or the edit token).
// The server checks everything; the form shows its refusal as it was given. Loaded only when opened
// (`import()`), with its own words (LANG.corrections.json), so neither page pays for it before.
import { h, fill, t, standingsTable, teamTable } from './common.js';
import { addCatalogue, formatDate, formatList, formatNumber, onLanguage } from './i18n.js';

/** The one form on a page: where it is drawn, the game and key, what the server listed (`sheet`),
 *  the question and correction chosen, the last word, and the standings the last correction gave. */
const C = { box: null, game: '', token: '', onChange: null, sheet: null, question: 0, action: '', said: '', failed: false, standings: null, busy: false, reason: '', focus: null,
  pack: null, packFix: null };

/** Each correction: its radio's words, its name in the list of corrections made, and when it applies. */
const ACTIONS = {
  answer_key: { label: 'c.action.key', done: 'c.kind.key', offered: (q) => q && q.scored && !q.voided && KEY_KINDS.has(q.kind) },
  ruling: { label: 'c.action.ruling', done: 'c.kind.ruling', offered: (q) => q && q.scored && !q.voided && q.typed?.length > 0 },
  void: { label: 'c.action.void', done: 'c.kind.void', offered: (q) => q && !q.voided },
  adjust: { label: 'c.action.adjust', done: 'c.kind.adjust', offered: () => true },
};
/** The kinds whose right answer the form can write; the others can be voided, or their answers ruled on. */
const KEY_KINDS = new Set(['choice', 'multi', 'truefalse', 'number', 'text']);

/** Opens the form for `game` (`CODE`, `CODE@N` or a league's game key) in `box`; `onChange` runs
 *  after each correction the server took (the league page reloads its standings). `pack` ({ id, token }):
 *  the library pack the game was hosted from, and the edit token, so a new key can be fixed there too. */
export async function openCorrections(box, { game, token, onChange = null, pack = null }) {
  await addCatalogue('corrections');
  // The page drew its screen again (the console does when the corrected end arrives): the same
  // form comes back as it was, with its last word, the reason typed so far and the focus.
  const again = C.sheet && C.game === game && C.token === token;
  if (again) Object.assign(C, { box, onChange, pack });
  else Object.assign(C, { box, game, token, onChange, pack, sheet: null, question: 0, action: '', said: '', failed: false, standings: null, reason: '', focus: null, packFix: null });
  fill(box, h('h2', { id: 'correct-title', tabindex: '-1', text: t('c.title') }),
    h('div', { id: 'correct-body' }, h('p', { class: 'hint', text: t('c.loading') })),
    h('p', { id: 'correct-status', role: 'status', 'aria-live': 'polite' }),
    h('div', { id: 'correct-pack' }),
    h('div', { id: 'correct-standings' }),
    h('div', { id: 'correct-history' }));
  box.setAttribute('aria-labelledby', 'correct-title');
  box.addEventListener('focusin', (e) => { C.focus = e.target.id ? `#${e.target.id}` : null; });
  box.addEventListener('input', (e) => { if (e.target.id === 'correct-reason') C.reason = e.target.value; });
  if (!again) await load();
  draw();
  if (again) {
    if (C.said) tell(C.said, C.failed);
    const reason = box.querySelector('#correct-reason');
    if (reason) reason.value = C.reason ?? '';
  }
  box.querySelector((again && C.focus) || '#correct-title')?.focus();
}

// Another language: the open form says the same in it (the page redraws its own parts).
onLanguage(() => {
  const title = C.box?.querySelector('#correct-title');
  if (!title) return;
  title.textContent = t('c.title');
  redraw(null);
});

async function api(method, body) {
  const response = await fetch(`/api/games/${encodeURIComponent(C.game)}/corrections`, {
    method, cache: 'no-store', body: body ? JSON.stringify(body) : undefined,
    headers: { Authorization: `Bearer ${C.token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) } });
  const reply = await response.json().catch(() => ({}));
  return { ok: response.ok, reply, reason: String(reply.error ?? response.status) };
}

async function load() {
  try {
    const { ok, reply, reason } = await api('GET');
    C.sheet = ok ? reply : null;
    if (!ok) tell(t('c.cannotRead', { reason }), true);
  } catch {
    C.sheet = null;
    tell(t('c.offline'), true);
  }
}

/** Puts `text` in the status line (role=status: screen readers say it without moving focus). */
function tell(text, failed = false) {
  C.said = text;
  C.failed = failed;
  const line = C.box?.querySelector('#correct-status');
  if (!line) return;
  line.className = failed ? 'field-error' : 'correct-done';
  line.textContent = text;
}

const question = () => C.sheet?.questions.find((q) => q.number === C.question) ?? C.sheet?.questions[0] ?? null;
const offered = (q) => Object.keys(ACTIONS).filter((a) => ACTIONS[a].offered(q));

function draw() {
  const body = C.box?.querySelector('#correct-body');
  if (!body) return;
  const s = C.sheet;
  if (!s) { fill(body); return; }
  if (!s.finished) { fill(body, h('p', { class: 'hint', text: t('c.notFinished') })); return; }
  const q = question();
  C.question = q?.number ?? 0;
  const actions = offered(q);
  if (!actions.includes(C.action)) C.action = actions[0];
  fill(body,
    h('p', { class: 'hint', text: t('c.hint', { game: s.title ? `${s.title} (${s.game})` : s.game }) }),
    h('form', { id: 'correct-form', novalidate: true, onsubmit: (e) => { e.preventDefault(); send(e.currentTarget); } },
      q ? h('div', { class: 'field' }, h('label', { for: 'correct-question', text: t('c.question') }),
        h('select', { id: 'correct-question', name: 'question', onchange: (e) => { C.question = Number(e.currentTarget.value); redraw('#correct-question'); } },
          s.questions.map((x) => h('option', { value: x.number, selected: x.number === q.number,
            text: `${formatNumber(x.number)}. ${x.text}${x.voided ? ` (${t('c.voided')})` : ''}` })))) : h('p', { class: 'hint', text: t('c.noQuestions') }),
      h('fieldset', { class: 'correct-actions' }, h('legend', { text: t('c.what') }),
        actions.map((a) => h('label', { class: 'choice-line' },
          h('input', { type: 'radio', name: 'action', value: a, id: `correct-action-${a}`, checked: a === C.action,
            onchange: () => { C.action = a; redraw(`#correct-action-${a}`); } }), ` ${t(ACTIONS[a].label)}`))),
      h('div', { id: 'correct-fields' }, fields(q)),
      h('div', { class: 'field' }, h('label', { for: 'correct-reason', text: t('c.reason') }),
        h('input', { id: 'correct-reason', name: 'reason', maxlength: 200, autocomplete: 'off', 'aria-required': 'true', 'aria-describedby': 'correct-reason-hint' }),
        h('p', { id: 'correct-reason-hint', class: 'hint', text: t('c.reasonHint') })),
      h('button', { type: 'submit', class: 'btn primary', id: 'correct-send', text: t('c.send') })));
  drawStandings();
  drawHistory();
  drawPackFix();
}

/** Draws again after a choice, keeping the reason typed so far and the focus where it was. */
function redraw(focus) {
  const reason = C.box.querySelector('#correct-reason')?.value ?? '';
  draw();
  const field = C.box.querySelector('#correct-reason');
  if (field) field.value = reason;
  if (focus) C.box.querySelector(focus)?.focus();
}

/** The fields the chosen correction needs. */
function fields(q) {
  switch (C.action) {
    case 'answer_key': return keyFields(q);
    case 'ruling': {
      const groups = q.typed;
      return [
        h('div', { class: 'field' }, h('label', { for: 'correct-typed', text: t('c.typedAnswer') }),
          // The ruling offered first is the one that changes something: accept a rejected answer, reject an accepted one.
          h('select', { id: 'correct-typed', name: 'typed', onchange: (e) => {
            C.box.querySelector(`#correct-ruling-${groups[Number(e.currentTarget.value)].accepted ? 'reject' : 'accept'}`).checked = true;
          } }, groups.map((g, i) => h('option', { value: i,
            text: t('c.typedLine', { answer: g.text, names: formatList(g.players.map((p) => p.name)), state: t(g.accepted ? 'c.accepted' : 'c.rejected') }) })))),
        radios('ruling', t('c.ruling'), [['accept', t('c.accept')], ['reject', t('c.reject')]], groups[0].accepted ? 'reject' : 'accept'),
      ];
    }
    case 'void': return h('p', { class: 'hint', text: t('c.voidHint') });
    case 'adjust': return [
      h('div', { class: 'field' }, h('label', { for: 'correct-who', text: t('c.who') }),
        h('select', { id: 'correct-who', name: 'who' },
          C.sheet.players.length ? h('optgroup', { label: t('c.players') }, C.sheet.players.map((p) => h('option', { value: `player:${p.id}`, text: scoreLine(p) }))) : null,
          C.sheet.teams.length ? h('optgroup', { label: t('c.teams') }, C.sheet.teams.map((p) => h('option', { value: `team:${p.id}`, text: scoreLine(p) }))) : null)),
      h('div', { class: 'field' }, h('label', { for: 'correct-delta', text: t('c.delta') }),
        h('input', { id: 'correct-delta', name: 'delta', type: 'number', step: 1, inputmode: 'numeric', 'aria-describedby': 'correct-delta-hint' }),
        h('p', { id: 'correct-delta-hint', class: 'hint', text: t('c.deltaHint') })),
    ];
    default: return null;
  }
}

const scoreLine = (row) => t('c.scoreLine', { name: row.name, score: formatNumber(row.score) });

function radios(name, legend, choices, checked) {
  return h('fieldset', { class: 'correct-choices' }, h('legend', { text: legend }),
    choices.map(([value, text]) => h('label', { class: 'choice-line' },
      h('input', { type: 'radio', name, value, id: `correct-${name}-${value}`, checked: value === checked }), ` ${text}`)));
}

/** The right answer's fields, filled with the answer now: options to pick, a number, or an answer to add. */
function keyFields(q) {
  const key = q.answer_key;
  const legend = t('c.rightAnswer');
  switch (q.kind) {
    case 'choice': return radios('key', legend, key.options.map((o, i) => [String(i), o]), String(key.answer));
    case 'truefalse': return radios('key', legend, [['true', t('tf.true')], ['false', t('tf.false')]], String(key.answer));
    case 'multi': return h('fieldset', { class: 'correct-choices' }, h('legend', { text: t('c.rightOptions') }),
      key.options.map((o, i) => h('label', { class: 'choice-line' },
        h('input', { type: 'checkbox', name: 'keys', value: i, id: `correct-keys-${i}`, checked: key.answer.includes(i) }), ` ${o}`)));
    case 'number': return h('div', { class: 'field' }, h('label', { for: 'correct-number', text: t('c.rightNumber') }),
      h('input', { id: 'correct-number', name: 'number', inputmode: 'decimal', autocomplete: 'off', value: String(key.answer) }));
    case 'text': return [
      h('p', { class: 'hint', id: 'correct-accepted-now', text: t('c.acceptedNow', { answers: formatList(key.answer) }) }),
      h('div', { class: 'field' }, h('label', { for: 'correct-accept', text: t('c.addAnswer') }),
        h('input', { id: 'correct-accept', name: 'accept', autocomplete: 'off', maxlength: 200, 'aria-describedby': 'correct-accepted-now' }))];
    default: return null;
  }
}

/** The new key (the old one with its answer changed) and its words for "Corrected: …"; the server
 *  judges whether it is a valid answer. */
function newKey(q, form) {
  const key = q.answer_key;
  switch (q.kind) {
    case 'choice': {
      const i = Number(form.key.value);
      return [{ ...key, answer: i }, t('c.did.key', { n: q.number, answer: key.options[i] ?? '' })];
    }
    case 'truefalse': return [{ ...key, answer: form.key.value === 'true' }, t('c.did.key', { n: q.number, answer: t(`tf.${form.key.value}`) })];
    case 'multi': {
      const picked = [...form.querySelectorAll('input[name=keys]:checked')].map((box) => Number(box.value));
      return [{ ...key, answer: picked }, t('c.did.key', { n: q.number, answer: formatList(picked.map((i) => key.options[i])) })];
    }
    case 'number': {
      const typed = form.number.value.trim().replace(/\s/g, '').replace(',', '.');
      const value = typed === '' ? null : Number(typed);
      // A year stays 1989, not 1,989: written plain as the question is (number.js's rule; `plain` in the pack).
      const plain = key.plain ?? (Number.isInteger(value) && Math.abs(value) >= 1000 && Math.abs(value) <= 9999);
      const written = Number.isFinite(value) ? formatNumber(value, plain ? { useGrouping: false } : undefined) : typed;
      return [{ ...key, answer: Number.isFinite(value) ? value : typed }, t('c.did.key', { n: q.number, answer: written })];
    }
    case 'text': {
      const added = form.accept.value.trim();
      return [{ ...key, answer: added ? [...key.answer, added] : key.answer }, t('c.did.added', { n: q.number, answer: added })];
    }
    default: return [key, ''];
  }
}

/** The request(s) the form asks for, and what they do in words. A ruling on a typed answer is one
 *  per player who gave it (those whose answer is not judged so already). */
function requests(form) {
  const q = question();
  const reason = form.reason.value;
  switch (C.action) {
    case 'answer_key': {
      const [key, words] = newKey(q, form);
      return { bodies: [{ action: 'answer_key', question: q.number, answer_key: key, reason }], words };
    }
    case 'ruling': {
      const group = q.typed[Number(form.typed.value)];
      const right = form.ruling.value === 'accept';
      const changing = group.players.filter((p) => p.accepted !== right);
      const who = changing.length ? changing : group.players;
      return { bodies: who.map((p) => ({ action: 'ruling', question: q.number, player: p.id, right, reason })),
        words: t(right ? 'c.did.accept' : 'c.did.reject', { answer: group.text, names: formatList(who.map((p) => p.name)) }) };
    }
    case 'void': return { bodies: [{ action: 'void', question: q.number, reason }], words: t('c.did.void', { n: q.number }) };
    case 'adjust': {
      const [kind, id] = form.who.value.split(':');
      const row = C.sheet[kind === 'team' ? 'teams' : 'players'].find((r) => String(r.id) === id);
      const delta = Number(form.delta.value);
      return { bodies: [{ action: 'adjust', [kind]: Number(id), delta: Number.isInteger(delta) ? delta : 0, reason }],
        words: t('c.did.adjust', { name: row?.name ?? '', delta: `${delta > 0 ? '+' : ''}${formatNumber(delta || 0)}` }) };
    }
    default: return { bodies: [], words: '' };
  }
}

async function send(form) {
  if (C.busy || !C.action) return;
  const { bodies, words } = requests(form);
  const q = question();
  // A new key on a game hosted from a library pack: the pack keeps the old one until it is fixed there too.
  const packFix = C.action === 'answer_key' && C.pack?.id && q ? { kind: q.kind, text: q.text, key: bodies[0]?.answer_key, done: '', failed: false } : null;
  C.busy = true;
  form.querySelector('#correct-send').disabled = true;
  try {
    for (const body of bodies) {
      const { ok, reply, reason } = await api('POST', body);
      if (!ok) { tell(t('c.refused', { reason }), true); return; }
      C.standings = reply.standings ?? null;
    }
    await load();
    C.reason = '';
    C.packFix = packFix;
    draw();
    tell(t('c.done', { what: words }));
    // The form was drawn again: keep the keyboard in it, at its start.
    C.box.querySelector('#correct-question, #correct-reason')?.focus();
    C.onChange?.();
  } catch {
    tell(t('c.offline'), true);
  } finally {
    C.busy = false;
    const button = C.box.querySelector('#correct-send');
    if (button) button.disabled = false;
  }
}

/** The standings the last correction gave (the POST's answer), named from the game's list. */
function drawStandings() {
  const box = C.box.querySelector('#correct-standings');
  if (!C.standings) { fill(box); return; }
  const named = (rows, list) => rows.map((r) => ({ ...r, name: list.find((x) => x.id === r.id)?.name ?? String(r.id) }));
  const teams = named(C.standings.teams ?? [], C.sheet?.teams ?? []).map((r) => ({ ...r, members: (C.sheet?.players ?? []).filter((p) => p.team === r.id).length }));
  fill(box, h('h3', { text: t('c.standingsNow') }),
    standingsTable(named(C.standings.players ?? [], C.sheet?.players ?? []), { limit: 100, caption: t('c.playersNow') }),
    teamTable(teams, { limit: 100, caption: t('c.teamsNow') }));
}

/** The corrections made so far, oldest first. */
function drawHistory() {
  const box = C.box.querySelector('#correct-history');
  const made = C.sheet?.corrections ?? [];
  if (!made.length) { fill(box); return; }
  fill(box, h('h3', { text: t('c.history') }),
    h('ul', { class: 'nights' }, made.map((c) => h('li', {
      text: c.question
        ? t('c.historyQuestion', { date: formatDate(c.at), what: t(ACTIONS[c.action]?.done ?? 'c.kind.adjust'), n: c.question, reason: c.reason })
        : t('c.historyScore', { date: formatDate(c.at), what: t(ACTIONS[c.action]?.done ?? 'c.kind.adjust'), reason: c.reason }) }))));
}

/** After a new key, for a game hosted from a library pack: the offer to write it into the pack (or what that did). */
function drawPackFix() {
  const box = C.box?.querySelector('#correct-pack');
  if (!box) return;
  const fix = C.packFix;
  const title = C.sheet?.title || C.pack?.id || '';
  if (!fix) { fill(box); return; }
  if (fix.done) { fill(box, h('p', { class: fix.failed ? 'field-error' : 'correct-done', role: 'status', text: fix.done })); return; }
  fill(box, h('p', { class: 'hint', id: 'correct-pack-still', text: t('c.packStill', { title }) }),
    h('button', { type: 'button', class: 'btn', id: 'correct-fix-pack', 'aria-describedby': 'correct-pack-still', text: t('c.fixPack'), onclick: fixPack }));
}

/** Writes the new key into the library pack's question: the one with the same kind, text and
 *  options (the pack may have changed since the game; then the editor is the place to fix it). */
async function fixPack() {
  const fix = C.packFix;
  if (!fix || C.busy) return;
  C.busy = true;
  const title = C.sheet?.title || C.pack.id;
  const path = `/api/packs/${encodeURIComponent(C.pack.id)}`;
  const auth = { Authorization: `Bearer ${C.pack.token}` };
  const say = (text, failed) => { Object.assign(fix, { done: text, failed }); drawPackFix(); };
  try {
    const got = await fetch(path, { headers: auth, cache: 'no-store' });
    const pack = await got.json().catch(() => null);
    if (!got.ok || !pack) { say(t('c.packNotFixed', { reason: pack?.error ?? got.status }), true); return; }
    const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
    const matches = (pack.rounds ?? [pack]).flatMap((r) => r.questions ?? [])
      .filter((x) => x.kind === fix.kind && x.text === fix.text && same(x.options, fix.key?.options));
    if (matches.length !== 1) { say(t('c.packChanged', { title }), true); return; }
    matches[0].answer = fix.key.answer;
    const put = await fetch(path, { method: 'PUT', cache: 'no-store', body: JSON.stringify(pack),
      headers: { ...auth, 'Content-Type': 'application/json', ...(got.headers.get('ETag') ? { 'If-Match': got.headers.get('ETag') } : {}) } });
    const reply = await put.json().catch(() => ({}));
    say(put.ok ? t('c.packFixed', { title }) : t('c.packNotFixed', { reason: reply.error ?? put.status }), !put.ok);
  } catch {
    say(t('c.offline'), true);
  } finally {
    C.busy = false;
  }
}
