// The console's players and teams: rename, move, merge, remove, adjust a score; each asks first.
import { $, h, fill, formatScore, t } from '../common.js';
import { S, command, toast } from './store.js';
import { ask } from './dialog.js';

export function renderPlayers() {
  const box = $('#players');
  if (!box) return;
  const list = S.game.players.length
    ? h('ul', { class: 'players' }, S.game.players.map((p) => h('li', {},
      h('span', { class: `status-dot${p.status === 'connected' ? '' : ' away'}`, title: p.status === 'connected' ? t('h.connected') : t('h.away'), 'aria-hidden': 'true' }),
      h('span', { class: 'pname' }, h('span', { text: p.nickname }), p.team ? h('span', { class: 'pteam', text: p.team }) : null,
        p.status === 'connected' ? null : h('span', { class: 'pteam', text: t('h.away') })),
      h('span', { class: 'pscore', text: formatScore(p.score) }),
      S.game.phase === 'ended' ? null : h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.renameLabel', { name: p.nickname }), text: t('h.rename'), onclick: () => askRename(p) }),
        S.game.teams.length ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.moveLabel', { name: p.nickname }), text: t('h.move'), onclick: () => askMove(p) }) : null,
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.removeLabel', { name: p.nickname }), text: t('h.remove'), onclick: () => askRemove(p) })))))
    : h('p', { class: 'hint', text: t('h.nobodyYet') });
  const adjust = S.game.players.length && S.game.phase !== 'ended' ? h('details', { class: 'adjust-box' },
    h('summary', { text: t('h.adjust') }),
    h('form', { class: 'adjust', onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      const delta = Math.round(Number(f.delta.value));
      if (!delta) { toast(t('h.adjustHint')); return; }
      command('adjust', { player: Number(f.who.value), delta, reason: f.reason.value.trim() });
      f.delta.value = '';
      f.reason.value = '';
    } },
      h('div', { class: 'field' }, h('label', { for: 'who', text: t('board.player') }),
        h('select', { id: 'who', name: 'who' }, S.game.players.map((p) => h('option', { value: p.id, text: p.nickname })))),
      h('div', { class: 'field' }, h('label', { for: 'delta', text: t('h.pointsPlusMinus') }), h('input', { id: 'delta', name: 'delta', type: 'number', step: 1 })),
      h('div', { class: 'field' }, h('label', { for: 'reason', text: t('h.reason') }), h('input', { id: 'reason', name: 'reason', maxlength: 100 })),
      h('button', { type: 'submit', class: 'btn', text: t('h.apply') }))) : null;
  // Keep an open adjust form (and its typing) across player-list updates.
  const open = $('.adjust-box', box);
  const teamsOpen = $('.teams-box', box)?.open;
  if (open?.open && open.contains(document.activeElement)) {
    fill(box.firstElementChild ?? box, list);
    return;
  }
  fill(box, h('div', {}, list), teamBox(), adjust);
  if (open?.open) $('.adjust-box', box)?.setAttribute('open', '');
  if (teamsOpen) $('.teams-box', box)?.setAttribute('open', '');
}

/** The teams, each with Rename and Merge: "Owls" and "The Owls" become one team. */
export function teamBox() {
  if (!S.game.teams.length || S.game.phase === 'ended') return null;
  return h('details', { class: 'teams-box' },
    h('summary', { text: t('h.teamsCount', { count: S.game.teams.length }) }),
    h('ul', { class: 'team-list' }, S.game.teams.map((team) => h('li', {},
      h('span', { class: 'pname', text: team.name }),
      h('span', { class: 'hint', text: t('h.players', { count: team.members }) }),
      h('span', { class: 'pactions' },
        h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.renameTeamLabel', { name: team.name }), text: t('h.rename'), onclick: () => askRenameTeam(team) }),
        S.game.teams.length > 1 ? h('button', { type: 'button', class: 'btn small ghost', 'aria-label': t('h.mergeLabel', { name: team.name }), text: t('h.merge'), onclick: () => askMerge(team) }) : null)))));
}

export function teamSelect(id, label, options, selected) {
  return h('div', { class: 'field' }, h('label', { for: id, text: label }),
    h('select', { id, name: id }, options.map((o) => h('option', { value: o.value, text: o.text, selected: o.value === selected }))));
}

export function askRenameTeam(team) {
  ask({
    title: t('h.renameTeamLabel', { name: team.name }),
    text: t('h.renameTeamText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'team-name', text: t('h.newName') }),
      h('input', { id: 'team-name', name: 'teamName', maxlength: 24, autocomplete: 'off', value: team.name }))],
    confirm: t('h.rename'),
    onConfirm: (form) => {
      const name = form.teamName.value.trim();
      if (name && name !== team.name) command('rename_team', { team: team.id, name });
    },
  });
}

export function askMerge(team) {
  const others = S.game.teams.filter((o) => o.id !== team.id);
  ask({
    title: t('h.mergeTitle', { name: team.name }),
    text: t('h.mergeText', { name: team.name }),
    fields: [teamSelect('merge-into', t('h.mergeInto'), others.map((o) => ({ value: String(o.id), text: o.name })))],
    confirm: t('h.merge'), danger: true,
    onConfirm: (form) => command('merge_teams', { from: team.id, into: Number(form['merge-into'].value) }),
  });
}

export function askMove(p) {
  const options = [...S.game.teams.map((team) => ({ value: String(team.id), text: team.name })), { value: '', text: t('h.noTeam') }];
  ask({
    title: t('h.moveTitle', { name: p.nickname }),
    text: t('h.moveText'),
    fields: [teamSelect('move-to', t('h.toTeam'), options, p.teamId != null ? String(p.teamId) : '')],
    confirm: t('h.move'),
    onConfirm: (form) => {
      const value = form['move-to'].value;
      command('move_player', { player: p.id, team: value ? Number(value) : null });
    },
  });
}

export function askRemove(p) {
  ask({
    title: t('h.removeTitle', { name: p.nickname }),
    text: t('h.removeText'),
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'kick-reason', text: t('h.kickReason') }),
        h('input', { id: 'kick-reason', name: 'reason', maxlength: 200, autocomplete: 'off' })),
      h('label', { class: 'check-row', for: 'kick-ban' }, h('input', { id: 'kick-ban', name: 'ban', type: 'checkbox' }),
        t('h.ban')),
    ],
    confirm: t('h.remove'),
    danger: true,
    onConfirm: (form) => command('kick', { player: p.id, ban: form.ban.checked, reason: form.reason.value.trim() || undefined }),
  });
}

export function askRename(p) {
  ask({
    title: t('h.renameLabel', { name: p.nickname }),
    text: t('h.renameText'),
    fields: [h('div', { class: 'field' }, h('label', { for: 'rename-name', text: t('h.newName') }),
      h('input', { id: 'rename-name', name: 'nickname', maxlength: 24, autocomplete: 'off', value: p.nickname }))],
    confirm: t('h.rename'),
    onConfirm: (form) => {
      const nickname = form.nickname.value.trim();
      if (nickname && nickname !== p.nickname) command('rename', { player: p.id, nickname });
    },
  });
}
