/**
 * The summaries tell the story: a score table round by round (each round's points per side, then the
 * totals), and after the match why it ended: the target reached at a round's end, or in All Fives during
 * play, by the move that scored it. Checked against the events the page heard.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { act, actUntil, en, game, handNames, messagePattern, mainLabel, mount, record, settle, waitFor, waitForYou, type DominoGame, expectAccessible } from './helpers.js';
import { enExtra } from '../../src/i18n/en-extra.js';

/** The table's body rows and totals, as numbers. */
function table(el: DominoGame): { rounds: string[]; points: number[][]; totals: number[] } {
  const scores = game(el).scores();
  if (!scores) throw new Error('no score table shows');
  return { rounds: scores.rounds(), points: scores.points(), totals: scores.totals() };
}

const summaryShown = (el: DominoGame) => waitFor('the score table', () => game(el).scoreTable());

describe('summaries', function () {
  this.timeout(180_000);
  let el: DominoGame | undefined;
  afterEach(() => el?.remove());

  it('the round summary shows the score round by round, as the round-end events said', async () => {
    el = await mount({ variant: 'draw', seed: 'summary-1', target: '500', level: 'easy', tempo: 'instant' });
    const heard = record(el);
    for (let round = 1; round <= 3; round++) {
      await actUntil(el, () => mainLabel(el!) === en.nextRound);
      await summaryShown(el);
      await settle(el);
      const shown = table(el);
      expect(shown.rounds).to.deep.equal(Array.from({ length: round }, (_, i) => String(i + 1)));
      const ends = heard.roundEnds;
      expect(ends).to.have.length(round);
      ends.forEach((end, i) => {
        const before = i === 0 ? [0, 0] : ends[i - 1]!.scores;
        expect(shown.points[i], `round ${i + 1}`).to.deep.equal(end.scores.map((s, side) => s - before[side]!));
      });
      expect(shown.totals).to.deep.equal(ends[round - 1]!.scores);
      const caption = game(el).scores()!.caption();
      expect(caption).to.equal(enExtra.scoreByRound);
      await expectAccessible(el);
      await act(el); // Next round
    }
    heard.stop();
  });

  it('the match summary says why the match ended, with the move when All Fives is won in play', async () => {
    const seen = { inPlay: 0, atRoundEnd: 0 };
    // Low targets in All Fives: some matches are won by a play's points; Draw is always won as a round ends.
    const matches = [['fives', 'why-1', '10'], ['fives', 'why-2', '15'], ['fives', 'why-3', '40'], ['draw', 'why-4', '30']] as const;
    for (const [variant, seed, target] of matches) {
      el = await mount({ variant, seed, target, level: 'easy', tempo: 'instant' });
      const heard = record(el);
      await actUntil(el, () => mainLabel(el!) === en.newGame);
      await summaryShown(el);
      heard.stop();
      const why = game(el).why();
      // The events of the last move: move, score (points in play), round end (if it ended the round), match end.
      const at = heard.all.map((e) => e.type).lastIndexOf('domino-move');
      const last = heard.all[at]!.detail as (typeof heard.moves)[number];
      const after = heard.all.slice(at + 1);
      const roundEnd = after.find((e) => e.type === 'domino-round-end')?.detail as (typeof heard.roundEnds)[number] | undefined;
      const round = heard.all.slice(0, at).filter((e) => e.type === 'domino-round-end').length + 1;
      // Won in play: the last play scored, and no round award (none, or 0: RULES.md §10) came after it.
      if (last.points > 0 && (roundEnd === undefined || roundEnd.points === 0)) {
        const tile = `${last.move.tile![0]}-${last.move.tile![1]}`;
        expect(why, JSON.stringify(heard.all.map((e) => e.type))).to.match(messagePattern('matchEndInPlay', { target, round, tile, count: last.points }, ''));
        seen.inPlay++;
      } else {
        expect(why).to.match(messagePattern('matchEndRound', { target, round }, ''));
        seen.atRoundEnd++;
      }
      // The totals under the table are the final scores.
      expect(table(el).totals).to.deep.equal(heard.matchEnds[0]!.scores);
      await expectAccessible(el);
      el.remove();
    }
    expect(seen.inPlay, 'a match won in play').to.be.greaterThan(0);
    expect(seen.atRoundEnd, 'a match won as a round ended').to.be.greaterThan(0);
  });

  it('an offline match shows the seed it was dealt from, and that seed deals it again', async () => {
    const firstHand = async (game: DominoGame) => {
      await waitForYou(game);
      return handNames(game);
    };
    el = await mount({ variant: 'draw', target: '500', level: 'easy', tempo: 'instant' });
    const dealt = await firstHand(el);
    await actUntil(el, () => mainLabel(el!) === en.nextRound);
    await summaryShown(el);
    const line = game(el).seedLine();
    const seed = new RegExp(`^${enExtra.dealSeed.replace('{seed}', '(\\S+)')}$`).exec(line)?.[1];
    expect(seed, line).to.match(/^[0-9a-z]{8}$/);
    await expectAccessible(el);
    el.remove();
    el = await mount({ variant: 'draw', target: '500', level: 'easy', tempo: 'instant', seed: seed! });
    expect(await firstHand(el), 'the same seed, the same deal').to.deep.equal(dealt);
    await actUntil(el, () => mainLabel(el!) === en.nextRound);
    await summaryShown(el);
    expect(game(el).seedLine()).to.equal(line);
  });
});
