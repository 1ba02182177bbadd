// The console's remote for the current question's clip: play, replay, stop and the volume on every
// projector of the room (`clip`, not logged), and a warning when no projector can be heard.
import { $, h, fill, t } from '../common.js';
import { S, command } from './store.js';

/** The clip the projectors play now: the reveal's once revealed (when it has one), else the question's. */
export function currentClip() {
  const q = S.game.question;
  if (!q) return null;
  const reveal = S.game.phase === 'revealed' ? S.game.reveal?.media : null;
  return reveal?.audio ? reveal : q.media?.audio ? q.media : null;
}

/** The remote, or nothing when the question has no clip. */
export function clipPanel() {
  if (!currentClip()) return null;
  const volume = S.clipVolume ?? 100;
  const send = (action) => command('clip', { action, volume: S.clipVolume ?? 100 });
  return h('section', { id: 'clip-remote', class: 'clip-remote', 'aria-labelledby': 'clip-title' },
    h('h2', { id: 'clip-title', text: t('h.clip') }),
    h('div', { id: 'sound-warning' }, ...soundWarning()),
    h('div', { class: 'controls', role: 'group', 'aria-labelledby': 'clip-title' },
      h('button', { type: 'button', class: 'btn', id: 'clip-play', text: t('h.clipPlay'), onclick: () => send('play') }),
      h('button', { type: 'button', class: 'btn', id: 'clip-replay', text: t('h.clipReplay'), onclick: () => send('replay') }),
      h('button', { type: 'button', class: 'btn', id: 'clip-stop', text: t('h.clipStop'), onclick: () => send('stop') }),
      h('label', { class: 'clip-volume', for: 'clip-volume' }, h('span', { text: t('h.clipVolume') }),
        h('input', { type: 'range', id: 'clip-volume', min: 0, max: 100, step: 5, value: volume, onchange: (e) => {
          S.clipVolume = Math.round(Number(e.currentTarget.value));
          command('clip', { action: 'volume', volume: S.clipVolume });
        } }))));
}

/** "The projector's sound is off": a projector is connected, and none of them can play the clip. */
function soundWarning() {
  const sound = S.game.displaySound;
  if (!currentClip() || !sound || sound.displays === 0 || sound.soundOn > 0) return [];
  return [h('p', { class: 'sound-warning', role: 'alert' }, h('strong', { text: t('h.soundOffWarning') }), ' ', t('h.soundOffHint'))];
}

/** The warning again after a projector came, went or switched its sound. */
export function renderSoundWarning() {
  const box = $('#sound-warning');
  if (box) fill(box, ...soundWarning());
}
