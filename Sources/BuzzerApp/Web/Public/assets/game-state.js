// The pages' one protocol reducer: the only place that reads a server message's type.
/**
 * One page's game state: `reduce` applies every server message to it, the page draws it. Beside
 * the game it holds the page's seat (`seat`: a phone's player, a console's host key), the last
 * error (`error`), the room a phone asks about (`roomInfo`) and `acks`: counters the server's
 * confirmations move, so a page can tell "locked in again" from "nothing new".
 */
export const newGame = (role, seat = null) => ({ role, phase: null, players: [], teams: [], seat, acks: {} });

/** What survives a full `state` or a kick: who this page is and what the server said about its seat. */
const KEPT = ['role', 'code', 'joinURL', 'joinAddresses', 'players', 'teams', 'seat', 'acks', 'roomInfo', 'error', 'skipped', 'displaySound'];

/** What a removed page still takes: a new join (the form), its answer and errors. */
const AFTER_KICK = ['joined', 'state', 'error', 'room_info', 'ok', 'kicked'];

/** Moves counter `name` (a new `acks` object, so the store sees it). */
const ack = (game, name) => { game.acks = { ...game.acks, [name]: (game.acks?.[name] ?? 0) + 1 }; };

/** What a new question clears. */
const FRESH = { answerCount: 0, waiting: null, reveal: null, typedAnswers: [], result: null, answered: false,
  myAnswer: null, answeredBy: null, teamWager: null, maxWager: null, buzz: null, notes: [], actions: null };

/** Empties `game` but for what it keeps (KEPT). */
function restart(game) {
  const kept = Object.fromEntries(KEPT.map((k) => [k, game[k]]));
  for (const k in game) delete game[k];
  return kept;
}

/** The question kinds message `m` names: the game's (`kinds`, when a page joins, hosts or watches),
 *  or its question's. The store loads them before the message is reduced (store.js). */
export const kindsIn = (m) => [...(Array.isArray(m.kinds) ? m.kinds : []), ...(typeof m.question?.kind === 'string' ? [m.question.kind] : [])];

/**
 * Applies server message `m` to `game`, in place, with no DOM. `game.seat` ({player, team}) tells
 * a phone whether a tiebreak is its own. Returns false if nothing here changed (another question's
 * message, or one no page keeps), 'count' if a tiebreak only counted an answer, else true.
 */
