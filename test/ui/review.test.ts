/**
 * The review of your moves: under a round's summary and the match's, a fold opened by the keyboard
 * grades every move of yours where you had a choice (the moves the record says you made, and no
 * others), each with its grade in words and the better play; the totals are said; it passes the a11y
 * check, and opened again it shows the same review without asking again.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { legalMoves, playerView, replaySteps, tileName, type MatchState, type Play } from '../../src/engine/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { act, actUntil, en, game, mainLabel, messagePattern, mount, settle, waitFor, type DominoGame, expectAccessible } from './helpers.js';

const YOU = 0;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const review = (el: DominoGame) => game(el).roundReview();
const fold = (el: DominoGame) => review(el)?.fold() ?? null;
const status = (el: DominoGame) => review(el)!.status();

/** The log indexes of your moves in the last round of a match's states where more than one play was open. */
function decisionsOfLastRound(states: MatchState[]): number[] {
  const last = states.at(-1)!.round.number;
  const indexes: number[] = [];
  const round = states.filter((s) => s.round.number === last);
  for (const [i, state] of round.entries()) {
    const next = round[i + 1];
    if (!next || state.turn !== YOU) continue;
    const plays = legalMoves(playerView(state, YOU)).filter((m): m is Play => m.type === 'play');
    if (plays.length > 1 && next.log.at(-1)?.type === 'play') indexes.push(state.log.length);
  }
  return indexes;
}

async function openByKeyboard(el: DominoGame): Promise<void> {
  const summary = review(el)!.heading()!;
  summary.focus();
  await sendKeys({ press: 'Enter' });
  await waitFor('the review open', () => fold(el)!.open);
}

describe('review of your moves', function () {
  this.timeout(240_000);
  let el: DominoGame | undefined;
  afterEach(() => {
    el?.remove();
    localStorage.clear();
  });

  it('grades each move of yours with a choice, names the better play, says the totals, and is made once', async () => {
    el = await mount({ variant: 'fives', players: '2', seed: 'review-ui-1', target: '40', level: 'easy', tempo: 'instant', persist: 'none' });
    let roundsWithFold = 0;
    for (;;) {
      await actUntil(el, () => mainLabel(el!) === en.nextRound || mainLabel(el!) === en.newGame);
      if (mainLabel(el) === en.newGame) break;
      await waitFor('the review fold under the round’s summary', () => fold(el!));
      roundsWithFold++;
      await act(el);
    }
    await waitFor('the review fold', () => fold(el!));
    expect(fold(el)!.open, 'closed until asked for').to.equal(false);

    await openByKeyboard(el);
    const totals = messagePattern('reviewTotals', {}, '');
    await waitFor('the review made', () => totals.test(status(el!)) || status(el!) === enExtra.reviewNothing, 30_000);

    // What you did, from the match's record (the summary's record actions have it).
    const record = (await waitFor('the record', () => game(el!).matchRecord()))!.record()!;
    const states = [...replaySteps(record)];
    const decisions = decisionsOfLastRound(states);
    const last = states.at(-1)!;
    const items = review(el)!.moves();
    expect(items.length, 'one line for each move with a choice').to.equal(decisions.length);
    items.forEach((item, i) => {
      const entry = last.log[decisions[i]!]!;
      expect(entry.type).to.equal('play');
      const text = item.textContent!.replace(/\s+/g, ' ').trim();
      const tile = entry.type === 'play' ? tileName(entry.tile).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '';
      // Numbered among your own plays of the round (the log counts every seat's moves and draws).
      const yourPlay = last.log.slice(0, decisions[i]).filter((e) => e.type === 'play' && e.seat === YOU).length + 1;
      const [before, after] = enExtra.reviewPlay.replace('{n}', String(yourPlay)).split('{play}') as [string, string];
      expect(text, 'your play’s number and the tile').to.match(new RegExp(`^${escape(before)}${tile}( \\([^)]+\\))?${escape(after)}`));
      const grade = review(el!)!.grade(item);
      const gradeText = review(el!)!.gradeText(item);
      if (grade === 'best') expect(gradeText).to.equal(enExtra.reviewBest);
      else expect(gradeText).to.match(new RegExp(`^${grade === 'good' ? 'Good' : 'Mistake'}: [\\d.]+ points? less than \\d-\\d( \\([^)]+\\))?, on average\\.$`));
    });
    if (decisions.length > 0) {
      const count = (grade: string) => items.filter((item) => item.dataset['grade'] === grade).length;
      expect(status(el)).to.match(new RegExp(`^Best: ${count('best')}\\. Good: ${count('good')}\\. Mistakes: ${count('mistake')}\\. Points given away: [\\d.]+\\.$`));
    }
    await expectAccessible(el);

    // Closed and opened again: the same review, not asked for anew.
    const shown = fold(el)!.innerHTML;
    await sendKeys({ press: 'Enter' });
    await waitFor('the review closed', () => !fold(el!)!.open);
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(status(el)).not.to.equal(enExtra.reviewWorking);
    expect(fold(el)!.innerHTML).to.equal(shown);
    expect(roundsWithFold + 1, 'a fold under every round’s summary').to.equal(last.round.number);
  });
});
