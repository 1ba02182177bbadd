// The pages' one protocol reducer.
/** One page's game state: `reduce` applies every server message to it, the page draws it. */
export const newGame = (role) => ({ role, phase: null, players: [], teams: [] });

/** What a new question clears. */
const FRESH = { answerCount: 0, waiting: null, reveal: null, typedAnswers: [], result: null, answered: false,
  myAnswer: null, answeredBy: null, teamWager: null, maxWager: null };

/**
 * Applies server message `m` to `game`, in place, with no DOM. `seat` ({player, team}) tells a phone
 * whether a tiebreak is its own. Returns false if nothing here changed (another question's message,
 * or a seat's, a form's or an error), 'count' if a tiebreak only counted an answer, else true.
 */
export function reduce(game, m, seat) {
  const now = game.question?.sequence === m.question;
  switch (m.type) {
    case 'created': case 'hosting': case 'watching':
      Object.assign(game, { code: m.code, joinAddresses: m.joinAddresses });
    // fall through
    case 'join_address': game.joinURL = m.joinURL; break;
    case 'state': {
      // The player list, the teams and the join address come in their own messages.
      const { role, code, joinURL, joinAddresses, players, teams } = game;
      for (const k in game) delete game[k];
      Object.assign(game, FRESH, m, { role, code: code ?? m.code, joinURL, joinAddresses, players, teams, typedAnswers: m.typedAnswers ?? [] });
      break;
    }
    case 'lobby': Object.assign(game, { title: m.title, playerCount: m.playerCount, locked: m.locked, hostConnected: m.hostConnected }); break;
    case 'host_status': game.hostConnected = m.connected; break;
    case 'players': Object.assign(game, { players: m.players, teams: m.teams ?? [] }); break;
    case 'question': Object.assign(game, FRESH, { phase: 'reading', question: m.question, correct: m.correct, explanation: m.explanation }); break;
    case 'answers_open': if (now) { game.phase = 'open'; game.question.deadline = m.deadline; } return now;
    case 'clock':  // the host paused, resumed or added time: the question's timing as it now stands
      if (!now) return false;
      Object.assign(game.question, { opensAt: m.opensAt, deadline: m.deadline, timeLimitMs: m.timeLimitMs, pausedLeftMs: m.pausedLeftMs ?? null });
      break;
    case 'answer_count': Object.assign(game, { answerCount: m.answered, connected: m.connected }); break;
    case 'waiting': if (now) game.waiting = m; return now;
    case 'wager_limit': if (now) game.maxWager = m.max; return now;
    // A phone's own answer as the server locked it in, or (team mode) the teammate's who was first.
    case 'answer_ack': if (now) Object.assign(game, { answered: true, myAnswer: m.lockedIn ?? game.myAnswer }); return now;
    case 'team_answer': if (now) Object.assign(game, { answered: true, myAnswer: m.lockedIn, answeredBy: m.by }); return now;
    case 'team_wager': if (now) game.teamWager = m; return now;
    case 'skipped': return now;
    case 'answers_closed': if (now) game.phase = 'closed'; return now;
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
      if (game.phase === 'tiebreak' && game.tiebreak?.number === t.number) { game.tiebreak = t; return 'count'; }
      // A phone plays when the tiebreak names it, or its team.
      const plays = t.entrants.some((e) => (e.team ? e.name === seat?.team : e.id === seat?.player));
      Object.assign(game, { phase: 'tiebreak', tiebreak: t, tiebreakAnswer: m.answer, tiebreakResult: null, tiebreakAnswered: false, tiebreakPlays: plays });
      break;
    }
    case 'tiebreak_ack':
      if (game.tiebreak?.number !== m.number) return false;
      Object.assign(game, { tiebreakAnswered: true, tiebreakValue: m.value, tiebreakBy: m.by });
      break;
    case 'tiebreak_result': game.tiebreakResult = m; break;
    case 'break': Object.assign(game, { phase: 'break', break: m.break }); break;
    case 'kicked': {
      const { role } = game;
      for (const k in game) delete game[k];
      Object.assign(game, newGame(role), { phase: 'kicked', ban: m.ban, reason: m.reason });
      break;
    }
    default: return false;
  }
  return true;
}
