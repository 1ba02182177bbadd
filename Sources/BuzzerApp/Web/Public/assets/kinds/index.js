// The question kinds, one module each: a new kind is one file here, one line below, and its
// catalogue keys (`e.kind.NAME` and what its module says). Pages look kinds up here and never
// switch over them.
//
// A kind's module exports { name, phone(q, ctx), answerText(answer, q), correctText(correct, options, q),
// screen(q, game), bars(q, reveal), editor: { blank(), fields(q, base, ctx), options?, credit?, noAnswer?, carry? } }
// and, where it differs from the rest: hostKey (the console shows the right answer as words while
// the question runs), revealLine (the projector says the answer in words), typedAnswers (the host
// accepts typed answers), result(reveal, mine, q, result) (the phone's own reveal), allRightKey,
// ownsPicture (the phone's input draws the question's picture, so the page does not),
// overlay(q, reveal, img) (drawn over the projector's picture of the question at the reveal), and
// hostGroups(waiting, q, { command, redraw }) (the console's answer groups while the question runs),
// hostPanel(q, game, command) (the console's own part while the question runs: buzz's queue and marks),
// ownScreen (the phone stays on the question's screen after answering: buzz).
import { t } from '../i18n.js';
import choice from './choice.js';
import multi from './multi.js';
import truefalse from './truefalse.js';
import text from './text.js';
import number from './number.js';
import poll from './poll.js';
import order from './order.js';
import pin from './pin.js';
import survey from './survey.js';
import buzz from './buzz.js';

/** Every kind, in the editor's order. */
export const KINDS = [choice, multi, truefalse, text, number, poll, order, pin, survey, buzz];

const byName = new Map(KINDS.map((k) => [k.name, k]));

/** The kind's module (a kind this page does not know draws as a typed answer). */
export const kind = (name) => byName.get(name) ?? text;

/** The right answer of question `q` as words (a poll has none). */
export function correctText(correct, q) {
  if (!correct) return '';
  if (correct.kind === 'none') return t('answer.poll');
  return kind(q?.kind).correctText(correct, q?.options ?? [], q);
}

/** The reveal's bars of how many picked what (null for typed answers). */
export const distribution = (q, reveal) => kind(q.kind).bars(q, reveal);
