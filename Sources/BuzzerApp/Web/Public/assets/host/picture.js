// The console shows what the big screen shows: the question's picture while it runs, and at the
// reveal the answer's picture (`revealMedia`, the reveal's `media`) when the pack has one.
import { h, t } from '../common.js';

/**
 * The picture for the console's stage, or null. Kept small (app.css `.host-media`: at most a third
 * of the screen's height) so the options, the count and the controls stay on a 1366×768 laptop.
 */
export function hostPicture(q, reveal = null) {
  const media = reveal?.media?.image ? reveal.media : q?.media;
  if (!media?.image) return null;
  const answer = media !== q.media;
  return h('figure', { class: 'host-media', id: 'host-picture' },
    h('img', { src: media.image, alt: media.alt || t(answer ? 'h.answerPicture' : 'h.questionPicture') }),
    answer ? h('figcaption', { class: 'hint', text: t('h.answerPicture') }) : null);
}