export function reduce(game, m, seat = game.seat) {
  const now = game.question?.sequence === m.question;
  // Removed: what the room sent in the same batch (a corrected reveal or leaderboard) is no longer this phone's.
  if (game.phase === 'kicked' && !AFTER_KICK.includes(m.type)) return false;
  switch (m.type) {
    // A console's own room: its host key, its big-screen link, its podium size and league.
    case 'created':
      game.seat = { code: m.code, token: m.hostToken, displayURL: m.displayURL, podiumSize: m.settings?.podiumSize, league: m.league };
    // fall through
    case 'hosting': case 'watching':
      if (m.type === 'hosting' && game.seat) game.seat = { ...game.seat, code: m.code };
      Object.assign(game, { code: m.code, joinAddresses: m.joinAddresses });
    // fall through
    case 'join_address': game.joinURL = m.joinURL; break;
    // A phone's seat: the server took its join or resume; then its team or name changed.
    case 'joined':
      game.seat = { code: m.code, token: m.resumeToken, nickname: m.nickname, player: m.player, team: m.team ?? null };
      ack(game, m.resumed ? 'resumed' : 'joined');
      break;
    case 'team_changed': if (!game.seat) return false; game.seat = { ...game.seat, team: m.team ?? null }; ack(game, 'team'); break;
    case 'renamed': if (!game.seat) return false; game.seat = { ...game.seat, nickname: m.nickname }; break;
    case 'room_info': game.roomInfo = m; break;
    // The host's remote for the clip (a projector's), each press a new object; how many projectors have sound on (the console's).
    case 'clip': game.clip = { action: m.action, volume: m.volume ?? null }; break;
    case 'display_sound': game.displaySound = { displays: m.displays, soundOn: m.soundOn }; break;
    case 'ok': if (m.request !== 'wager') return false; ack(game, 'stake'); break;
    case 'error': game.error = { ...m }; break;
    case 'state': {
      // The player list, the teams and the join address come in their own messages.
      const kept = restart(game);
      Object.assign(game, FRESH, m, kept, { code: kept.code ?? m.code, typedAnswers: m.typedAnswers ?? [], notes: m.question?.notes ?? [] });
      ack(game, 'state');
      break;
    }
    case 'lobby': Object.assign(game, { title: m.title, playerCount: m.playerCount, locked: m.locked, hostConnected: m.hostConnected }); break;
    case 'host_status': game.hostConnected = m.connected; break;
    case 'players': Object.assign(game, { players: m.players, teams: m.teams ?? [] }); break;
    case 'question': Object.assign(game, FRESH, { phase: 'reading', question: m.question, correct: m.correct, explanation: m.explanation,
      notes: m.question.notes ?? [], actions: m.actions ?? null }); break;
    // A mechanic's notes (a hint) and the console's buttons.
    case 'question_notes': if (!now) return false; game.notes = m.notes; if (m.actions) game.actions = m.actions; break;
    case 'answers_open': if (now) { game.phase = 'open'; game.question.deadline = m.deadline; } return now;
    case 'clock':  // the host paused, resumed or added time: the question's timing as it now stands
      if (!now) return false;
      Object.assign(game.question, { opensAt: m.opensAt, deadline: m.deadline, timeLimitMs: m.timeLimitMs, pausedLeftMs: m.pausedLeftMs ?? null,
        heldLeftMs: m.heldLeftMs ?? null });
      break;
    case 'answer_count': Object.assign(game, { answerCount: m.answered, connected: m.connected }); break;
    case 'waiting': if (now) game.waiting = m; return now;
    case 'wager_limit': if (now) game.maxWager = m.max; return now;
    // A phone's own answer as the server locked it in, or (team mode) the teammate's who was first.
    case 'answer_ack': if (now) { Object.assign(game, { answered: true, myAnswer: m.lockedIn ?? game.myAnswer }); ack(game, 'answer'); } return now;
    case 'team_answer': if (now) { Object.assign(game, { answered: true, myAnswer: m.lockedIn, answeredBy: m.by }); ack(game, 'teamAnswer'); } return now;
    case 'team_wager': if (now) game.teamWager = { ...m }; return now;
    // A buzz question's queue, floor and lockouts, whole each time.
    // A floor holds the clock while it is held, and moves the deadline on when let go.
    case 'buzz': if (now) { game.buzz = { ...m }; if (m.deadline) Object.assign(game.question, { deadline: m.deadline, heldLeftMs: m.heldLeftMs ?? null }); } return now;
    case 'skipped': if (now) game.skipped = { question: m.question }; return now;
    // The mechanics' buttons are for a question players still answer (the server says so again on a reload).
    case 'answers_closed': if (now) Object.assign(game, { phase: 'closed', actions: null }); return now;
    case 'reveal':
      Object.assign(game, { reveal: m.reveal, typedAnswers: m.typedAnswers ?? [] });
      if (game.role !== 'player') game.phase = 'revealed';  // a phone's reveal is its `result`, next
      break;
    case 'result': Object.assign(game, { phase: 'revealed', result: m.result,
      me: { rank: m.result.rank, score: m.result.score, players: m.players ?? game.playerCount ?? game.me?.players } }); break;
    case 'standing': game.me = { rank: m.rank, score: m.score, players: m.players }; break;
    case 'leaderboard': case 'ended': {
      Object.assign(game, { phase: m.type, [m.type]: m });
      // `players` comes on joins and leaves only: scores move here.
      const scores = new Map((m.players ?? []).map((r) => [r.player, r.score]));
      for (const p of game.players ?? []) if (scores.has(p.id)) p.score = scores.get(p.id);
      break;
    }
    case 'tiebreak': {
      const t = m.tiebreak;
      // A later copy of the same tiebreak only moves its answered count.
      if (game.phase === 'tiebreak' && game.tiebreak?.number === t.number) { game.tiebreak = t; return 'count'; }
      // A phone plays when the tiebreak names it, or its team.
      const plays = t.entrants.some((e) => (e.team ? e.name === seat?.team : e.id === seat?.player));
      Object.assign(game, { phase: 'tiebreak', tiebreak: t, tiebreakAnswer: m.answer, tiebreakResult: null, tiebreakAnswered: false, tiebreakPlays: plays });
      break;
    }
    case 'tiebreak_ack':
      if (game.tiebreak?.number !== m.number) return false;
      Object.assign(game, { tiebreakAnswered: true, tiebreakValue: m.value, tiebreakBy: m.by });
      ack(game, 'tiebreak');
      break;
    case 'tiebreak_result': game.tiebreakResult = m; break;
    // `fresh`: the break starts now (not a moved countdown, nor a page joining one under way).
    case 'break': Object.assign(game, { phase: 'break', break: { ...m.break, fresh: m.break.startedAt === m.serverTime } }); break;
    case 'kicked': {
      const kept = restart(game);
      Object.assign(game, newGame(kept.role), { acks: kept.acks, phase: 'kicked', ban: m.ban, reason: m.reason });
      break;
    }
    default: return false;
  }
  return true;
}
