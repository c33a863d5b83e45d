/**
 * The widget keeps its size (issue #10): whole matches of every variant, 4 players with teams included,
 * at the sizes sites embed it at (doubles at each, the others at two sizes each). After every move the
 * play area's height (the players' line to the button row) is the one it started with (a ResizeObserver
 * on it sees every change, even between our checks), and so is the widget's, a round's end included (it
 * takes the hand's room in the play area). With the widget's top at the window's top, your hand and the
 * main button lie inside the window.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { setViewport } from './browser-engine.js';
import { act, game, handOf, handTiles, mainButton, mainLabel, mount, waitForYou, type DominoGame } from './helpers.js';
import type { ScreenSize } from './screen-checks.js';

const SIZES: ScreenSize[] = [
  { name: '1280×800', width: 1280, height: 800 },
  { name: '1024×768', width: 1024, height: 768 },
  { name: '375×667', width: 375, height: 667 },
  { name: 'a 300 px sidebar', width: 1280, height: 800, column: 300 },
];

/**
 * Each variant once with 2 players and once with 4 in partnerships, in matches of two rounds: a deal,
 * play, the round's summary, a second deal, play, the match's summary: every screen a match shows,
 * at a fraction of a long match's time. The seeds and targets make them so (the scores after the first
 * and second rounds are in the comments); the test checks that a round's summary showed.
 */
const MATCHES: Record<string, string>[] = [
  { variant: 'draw', players: '2', seed: 'size-0-0', target: '20' }, // 0:17, then 0:26
  { variant: 'block', players: '4', teams: '', seed: 'size-1-0', target: '10' }, // 0:8, then 0:18
  { variant: 'fives', players: '4', teams: '', seed: 'b2', target: '50' }, // 35:25, then 45:70
  { variant: 'doubles', players: '2', seed: 'size-3-0', target: '10' }, // 1:0, then 1:23
  { variant: 'fives', players: '2', seed: 'size-4-0', target: '30' }, // 15:20, then 50:40
  { variant: 'doubles', players: '4', teams: '', seed: 'size-5-0', target: '25' }, // 0:22, then 0:32
  { variant: 'draw', players: '3', seed: 'size-6-0', target: '15' }, // 0:0:13, then 16:0:13
];

/** What is wrong with the widget's place on the page now, if anything. */
function outOfView(el: DominoGame, size: ScreenSize): string[] {
  const problems: string[] = [];
  const inside = (what: string, r: DOMRect) => {
    if (r.top < -0.5 || r.bottom > size.height + 0.5 || r.left < -0.5 || r.right > size.width + 0.5) {
      problems.push(`${what} at ${r.left.toFixed(0)},${r.top.toFixed(0)}–${r.right.toFixed(0)},${r.bottom.toFixed(0)}`);
    }
  };
  inside('the hand', handOf(el).getBoundingClientRect());
  for (const tile of handTiles(el)) inside(`hand tile ${tile.dataset['tile']}`, tile.getBoundingClientRect());
  const main = mainButton(el);
  if (main) inside(`the main button (${mainLabel(el)})`, main.getBoundingClientRect());
  const game = el.getBoundingClientRect();
  if (Math.abs(game.top) > 0.5) problems.push(`the widget's top moved to ${game.top}`);
  return problems;
}

describe('the widget keeps its size through whole matches', function () {
  // Up to five matches a test: the ceiling only turns a hang into a failure.
  this.timeout(600_000);
  let holder: HTMLElement | undefined;
  afterEach(() => holder?.remove());
  after(() => setViewport({ width: 800, height: 600 }));

  for (const [sizeIndex, size] of SIZES.entries()) {
    // Doubles, whose table grows four ways, at every size; each other match at every other size (two
    // sizes each), so that no shape of match goes unplayed at a phone's width nor at a desktop's.
    const matches = MATCHES.filter((m, i) => m['variant'] === 'doubles' || (i + sizeIndex) % 2 === 0);
    it(`at ${size.name}: ${matches.map((m) => `${m['variant']}×${m['players']}`).join(', ')}: the play area's height never changes, the hand and the main button stay in view`, async () => {
      await setViewport({ width: size.width, height: size.height });
      document.body.style.margin = '0';
      const report: string[] = [];
      for (const attributes of matches) {
        holder = document.createElement('div');
        holder.style.cssText = `position: absolute; inset: 0 auto auto 0; inline-size: ${size.column ?? size.width}px`;
        document.body.append(holder);
        const el = await mount({ level: 'easy', tempo: 'instant', ...attributes }, holder);
        await waitForYou(el);
        const height = el.getBoundingClientRect().height;
        const play = game(el).playArea();
        const playHeight = play.getBoundingClientRect().height;
        const heights = new Set<number>();
        const observer = new ResizeObserver(() => heights.add(Math.round(play.getBoundingClientRect().height * 10) / 10));
        observer.observe(play);
        const what = `${size.name}, ${JSON.stringify(attributes)}`;
        let moves = 0;
        el.addEventListener('domino-move', () => moves++);
        let actions = 0;
        let roundSummaries = 0;
        for (; actions < 600 && mainLabel(el) !== 'New game'; actions++) {
          if (mainLabel(el) === 'Next round') roundSummaries++;
          await act(el);
          await waitForYou(el);
          expect(play.getBoundingClientRect().height, `${what}: the play area's height after ${moves} moves`).to.equal(playHeight);
          expect(el.getBoundingClientRect().height, `${what}: the height after ${moves} moves`).to.equal(height);
          expect(outOfView(el, size), `${what}: after ${moves} moves`).to.deep.equal([]);
        }
        observer.disconnect();
        expect(mainLabel(el), `${what}: the match ended`).to.equal('New game');
        expect(roundSummaries, `${what}: a round's summary showed`).to.be.at.least(1);
        heights.delete(Math.round(playHeight * 10) / 10);
        expect([...heights], `${what}: every height the play area took`).to.deep.equal([]);
        report.push(`${JSON.stringify(attributes)}: ${moves} moves, ${actions} actions, play area ${playHeight.toFixed(1)} px throughout, widget ${height.toFixed(1)} px in play`);
        holder.remove();
      }
      console.log(`${size.name}:\n  ${report.join('\n  ')}`);
    });
  }
});
