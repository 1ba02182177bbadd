// A poll: options with no right one; everyone who answers is counted.
import { t } from '../i18n.js';
import { optionBars, screenOptions, optionWords, optionFields } from './shared.js';
import { optionTaps } from './choice.js';

export default {
  name: 'poll',
  phone: optionTaps,
  answerText: (a, q) => optionWords([a.option], q.options),
  correctText: () => t('answer.poll'),
  screen: screenOptions,
  bars: optionBars,
  editor: {
    blank: () => ({ options: ['', ''] }),
    options: true,
    noAnswer: true,
    fields: optionFields,
  },
};
