// The console's leaderboard ties, tiebreaks and the end: podium, final tables, downloads.
import { $, h, say, clock, formatScore, podium, teamPodium, teamTable, standingsTable, store, load, entrantNames, ordinal, newGame, t, tn, parseNumber } from '../common.js';
import { formatList } from '../i18n.js';
import { S, command, toast, live, KEY, TOKEN_KEY } from './store.js';
import { renderSetup } from './setup.js';
import { primary } from './console.js';
import { ask } from './dialog.js';

/** Ties on the final podium, each with a button to play a tiebreak for it (players, then teams). */
export function podiumTies() {
  const size = S.seat?.podiumSize ?? 3;
  const groups = [];
  const collect = (rows, name, id, kind) => {
    const byRank = new Map();
    for (const r of rows ?? []) if (r.rank <= size) byRank.set(r.rank, [...(byRank.get(r.rank) ?? []), r]);
    for (const [rank, tied] of byRank) if (tied.length > 1) groups.push({ rank, kind, names: tied.map(name), ids: tied.map(id) });
  };
  collect(S.game.leaderboard?.players, (r) => r.nickname, (r) => r.player, 'players');
  collect(S.game.leaderboard?.teams, (r) => r.name, (r) => r.team, 'teams');
  if (!groups.length) return null;
  return h('section', { class: 'ties', 'aria-labelledby': 'ties-title' },
    h('h2', { id: 'ties-title', text: t('h.ties') }),
    h('ul', {}, groups.map((g) => h('li', {},
      `${t(g.kind === 'teams' ? 'h.teamsTied' : 'h.tied', { rank: ordinal(g.rank), names: formatList(g.names) })} `,
      h('button', { type: 'button', class: 'btn small', id: `tiebreak-${g.kind}-${g.rank}`, text: t('h.playTiebreak'), onclick: () => askTiebreak(g) })))));
}

export function askTiebreak(group) {
  ask({
    title: t('h.tiebreakFor', { rank: ordinal(group.rank) }),
    text: t('h.tiebreakText', { names: formatList(group.names) }),
    fields: [
      h('div', { class: 'field' }, h('label', { for: 'tb-text', text: t('h.question') }),
        h('input', { id: 'tb-text', name: 'text', maxlength: 300, autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-answer', text: t('h.rightNumber') }),
        h('input', { id: 'tb-answer', name: 'answer', inputmode: 'decimal', autocomplete: 'off', required: true })),
      h('div', { class: 'field' }, h('label', { for: 'tb-seconds', text: t('h.seconds') }),
        h('input', { id: 'tb-seconds', name: 'seconds', type: 'number', min: 5, max: 600, value: 30 })),
    ],
    confirm: t('h.startTiebreak'),
    onConfirm: (form) => {
      const answer = parseNumber(form.answer.value);
      const text = form.text.value.trim();
      if (!text || !form.answer.value.trim() || !Number.isFinite(answer)) { toast(t('h.tiebreakNeeds')); return; }
      command('tiebreak', { text, answer, seconds: Math.round(Number(form.seconds.value) || 30), [group.kind]: group.ids });
    },
  });
}

export function tiebreakStage() {
  const tb = S.game.tiebreak;
  return [
    h('div', { class: 'qhead' }, h('p', { class: 'eyebrow', text: t('h.tiebreakOf', { names: entrantNames(tb) }) }), clock()),
    h('h1', { id: 'stage-title', class: 'qtext', text: tb.text }),
    S.game.tiebreakAnswer != null ? h('p', { class: 'answer-key' }, ...tn('h.answerIs', { answer: h('strong', { text: formatScore(S.game.tiebreakAnswer) }) })) : null,
    h('p', { class: 'livecount' }, ...tn('h.answeredCount', { n: h('strong', { id: 'tiebreak-answered', text: t('h.nOfM', { n: tb.answered, m: tb.entrants.length }) }) })),
  ];
}

export function endedStage() {
  const ended = S.game.ended;
  if (S.correcting) queueMicrotask(showCorrections);
  return [
    h('h1', { id: 'stage-title', text: t('h.gameOver') }),
    ended ? podium(ended.podium.players) : null,
    ended ? teamPodium(ended.podium.teams) : null,
    ended ? standingsTable(ended.players, { limit: 50, caption: t('h.finalScores') }) : null,
    ended ? teamTable(ended.teams, { limit: 50, caption: t('h.finalTeamScores') }) : null,
    ended ? h('div', { class: 'controls downloads' },
      h('p', { class: 'hint', text: t('h.downloadsHint') }),
      h('button', { type: 'button', class: 'btn', id: 'download-csv', text: t('h.downloadCSV'), onclick: () => downloadResults('csv') }),
      h('button', { type: 'button', class: 'btn', id: 'download-json', text: t('h.downloadJSON'), onclick: () => downloadResults('json') })) : null,
    ended ? h('div', { class: 'controls' }, h('button', { type: 'button', class: 'btn', id: 'correct-open', 'aria-expanded': String(S.correcting), 'aria-controls': 'corrections',
        text: t('h.correctGame'), onclick: (e) => { S.correcting = !S.correcting; e.currentTarget.setAttribute('aria-expanded', String(S.correcting)); showCorrections(); } })) : null,
    ended ? h('section', { id: 'corrections', class: 'corrections', hidden: !S.correcting }) : null,
    S.seat?.league && h('div', { class: 'controls' }, h('a', { class: 'btn', id: 'show-league', href: `/league/${S.seat.league.id}?screen=projector`,
      target: '_blank', text: t('h.showLeague', { name: S.seat.league.name }) })),
    h('div', { class: 'controls' }, h('button', { type: 'button', class: 'btn primary', id: 'host-another', text: t('h.hostAnother'), onclick: () => {
      S.connection.stop();
      S.seat = null;
      store(KEY, null);
      S.game = newGame('host');
      S.setupError = null;
      S.correcting = false;
      renderSetup();
    } })),
  ];
}

/** The corrections form (corrections.js, fetched the first time) under the end screen, with the host
 *  key this console holds; drawn again when the stage is (a new language). */
async function showCorrections() {
  const box = $('#corrections');
  if (!box) return;
  box.hidden = !S.correcting;
  if (!S.correcting) return;
  try {
    const { openCorrections } = await import('../corrections.js');
    // A game hosted from a library pack: a new key can be written into the pack too, with the edit token.
    const editToken = load(TOKEN_KEY);
    await openCorrections(box, { game: S.seat.code, token: S.seat.token, pack: S.seat.pack && editToken ? { id: S.seat.pack, token: editToken } : null });
  } catch {
    toast(t('h.offline'));
  }
}

/** Fetches the results with the host key (never in the address, which gets logged) and saves them. */
export async function downloadResults(format) {
  try {
    const response = await fetch(`/api/rooms/${encodeURIComponent(S.seat.code)}/results.${format}`, {
      headers: { Authorization: `Bearer ${S.seat.token}` }, cache: 'no-store' });
    if (!response.ok) { toast(await response.text()); return; }
    const url = URL.createObjectURL(await response.blob());
    const link = h('a', { href: url, download: `buzzer-${S.seat.code}-results.${format}`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    say(live, t('h.saved', { format: format.toUpperCase() }));
  } catch {
    toast(t('h.offlineResults'));
  }
}
