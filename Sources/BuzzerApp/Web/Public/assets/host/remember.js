// The weekly host's last game, kept on this device: its league, team list and settings fill the
// create form again on "Host another game" and on the next start of the console. Not the pack:
// a new night is a new pack.
import { load, store } from '../common.js';

/** Versioned: a later shape gets a new key, and this one is simply not read. */
export const LAST_GAME_KEY = 'buzzer.lastGame.v1';

// What the form sends and the server accepts (docs/protocol-client.md, `create`'s settings); a stored
// value outside these is ignored, field by field, and the form keeps the server's default for it.
const NUMBERS = { timeLimitSeconds: [1, 3600], readingTimeMs: [0, 60000], podiumSize: [1, 10] };
const FLAGS = ['shuffleOptions', 'shuffleQuestions', 'closeWhenAllAnswered', 'allowAnswerChange', 'lateJoin', 'autoAdvance', 'teamMode'];
const SCORINGS = ['speed', 'flat'];
const MAX_TEAMS = 100;
const MAX_TEXT = 100;

const text = (value) => (typeof value === 'string' && value.trim() && value.length <= MAX_TEXT ? value.trim() : undefined);

/** Keeps what a create that went through chose (`create` as sent, `league` as `created` named it). */
export function rememberGame(create, league) {
  const s = create?.settings ?? {};
  store(LAST_GAME_KEY, { v: 1, settings: s, league: league?.id ? { id: league.id, name: league.name } : null });
}

/** The last game's choices, each checked; `null` when none are kept or the stored value is unreadable. */
export function recallGame() {
  const raw = load(LAST_GAME_KEY);
  if (!raw || typeof raw !== 'object' || raw.v !== 1) return null;
  const s = raw.settings && typeof raw.settings === 'object' ? raw.settings : {};
  const settings = {};
  for (const [name, [min, max]] of Object.entries(NUMBERS)) {
    if (Number.isFinite(s[name]) && s[name] >= min && s[name] <= max) settings[name] = s[name];
  }
  for (const name of FLAGS) if (typeof s[name] === 'boolean') settings[name] = s[name];
  if (SCORINGS.includes(s.scoring)) settings.scoring = s.scoring;
  if (Array.isArray(s.teams)) settings.teams = s.teams.slice(0, MAX_TEAMS).map(text).filter(Boolean);
  const league = raw.league && text(raw.league.id) ? { id: text(raw.league.id), name: text(raw.league.name) ?? '' } : null;
  return Object.keys(settings).length || league ? { settings, league } : null;
}

/** The host chose to start from the server's defaults again. */
export function forgetGame() {
  store(LAST_GAME_KEY, null);
}
