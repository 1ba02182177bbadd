// A typed answer, marked against the accepted answers; the host may accept more while it runs.
import { t } from '../i18n.js';
import { h } from '../dom.js';
import { typedForm } from './shared.js';

export default {
  name: 'text',
  phone: (q, ctx) => [typedForm(ctx, { label: t('p.yourAnswerLabel'), attrs: { autocapitalize: 'none', spellcheck: 'false' },
    parse: (raw) => ({ kind: 'text', text: raw }) })],
  answerText: (a) => a.text,
  // The main accepted answer: the alternatives are for marking, not for the screen.
  correctText: (c) => c.accepted[0] ?? '',
  hostKey: true,
  /** The host sees what was typed, and accepts more answers (docs/kinds-typed.md, "text"). */
  typedAnswers: true,
  screen: () => h('p', { class: 'meta', text: t('d.typeAnswer') }),
  revealLine: true,
  bars: () => null,
  editor: {
    blank: () => ({ answer: [''] }),
    fields: (q, base, ctx) => ctx.field(`${base}.answer`, t('e.accepted'), h('textarea', { rows: 2, text: (q.answer ?? []).join('\n'),
      oninput: (e) => { q.answer = e.currentTarget.value.split('\n').map((s) => s.trim()).filter(Boolean); } }),
    { hint: t('e.acceptedHint') }),
  },
};
