// The phone's join form: the code (peeked for the host's team list), the name and team with their
// live length counts, and the lobby after joining.
import { $, h, fill, say, store, load, newGame, t, tn } from '../common.js';
import { formatNumber } from '../i18n.js';
import { S, live, main, forget } from './store.js';
import { updateChip, hostNote } from './screen.js';

/** Characters as the server counts them: whitespace trimmed and collapsed, one per grapheme. */
export function nameLength(value) {
  const clean = value.trim().split(/\s+/).join(' ');
  if (!clean) return 0;
  return typeof Intl.Segmenter === 'function' ? [...new Intl.Segmenter().segment(clean)].length : [...clean].length;
}

/** The live "12 of 24" under a name field; past the limit it says by how much, in the error colour. */
export function countName(input) {
  const out = $(`#${input.id}-count`);
  if (!out) return;
  const max = S.limits[input.id], n = nameLength(input.value);
  const over = n > max;
  out.textContent = over ? t('p.countOver', { n, max, over: n - max }) : t('p.count', { n, max });
  out.classList.toggle('over', over);
  if (over !== (out.dataset.over === '1')) {
    out.dataset.over = over ? '1' : '';
    if (over) say(live, t('p.tooLong', { count: max }));
  }
}

/** The hint under a name field: the limit, and the live count. */
export function nameHint(name) {
  return [h('span', { id: `${name}-max`, text: `${t('p.atMost', { count: S.limits[name] })} ` }), h('span', { id: `${name}-count`, class: 'name-count' })];
}

/** Takes a room's own name limits (from `room_info`) into the form's hints and counts. */
export function takeLimits(info) {
  S.limits.nickname = info.nicknameMaxLength ?? S.limits.nickname;
  S.limits.team = info.teamNameMaxLength ?? S.limits.team;
  for (const name of ['nickname', 'team']) {
    const max = $(`#${name}-max`);
    if (max) max.textContent = `${t('p.atMost', { count: S.limits[name] })} `;
    if ($(`#${name}-count`)) countName($(`#${name}`));
  }
}

export function renderJoin() {
  S.screenKey = 'join';
  S.countdown.stop();
  updateChip();
  const code = S.joinError?.prefill || S.pathCode || '';
  const errorFor = (field) => {
    if (!S.joinError) return null;
    const fieldOf = { room_not_found: 'code', room_ended: 'code', room_locked: 'code', rate_limited: 'code',
      name_taken: 'nickname', name_invalid: 'nickname', name_blocked: 'nickname', banned: 'code', room_full: 'code', late_join_disabled: 'code',
      team_not_listed: 'team', team_too_long: 'team' };
    return (fieldOf[S.joinError.code] ?? 'form') === field ? S.joinError.message : null;
  };
  const field = (name, label, attrs, hint) => {
    const error = errorFor(name);
    return h('div', { class: `field${error ? ' invalid' : ''}` },
      h('label', { for: name, text: label }),
      hint ? h('p', { id: `${name}-hint`, class: 'hint' }, hint) : null,
      h('input', { id: name, name, ...attrs, 'aria-invalid': error ? 'true' : false,
        'aria-describedby': [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].join(' ').trim() || false }),
      error ? h('p', { id: `${name}-error`, class: 'field-error', text: error }) : null);
  };
  const form = h('form', { class: 'card join', novalidate: true, onsubmit: submitJoin },
    h('h1', { text: t('p.joinTitle') }),
    h('p', { class: 'lead', text: t('p.joinLead') }),
    field('code', t('p.gameCode'), { value: code, required: true, autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: 12, inputmode: 'text', class: 'code-input',
      onchange: (e) => peek(e.currentTarget.value) }),
    field('nickname', t('p.yourName'), { value: S.seat?.nickname ?? load('buzzer.name') ?? '', required: true, autocomplete: 'nickname',
      oninput: (e) => countName(e.currentTarget) }, nameHint('nickname')),
    teamField(errorFor('team')),
    errorFor('form') ? h('p', { class: 'field-error', role: 'alert', text: errorFor('form') }) : null,
    h('button', { type: 'submit', class: 'btn primary big', text: S.pendingJoin ? t('p.joining') : t('p.joinGame'), disabled: !!S.pendingJoin }));
  fill(main, form);
  countName($('#nickname'));
  if ($('#team-count')) countName($('#team'));
  const invalid = $('[aria-invalid="true"]', form);
  if (invalid) { invalid.focus(); say(live, S.joinError.message); }
  peek(code);
}

