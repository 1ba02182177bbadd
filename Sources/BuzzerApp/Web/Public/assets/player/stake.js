// A wager round's stake: picked first, locked in with the server's ok, kept across a reload.
import { $, h, say, formatScore, store, load, t, tn, parseNumber } from '../common.js';
import { S, live } from './store.js';
import { render } from './screen.js';
import { isPaused } from './question.js';
import { padlock } from './result.js';

// MARK: - Wagers

export const STAKE_KEY = 'buzzer.stake';

/** The stake this phone placed on the current question, kept across a reload (a `state` carries a
 *  teammate's stake, not the phone's own). */
export function myStake() {
  const q = S.game.question;
  if (!q?.wager) return null;
  if (S.ui.stake?.question === q.sequence) return S.ui.stake;
  const saved = load(STAKE_KEY);
  if (saved && saved.code === S.seat?.code && saved.question === q.sequence) {
    S.ui.stake = { question: q.sequence, amount: saved.amount, placed: true };
    return S.ui.stake;
  }
  return null;
}

/** The stake step is done: this phone's stake is placed (the server said ok), or a teammate's is. */
export function stakeLocked() {
  return !!S.game.teamWager || (!!myStake()?.placed && !S.ui.changingStake);
}

export const stakeWords = () => (S.seat?.team ? t('p.teamStake') : t('p.yourStake'));

/** The amount picked in the step, or null: a quick pick, or the typed amount. */
export function chosenStake() {
  if (S.ui.stakeChoice === 'custom') {
    const n = parseNumber(S.ui.stakeCustom);
    return Number.isFinite(n) ? n : null;
  }
  return typeof S.ui.stakeChoice === 'number' ? S.ui.stakeChoice : null;
}

/** Step one of a wager question: pick a stake (nothing, half, all, or another amount), lock it in. */
export function stakeStep() {
  const max = S.game.maxWager;
  const picks = [];
  for (const [label, amount] of [[t('p.stakeNothing'), 0], [t('p.stakeHalf'), Math.floor((max ?? 0) / 2)], [t('p.stakeAll'), max]]) {
    if (amount != null && !picks.some((p) => p.amount === amount)) picks.push({ label, amount });
  }
  const sending = !!S.ui.stake?.sending;
  const paused = isPaused();
  const amount = chosenStake();
  const pick = (choice) => () => { Object.assign(S.ui, { stakeChoice: choice, stakeError: null }); render(true); if (choice === 'custom') $('#stake-custom')?.focus(); };
  return h('fieldset', { class: 'stake', id: 'stake', 'aria-describedby': 'stake-hint' },
    h('legend', { text: stakeWords() }),
    h('p', { class: 'hint', id: 'stake-hint', text: t(S.seat?.team ? (max != null ? 'p.stakeHintTeamMax' : 'p.stakeHintTeam') : (max != null ? 'p.stakeHintMax' : 'p.stakeHint'), { max: formatScore(max) }) }),
    h('div', { class: 'stake-picks' },
      picks.map((p) => h('button', { type: 'button', class: 'btn stake-pick', 'aria-pressed': String(S.ui.stakeChoice === p.amount), disabled: sending || paused,
        'data-amount': String(p.amount), onclick: pick(p.amount) }, h('span', { class: 'k', text: p.label }), h('span', { class: 'v', text: formatScore(p.amount) }))),
      h('button', { type: 'button', class: 'btn stake-pick', id: 'stake-other', 'aria-pressed': String(S.ui.stakeChoice === 'custom'), disabled: sending || paused,
        onclick: pick('custom') }, h('span', { class: 'k', text: t('p.stakeOther') }), h('span', { class: 'v', text: '…' }))),
    S.ui.stakeChoice === 'custom' ? h('div', { class: 'field' },
      h('label', { for: 'stake-custom', text: max != null ? t('p.amountMax', { max: formatScore(max) }) : t('p.amountScore') }),
      h('input', { id: 'stake-custom', type: 'number', inputmode: 'numeric', min: 0, step: 1, ...(max != null ? { max } : {}), value: S.ui.stakeCustom ?? '',
        disabled: sending || paused,
        oninput: (e) => { S.ui.stakeCustom = e.currentTarget.value; S.ui.stakeError = null; updateLockStake(); },
        onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); placeStake(); } } })) : null,
    h('button', { type: 'button', id: 'lock-stake', class: 'btn primary big', disabled: sending || paused || amount === null, onclick: placeStake,
      text: lockStakeText(amount, sending) }),
    S.ui.changingStake ? h('button', { type: 'button', class: 'btn ghost', id: 'keep-stake', text: t('p.keepStake', { amount: formatScore(myStake()?.amount) }),
      onclick: () => { Object.assign(S.ui, { changingStake: false, stakeError: null }); render(true); } }) : null,
    S.ui.stakeError ? h('p', { class: 'field-error', role: 'alert', text: S.ui.stakeError }) : null);
}

