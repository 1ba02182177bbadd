// The console before a game: pick or upload a pack, the settings (the server's defaults, from
// GET /api/settings), a league, or reopen a running game.
import { $, h, fill, say, store, load, t } from '../common.js';
import { language } from '../i18n.js';
import { S, live, main, KEY, TOKEN_KEY } from './store.js';
import { primary } from './console.js';
import { recallGame, forgetGame } from './remember.js';
import { repeatsBox, watchRepeats, packWithoutRepeats } from './repeats.js';

// MARK: - Setup: pack, upload, settings

export async function renderSetup() {
  S.screenKey = 'setup';
  fill($('#room-chip'));
  $('#room-chip').hidden = true;
  let packs = [];
  let defaults = {};
  let leagues = [];
  try {
    const [packList, settings, leagueList] = await Promise.all([
      fetch('/api/packs?perPage=100', { cache: 'no-store' }).then((r) => r.json()),
      fetch('/api/settings', { cache: 'no-store' }).then((r) => r.json()),
      fetch('/api/leagues', { cache: 'no-store' }).then((r) => r.json()).catch(() => ({ leagues: [] })),
    ]);
    packs = packList.items ?? [];
    defaults = settings.roomDefaults || {};
    leagues = leagueList.leagues ?? [];
  } catch { packs = packs || []; }
  if (S.screenKey !== 'setup') return;
  // The server's defaults (config.json's game.roomDefaults, GET /api/settings): the form shows what
  // a create without them would get. Unreachable, the fields stay empty and the server applies its own.
  // Over them, the last game's settings, team list and league on this device (remember.js).
  const last = recallGame();
  const d = { ...defaults, ...(last?.settings ?? {}) };
  const lastLeague = leagues.some((l) => l.id === last?.league?.id) ? last.league.id : '';
  const number = (id, label, value, attrs = {}) => h('div', { class: 'field' },
    h('label', { for: id, text: label }), h('input', { id, name: id, type: 'number', value, ...attrs }));
  const check = (id, label, checked) => h('label', { class: 'check-row', for: id },
    h('input', { id, name: id, type: 'checkbox', checked }), label);
  const form = h('form', { class: 'panel setup', novalidate: true, onsubmit: submitCreate },
    h('h1', { text: t('h.hostQuiz') }),
    last ? h('p', { class: 'hint remembered', id: 'remembered' }, `${t('h.remembered')} `,
      h('button', { type: 'button', class: 'btn small', id: 'use-defaults', text: t('h.useDefaults'), onclick: () => { forgetGame(); renderSetup(); } })) : null,
    h('fieldset', { class: 'packs' },
      h('legend', { text: t('h.pack') }),
      packs.map((p, i) => h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: p.id, checked: i === 0 }),
        h('span', { class: 't', text: p.title }),
        h('span', { class: 'd', text: `${t('h.questions', { count: p.questionCount })} · ${t('h.rounds', { count: p.rounds })}` }),
        p.description ? h('span', { class: 'd', text: p.description }) : null)),
      h('label', { class: 'pack' },
        h('input', { type: 'radio', name: 'pack', value: '', checked: packs.length === 0 }),
        h('span', { class: 't', text: t('h.uploadOwn') }),
        h('span', { class: 'd', text: t('h.uploadHint') }))),
    h('div', { class: 'field' },
      h('label', { for: 'upload', text: t('h.packFile') }),
      h('input', { id: 'upload', name: 'upload', type: 'file', accept: '.json,application/json',
        onchange: (e) => { if (e.currentTarget.files.length) e.currentTarget.form.querySelector('input[name=pack][value=""]').checked = true; } })),
    h('details', { class: 'settings', open: !!last },
      h('summary', { text: t('h.settings') }),
      h('div', { class: 'settings-grid' },
        number('timeLimitSeconds', t('h.secondsPer'), d.timeLimitSeconds, { min: 1, max: 3600 }),
        number('readingSeconds', t('h.readingTime'), d.readingTimeMs != null ? d.readingTimeMs / 1000 : null, { min: 0, max: 60, step: 0.5 }),
        h('div', { class: 'field wide' }, h('label', { for: 'scoring', text: t('h.scoring') }),
          h('select', { id: 'scoring', name: 'scoring' },
            h('option', { value: 'speed', text: t('h.scoringSpeed'), selected: d.scoring === 'speed' }),
            h('option', { value: 'flat', text: t('h.scoringFlat'), selected: d.scoring === 'flat' }))),
        number('podiumSize', t('h.podiumPlaces'), d.podiumSize, { min: 1, max: 10 })),
      check('shuffleOptions', t('h.shuffleOptions'), d.shuffleOptions),
      check('shuffleQuestions', t('h.shuffleQuestions'), d.shuffleQuestions),
      check('closeWhenAllAnswered', t('h.closeWhenAll'), d.closeWhenAllAnswered),
      check('allowAnswerChange', t('h.allowChange'), d.allowAnswerChange),
      check('lateJoin', t('h.lateJoin'), d.lateJoin),
      check('autoAdvance', t('h.autoAdvance'), d.autoAdvance),
      check('teamMode', t('h.teamMode'), d.teamMode),
      h('div', { class: 'field' },
        h('label', { for: 'teamList', text: t('h.teamList') }),
        h('p', { id: 'teamList-hint', class: 'hint', text: t('h.teamListHint') }),
        h('textarea', { id: 'teamList', name: 'teamList', rows: 4, 'aria-describedby': 'teamList-hint', text: (d.teams ?? []).join('\n') }))),
    leagueFields(leagues, lastLeague),
    repeatsBox(),
    S.setupError ? h('pre', { class: 'pre-error', role: 'alert', id: 'setup-error', text: S.setupError }) : null,
    S.needToken ? tokenField() : null,
    h('button', { type: 'submit', class: 'btn primary big', text: S.pendingCreate ? t('h.creating') : t('h.createGame'), disabled: !!S.pendingCreate }));
  const reopen = h('form', { class: 'panel', onsubmit: (e) => {
    e.preventDefault();
    const code = e.currentTarget.rcode.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const token = e.currentTarget.rtoken.value.trim();
    if (!code || !token) return;
    S.seat = { code, token };
    store(KEY, S.seat);
    S.setupError = null;
    S.connection.restart();
  } },
    h('h2', { text: t('h.reopenTitle') }),
    h('p', { class: 'hint', text: t('h.reopenHint') }),
    h('div', { class: 'field' }, h('label', { for: 'rcode', text: t('h.gameCode') }), h('input', { id: 'rcode', name: 'rcode', autocomplete: 'off', class: 'code-input' })),
    h('div', { class: 'field' }, h('label', { for: 'rtoken', text: t('h.hostKey') }), h('input', { id: 'rtoken', name: 'rtoken', autocomplete: 'off', spellcheck: 'false' })),
    h('button', { type: 'submit', class: 'btn', text: t('h.reopenConsole') }));
  const library = h('section', { class: 'panel', 'aria-labelledby': 'library-title' },
    h('h2', { id: 'library-title', text: t('h.library') }),
    h('p', { class: 'hint', text: t('h.libraryHint') }),
    h('a', { class: 'btn', href: '/edit', id: 'open-editor', text: t('h.openEditor') }));
  fill(main, h('div', { class: 'host-grid' }, form, h('aside', {}, reopen, library)));
  watchRepeats(form);
  if (S.setupError) say(live, S.setupError);
}

