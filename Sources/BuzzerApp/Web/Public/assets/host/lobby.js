// The console's lobby (code, join address, QR) and the screens box (big-screen link, night's language).
import { $, h, fill, store, t, tn } from '../common.js';
import { formatNumber, LANGUAGES, language, storedLanguage, DISPLAY_LANG_KEY } from '../i18n.js';
import { S, command } from './store.js';

export function lobbyStage() {
  const join = S.game.joinURL || `${location.origin}/join/${S.seat.code}`;
  const base = join.replace(/\/join\/[^/]*$/, '');
  const addresses = S.game.joinAddresses || [];
  return [
    h('h1', { id: 'stage-title', class: 'sr-only', text: t('h.lobby') }),
    h('p', { class: 'eyebrow', text: S.game.title }),
    isLoopbackURL(join) ? h('p', { class: 'warn', id: 'loopback-warning', role: 'note' },
      h('strong', { text: `${t('h.loopbackTitle')} ` }),
      t('h.loopbackText', { address: shortURL(base) })) : null,
    h('div', { class: 'joinbox' },
      h('div', {},
        h('p', { class: 'lead', text: t('h.joinAt') }),
        h('p', { class: 'url', id: 'join-url', text: shortURL(base) }),
        h('p', { class: 'lead', text: t('h.withCode') }),
        h('p', { class: 'bigcode', id: 'join-code', text: S.seat.code }),
        h('p', { class: 'livecount' }, ...tn('h.playersJoined', { count: S.game.playerCount ?? 0, n: h('strong', { text: formatNumber(S.game.playerCount ?? 0) }) })),
        addresses.length > 1 ? h('div', { class: 'field' },
          h('label', { for: 'join-address', text: t('h.severalAddresses') }),
          h('select', { id: 'join-address', onchange: (e) => command('join_address', { url: e.currentTarget.value }) },
            addresses.map((a) => h('option', { value: a, text: shortURL(a), selected: a === base })))) : null),
      h('div', { class: 'qr' }, h('img', { src: `/qr/${encodeURIComponent(S.seat.code)}.svg?u=${encodeURIComponent(base)}`, alt: t('h.qrAlt', { address: join }) }))),
  ];
}

/** `http://192.168.1.5:8080` → `192.168.1.5:8080`: what a player types. */
export function shortURL(url) {
  return url.replace(/^https?:\/\//, '');
}

/** Whether phones cannot reach `url`: localhost, 127.x or ::1. */
export function isLoopbackURL(url) {
  const host = new URL(url, location.href).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1' || host === '0.0.0.0';
}

/** The night's language for the big screen (DISPLAY_LANG_KEY, else the console's). */
export function nightLanguage() {
  return storedLanguage(DISPLAY_LANG_KEY) ?? language();
}

export function renderShare(force = false) {
  const box = $('#share');
  if (!box || (box.childElementCount && !force)) return;
  const base = S.seat.displayURL || `${location.origin}/display/${S.seat.code}`;
  const display = `${base}?lang=${nightLanguage()}`;
  fill(box,
    h('h2', { id: 'share-title', text: t('h.screens') }),
    h('div', { class: 'field' }, h('label', { for: 'night-lang', text: t('h.nightLang') }),
      h('select', { id: 'night-lang', onchange: (e) => { store(DISPLAY_LANG_KEY, e.currentTarget.value); renderShare(true); $('#night-lang')?.focus(); } },
        Object.entries(LANGUAGES).map(([code, name]) => h('option', { value: code, lang: code, text: name, selected: code === nightLanguage() })))),
    h('p', {}, h('a', { href: display, target: '_blank', rel: 'noopener', class: 'btn', id: 'open-display', text: t('h.openBigScreen') })),
    h('p', { class: 'hint' }, ...tn('h.orOpen', { url: h('span', { class: 'url', text: display }) })),
    h('details', {},
      h('summary', { text: t('h.otherDevice') }),
      h('p', { class: 'hint', text: t('h.otherDeviceHint') }),
      h('p', { class: 'url', text: `${location.origin}/host#code=${S.seat.code}&token=${S.seat.token}` }),
      h('p', { class: 'hint' }, ...tn('h.hostKeyIs', { key: h('span', { class: 'url', text: S.seat.token }) }))));
}
