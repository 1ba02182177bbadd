// A choice question: one right option of 2 to 6.
import { optionBars, screenOptions, optionWords, optionTaps, optionFields } from './shared.js';

export default {
  name: 'choice',
  phone: optionTaps,
  answerText: (a, q) => optionWords([a.option], q.options),
  correctText: (c, options) => optionWords(c.options, options),
  screen: screenOptions,
  bars: optionBars,
  editor: {
    blank: () => ({ options: ['', ''], answer: 0 }),
    options: true,
    fields: optionFields,
  },
};