/** The setup form in another language, keeping the host's choices (not the file). */
export async function redrawSetup() {
  const form = $('form.setup');
  const kept = form ? [...form.elements].filter((e) => (e.name || e.id) && e.type !== 'file')
    .map((e) => ({ name: e.name || e.id, value: e.value, checked: e.checked, radio: e.type === 'radio', check: e.type === 'checkbox' })) : [];
  const open = $('details.settings')?.open;
  await renderSetup();
  const again = $('form.setup');
  if (!again) return;
  for (const k of kept) {
    const e = k.radio ? again.querySelector(`input[name="${k.name}"][value="${CSS.escape(k.value)}"]`) : again.elements[k.name];
    if (!e || e instanceof RadioNodeList) continue;
    if (k.radio || k.check) e.checked = k.checked; else e.value = k.value;
  }
  if (open) $('details.settings', again).open = true;
  again.league?.dispatchEvent(new Event('change'));
}

/** The game's league: none, one of the server's, or a new one (docs/league.md). */
export function leagueFields(leagues, chosen = '') {
  const more = h('div', { hidden: true },
    h('div', { class: 'field' }, h('label', { for: 'leagueName', text: t('h.leagueName') }),
      h('input', { id: 'leagueName', maxlength: 60, autocomplete: 'off' })),
    h('div', { class: 'field' }, h('label', { for: 'leagueScoring', text: t('h.leagueScoring') }),
      h('select', { id: 'leagueScoring' }, h('option', { value: 'points', text: t('h.leaguePoints') }),
        h('option', { value: 'places', text: t('h.leaguePlaces') }))));
  return h('div', { class: 'field' }, h('label', { for: 'league', text: t('h.league') }),
    h('select', { id: 'league', onchange: (e) => { more.hidden = e.currentTarget.value !== '+new'; } },
      h('option', { value: '', text: t('h.leagueNone') }),
      leagues.map((l) => h('option', { value: l.id, text: l.name, selected: l.id === chosen })),
      h('option', { value: '+new', text: t('h.leagueNew') })),
    more);
}

