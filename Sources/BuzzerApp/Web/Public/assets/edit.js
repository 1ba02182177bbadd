// The question library editor: list, search, create, edit, reorder and delete packs and their
// questions of every kind, with pictures and sounds, through the library API
// (docs/question-library.md). The server checks every save; its 422 problems are shown beside
// the fields they name, in its own words. Panels live in edit/*.js over one store (edit/store.js).
import { $, store, t } from './common.js';
import { startI18n, pickLanguage, languageFromURL, storedLanguage, languagePicker, onLanguage } from './i18n.js';
import { S, notice, TOKEN_KEY } from './edit/store.js';
import { showLibrary } from './edit/library.js';
import { renderPack } from './edit/panels.js';

await startI18n(pickLanguage(storedLanguage(), languageFromURL(), navigator.languages), ['edit']);

// `/edit#token=…` (the link `buzzer serve` prints) keeps the token in this browser; the fragment never reaches a server log.
function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (!hash.get('token')) return false;
  store(TOKEN_KEY, hash.get('token'));
  history.replaceState(null, '', '/edit');
  return true;
}
tokenFromAddress();
// The link pasted into a tab already on /edit changes only the fragment: no reload, so listen for it.
window.addEventListener('hashchange', async () => {
  if (!tokenFromAddress()) return;
  if (S.pack) renderPack(); else await showLibrary();
  notice(t('e.tokenSaved'));
});

// The editor's own language (the top bar); a switch redraws the library or the pack being edited.
$('.topbar').append(languagePicker());
onLanguage(() => { if (S.pack) renderPack(); else showLibrary(); });

showLibrary();