export function lockStakeText(amount, sending) {
  if (sending) return t('p.lockingIn');
  return amount === null ? t('p.pickStake') : t('p.lockInPoints', { count: amount, amount: formatScore(amount) });
}

/** The typed amount moves the lock-in button without redrawing the field being typed in. */
export function updateLockStake() {
  const button = $('#lock-stake');
  if (!button) return;
  const amount = chosenStake();
  button.disabled = amount === null || isPaused();
  button.textContent = lockStakeText(amount, false);
}

export function placeStake() {
  const q = S.game.question, amount = chosenStake(), max = S.game.maxWager;
  if (!q || amount === null || S.ui.stake?.sending) return;
  if (!Number.isInteger(amount) || amount < 0 || (max != null && amount > max)) {
    S.ui.stakeError = max != null ? t('p.wholeNumberMax', { max: formatScore(max) }) : t('p.wholeNumberScore');
    render(true);
    $('#stake-custom')?.focus();
    return;
  }
  const before = myStake()?.placed ? { ...myStake() } : null;
  S.ui.stakeError = null;
  S.ui.stake = { question: q.sequence, amount, sending: true, placed: false, before };
  if (!S.connection.send({ type: 'wager', question: q.sequence, amount })) {
    S.ui.stake = before;
    S.ui.stakeError = t('p.offlineStake');
  }
  render(true);
}

/** The server took the stake (`ok`): it is locked in, and kept for a reload. */
export function stakePlaced() {
  if (!S.ui.stake?.sending) return;
  Object.assign(S.ui.stake, { sending: false, placed: true, before: null });
  S.ui.changingStake = false;
  store(STAKE_KEY, { code: S.seat?.code, question: S.ui.stake.question, amount: S.ui.stake.amount });
  render(true);
  say(live, t('p.sayStakeLocked', { stake: stakeWords(), count: S.ui.stake.amount, amount: formatScore(S.ui.stake.amount) }));
}

/** The stake as it stands, locked in: the amount, and in a team who placed it. */
export function stakeNote(changeable) {
  const team = S.game.teamWager, mine = myStake();
  const amount = team ? team.amount : mine?.amount;
  if (amount == null) return null;
  const by = team ? team.by : S.seat?.team ? t('p.you') : null;
  return h('p', { class: 'stake-locked', id: 'stake-locked' },
    h('span', { class: 'stake-lock', 'aria-hidden': 'true' }, padlock()),
    h('span', {}, ...tn(by ? 'p.stakeNoteBy' : 'p.stakeNote', { stake: stakeWords(), by, amount: h('strong', { text: t('p.points', { count: amount, amount: formatScore(amount) }) }) })),
    // Before answering, whoever placed the stake may change it (a teammate's is theirs to change).
    changeable && !team && !S.game.answered && (S.game.phase === 'reading' || S.game.phase === 'open')
      ? h('button', { type: 'button', class: 'btn small', id: 'change-stake', text: t('p.changeStake'), disabled: isPaused(),
        onclick: () => { Object.assign(S.ui, { changingStake: true, stakeChoice: amount, stakeError: null }); render(true); } })
      : null);
}