/** Shows a create error in the form as it is, keeping the host's pack, file and settings. */
export function showSetupError() {
  const form = $('form.setup');
  if (!form) { renderSetup(); return; }
  let box = $('#setup-error', form);
  if (!box) {
    box = h('pre', { class: 'pre-error', role: 'alert', id: 'setup-error' });
    form.insertBefore(box, $('button[type=submit]', form));
  }
  box.textContent = S.setupError;
  const button = $('button[type=submit]', form);
  let pasted = $('#edit-token', form);
  if (S.needToken && !pasted) {
    form.insertBefore(tokenField(), button);
    pasted = $('#edit-token', form);
  } else if (!S.needToken) {
    $('#edit-token-field', form)?.remove();
  }
  button.disabled = false;
  button.textContent = t('h.createGame');
  say(live, S.setupError);
  pasted?.focus();
}

/** Where the host pastes the host link (or its token) after `token_required`. */
export function tokenField() {
  return h('div', { class: 'field', id: 'edit-token-field' },
    h('label', { for: 'edit-token', text: t('h.linkOrToken') }),
    h('input', { id: 'edit-token', name: 'editToken', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'setup-error',
      placeholder: 'http://…/host#token=…' }));
}

/** The edit token from a pasted host or edit link (`…#token=…`), or the token itself. */
export function pastedToken(text) {
  const value = text.trim();
  const match = value.match(/[#&?]token=([^&\s]+)/);
  return match ? decodeURIComponent(match[1]) : value;
}

export async function submitCreate(event) {
  event.preventDefault();
  const form = event.currentTarget;
  // An empty number field is left out: the server fills it from its defaults.
  const number = (input, scale = 1) => (input.value.trim() === '' ? undefined : Math.round(Number(input.value) * scale));
  const settings = {
    timeLimitSeconds: number(form.timeLimitSeconds),
    readingTimeMs: number(form.readingSeconds, 1000),
    scoring: form.scoring.value,
    podiumSize: number(form.podiumSize),
    shuffleOptions: form.shuffleOptions.checked,
    shuffleQuestions: form.shuffleQuestions.checked,
    closeWhenAllAnswered: form.closeWhenAllAnswered.checked,
    allowAnswerChange: form.allowAnswerChange.checked,
    lateJoin: form.lateJoin.checked,
    autoAdvance: form.autoAdvance.checked,
    teamMode: form.teamMode.checked,
    teams: form.teamList.value.split('\n').map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean),
  };
  const file = form.upload.files[0];
  const packName = form.pack.value;
  let league;
  if (form.league.value === '+new') {
    const name = form.leagueName.value.trim();
    if (!name) { S.setupError = t('h.leagueNameNeeded'); showSetupError(); return; }
    league = { name, scoring: form.leagueScoring.value };
  } else if (form.league.value) league = { id: form.league.value };
  const leagueToken = league ? load(TOKEN_KEY) ?? undefined : undefined;
  if (form.editToken?.value.trim()) store(TOKEN_KEY, pastedToken(form.editToken.value));
  S.setupError = null;
  if (file && !packName) {
    try {
      const questions = JSON.parse(await file.text());
      S.pendingCreate = { type: 'create', questions, settings, ...(league ? { league, token: leagueToken } : {}) };
    } catch (error) {
      S.setupError = t('h.notJSON', { error: error.message });
      showSetupError();
      return;
    }
  } else if (packName) {
    // "Skip those" (host/repeats.js): the pack without the questions the league asked lately, inline.
    const trimmed = league?.id ? await packWithoutRepeats(packName, league.id) : null;
    S.pendingCreate = trimmed
      ? { type: 'create', questions: trimmed, settings, league, token: load(TOKEN_KEY) ?? undefined }
      : { type: 'create', pack: packName, settings, token: load(TOKEN_KEY) ?? undefined, ...(league ? { league } : {}) };
  } else {
    S.setupError = t('h.choosePack');
    showSetupError();
    return;
  }
  if (S.connection.open) S.connection.send(S.pendingCreate); else S.connection.restart();
  const button = $('button[type=submit]', form);
  button.disabled = true;
  button.textContent = t('h.creating');
}