/** Asks the server about the code in the form (once per code): the host may have a team list. */
export function peek(code) {
  code = (code || '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!code || code === S.peeked) return;
  S.peeked = code;
  S.roomInfo = null;
  if (S.connection.isFor(code)) S.connection.send({ type: 'peek', code });
  else { S.pendingPeek = code; S.connection.restart(); }
}

/** The team field: the host's list as a select when there is one, else free typing. */
export function teamField(error) {
  const teams = S.roomInfo?.code === S.peeked ? S.roomInfo.teams : null;
  const described = [teams ? 'team-hint' : 'team-hint', error ? 'team-error' : ''].join(' ').trim();
  const saved = load('buzzer.team') ?? '';
  const control = teams
    ? h('select', { id: 'team', name: 'team', required: true, 'aria-invalid': error ? 'true' : false, 'aria-describedby': described },
      h('option', { value: '', text: t('p.chooseTeam'), disabled: true, selected: !teams.includes(saved) }),
      teams.map((team) => h('option', { value: team, text: team, selected: team === saved })))
    : h('input', { id: 'team', name: 'team', autocomplete: 'off', value: saved, oninput: (e) => countName(e.currentTarget),
      'aria-invalid': error ? 'true' : false, 'aria-describedby': described });
  return h('div', { class: `field team-field${error ? ' invalid' : ''}` },
    h('label', { for: 'team', text: teams ? t('p.yourTeam') : t('p.teamOptional') }),
    h('p', { id: 'team-hint', class: 'hint' }, teams ? t('p.pickTeam') : [`${t('p.sameTeam')} `, ...nameHint('team')]),
    control,
    error ? h('p', { id: 'team-error', class: 'field-error', text: error }) : null);
}

export function swapTeamField() {
  const current = $('.team-field');
  if (!current) return;
  const error = current.querySelector('.field-error')?.textContent ?? null;
  current.replaceWith(teamField(error));
}

export function submitJoin(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const code = form.code.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const nickname = form.nickname.value.trim();
  const team = form.team.value.trim();
  if (!code || !nickname) {
    S.joinError = { code: code ? 'name_invalid' : 'room_not_found', message: code ? t('p.typeName') : t('p.typeCode'), prefill: code };
    renderJoin();
    return;
  }
  // Said before sending, never cut: the player chooses what to drop.
  for (const [field, words, error] of [['nickname', 'p.nameTooLong', 'name_invalid'], ['team', 'p.teamTooLong', 'team_too_long']]) {
    const n = nameLength(form[field].value);
    if (form[field].tagName === 'INPUT' && n > S.limits[field]) {
      S.joinError = { code: error, message: t(words, { n, count: S.limits[field] }), prefill: code };
      store(field === 'team' ? 'buzzer.team' : 'buzzer.name', form[field].value.trim());
      renderJoin();
      return;
    }
  }
  store('buzzer.name', nickname);
  store('buzzer.team', team || null);
  S.joinError = null;
  S.pendingJoin = { code, nickname, ...(team ? { team } : {}), device: deviceID() };
  renderJoin();
  if (S.connection.isFor(code)) S.connection.send({ type: 'join', ...S.pendingJoin });
  else S.connection.restart();
}

/** A random id kept per browser, so a ban sticks to the phone rather than the name. */
export function deviceID() {
  let id = load('buzzer.device');
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
    store('buzzer.device', id);
  }
  return id;
}

export function renderLobby() {
  fill(main, h('section', { class: 'card center lobby' },
    h('p', { class: 'eyebrow', text: S.game.title }),
    h('h1', { class: 'hello' }, ...tn('p.youreIn', { name: h('span', { class: 'nick', text: S.seat?.nickname ?? '' }) })),
    h('div', { class: 'pulse', 'aria-hidden': 'true' }, h('img', { src: '/assets/icon.svg', alt: '' })),
    S.seat?.team ? h('p', { class: 'team-line' }, ...tn('p.inTeam', { team: h('strong', { class: 'team-name', text: S.seat.team }) })) : null,
    h('p', { class: 'count' }, ...tn('p.inRoom', { count: S.game.playerCount ?? 0, n: h('strong', { id: 'player-count', text: formatNumber(S.game.playerCount ?? 0) }) })),
    h('p', { class: 'lead', text: t('p.eyesOnScreen') }),
    hostNote(),
    h('button', { type: 'button', class: 'btn ghost', text: t('p.leave'), onclick: leave })));
}

export function leave() {
  S.connection.send({ type: 'leave' });
  S.connection.stop();
  forget();
  S.game = newGame('player'); S.ui = {};
  renderJoin();
}
