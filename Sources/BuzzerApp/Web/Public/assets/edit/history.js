// Under each question, how it fared in earlier games (docs/web-editor.md, "Question history"):
// asked N times, last on <date> in <league>, % right, median response time, and for option kinds
// how often each wrong option was picked. Read once per pack load from GET /api/questions/stats
// (the edit token's), and kept per question object, so moving a question keeps its line.
import { h, t } from '../common.js';
import { formatDate, formatNumber } from '../i18n.js';
import { api } from './store.js';

const lines = new WeakMap();

/** Reads the pack's figures; a server without them (or still building its index) shows no line. */
export async function loadHistory(id, pack) {
  if (!id) return;
  const result = await api('GET', `/api/questions/stats?pack=${encodeURIComponent(id)}`).catch(() => null);
  if (result?.status !== 200) return;
  for (const item of result.json?.questions ?? []) {
    const question = pack.rounds[item.round]?.questions[item.index];
    if (question) lines.set(question, item.stats ?? null);
  }
}

/** The line for `q`, or null for a question added since the pack was read. */
export function historyLine(q, hasOptions) {
  if (!lines.has(q)) return null;
  const s = lines.get(q);
  if (!s) return h('p', { class: 'history', text: t('e.historyNever') });
  const when = new Date(s.lastAskedAt);
  const date = formatDate(when, when.getFullYear() === new Date().getFullYear() ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' });
  const parts = [t('e.historyAsked', { count: s.timesAsked }),
    s.lastLeague ? t('e.historyLastIn', { date, place: s.lastLeague }) : t('e.historyLast', { date })];
  if (s.percentRight != null) parts.push(t('e.historyRight', { percent: formatNumber(s.percentRight / 100, { style: 'percent', maximumFractionDigits: 0 }) }));
  if (s.responseMedianMs != null) parts.push(t('e.historyMedian', { seconds: formatNumber(s.responseMedianMs / 1000, { maximumFractionDigits: 1 }) }));
  const wrong = hasOptions && s.answers ? s.counts.filter((c) => c.right === false && c.count > 0) : [];
  return h('div', { class: 'history' },
    h('p', { text: parts.join(' · ') }),
    wrong.length ? h('p', { class: 'history-wrong', text: t('e.historyWrong', {
      list: wrong.map((c) => `${c.answer} ${formatNumber(c.count / s.answers, { style: 'percent', maximumFractionDigits: 0 })}`).join(' · ') }) }) : null);
}
