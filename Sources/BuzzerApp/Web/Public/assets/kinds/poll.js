// A poll: options with no right one; everyone who answers is counted.
import { t } from '../i18n.js';
import { bars, screenOptions, optionWords, optionTaps, optionFields } from './shared.js';

export default {
  name: 'poll',
  phone: optionTaps,
  answerText: (a, q) => optionWords([a.option], q.options),
  correctText: () => t('answer.poll'),
  screen: screenOptions,
  // No right answer: the most chosen option stands out, and the projector counts answers, not right ones.
  bars: (q, reveal) => bars({ labels: q.options ?? [], counts: reveal.optionCounts ?? [], top: true }),
  allRightKey: 'd.answersCounted',
  editor: {
    blank: () => ({ options: ['', ''] }),
    options: true,
    noAnswer: true,
    fields: optionFields,
  },
};
