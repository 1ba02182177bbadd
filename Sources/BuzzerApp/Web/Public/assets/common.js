// What the pages share, in one import: the DOM builder, the words, the server's clock, the
// connection, answer options, the boards and the question kinds' register (the kinds themselves
// load when a game needs them: kinds/index.js). Each lives in its
// own module (named below); this file only gathers them.
export { t, tn, ordinal, parseNumber } from './i18n.js';
export { h, fill, $, setText, countLine } from './dom.js';
export { newGame, reduce } from './game-state.js';
export { createStore, dispatch } from './store.js';
export { syncClock, serverNow, drawClock, Countdown, clock, runClock, say } from './clock.js';
export { Connection, showStatus } from './connection.js';
export { LETTERS, shape, marker, formatScore, errorText, roundSuffix } from './options.js';
export { codeFromPath, store, load } from './storage.js';
export { podium, fitNames, standingsTable, teamTable, teamPodium } from './screens/boards.js';
export { entrantNames, tiebreakTable } from './screens/tiebreak.js';
export { questionNotes, patchNotes } from './screens/notes.js';
export { breakSlide, tickBreak } from './screens/break.js';
export { kind, KIND_NAMES, kindsLoaded, loadKinds, loadKindNames, correctText, distribution } from './kinds/index.js';
