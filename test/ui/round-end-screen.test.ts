/**
 * A round's end and a match's end on the screen one has. The widget starts at the top of a page as wide
 * as the viewport (a phone's page; at 1280×800 a plain page, where it takes its 960 px, and the demo's
 * column of 838 px): at 320×640, 360×640, 375×667 and 1280×800, in English, German and Arabic, the
 * main button and every control of the round's end (the summary's fold, the review's, Replay, Copy and
 * Download record) lie inside the viewport, none hidden by a box nor lying over another; an opened
 * review keeps its fold's heading there and shows its first line; the final table's tiles are at least
 * 28 px long at 320 px; the score table shows every cell whole on one line; and no band of empty room
 * is left in the play area. Each viewport is an iframe of that size (WebKit's window is never narrower
 * than 447 px): the widget lays itself out in the frame's viewport as on a phone.
 */
import { expect } from '@open-wc/testing';
import { act, animationsDone, game, settle, settleLayout, waitFor, waitForYou, type DominoGame } from './helpers.js';
import { removeFromPage } from './harness/index.js';
import { clipped, emptyBands, firstLineOf, offScreen, overlaps, scoreTableCut, smallestLaidTile, type ScreenSize } from './screen-checks.js';

const VIEWPORTS: ScreenSize[] = [
  { name: '320×640', width: 320, height: 640 },
  { name: '360×640', width: 360, height: 640 },
  { name: '375×667', width: 375, height: 667 },
  { name: '1280×800', width: 1280, height: 800 },
  { name: '1280×800 in the demo’s column', width: 1280, height: 800, column: 838 },
];

/** The long side of a laid tile that is still readable, where the screen is narrowest. */
const READABLE_TILE = 28;
const NARROWEST = 320;
/** The widget's own largest width (its default max-inline-size): a plain page at 1280 px gives it that. */
const WIDEST = 960;
/** The play area's blocks are 0.5em apart: more than that between two is room left empty. */
const MOST_EMPTY = 16;

/**
 * Matches of two rounds (a round's end, then the match's) with the most to show: four players in
 * partnerships (four chips with their hands face up, and the teams' row), and three players (three
 * names over the scores). The seeds and targets make them short (fixed-size.test.ts).
 */
const MATCHES: Record<string, string>[] = [
  { variant: 'fives', players: '4', teams: '', seed: 'b2', target: '50' },
  { variant: 'draw', players: '3', seed: 'size-6-0', target: '15' },
];
const LANGUAGES = ['en', 'de', 'ar'];

/** The widget's module, from its source (the test server compiles it as it serves it): the frame loads it too. */
const WIDGET_MODULE = new URL('../../src/index.ts', import.meta.url).href;

/**
 * A frame at the page's top-left, its own viewport; the widget in it, at its page's top, with
 * `attributes`. Its page scrolls without a scroll bar taking room, as a phone's does.
 */
async function mountInFrame(attributes: Record<string, string>): Promise<{ frame: HTMLIFrameElement; el: DominoGame }> {
  const frame = document.createElement('iframe');
  frame.className = 'screen-frame';
  frame.style.cssText = 'position: absolute; inset: 0 auto auto 0; border: 0';
  frame.srcdoc = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <style>html, body { margin: 0 } html { scrollbar-width: none } ::-webkit-scrollbar { display: none } body > div { inline-size: var(--column, auto) }</style>
    <script type="module" src="${WIDGET_MODULE}"></script></head><body><div></div></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const inner = frame.contentWindow!;
  await waitFor('the widget defined in the frame', () => inner.customElements.get('domino-game'));
  const el = inner.document.createElement('domino-game') as DominoGame;
  for (const [name, value] of Object.entries({ persist: 'none', level: 'easy', tempo: 'instant', ...attributes })) el.setAttribute(name, value);
  inner.document.body.firstElementChild!.append(el);
  await el.updateComplete;
  return { frame, el };
}

/** The frame (its viewport) sized as `viewport`, the widget laid out again in it, and still. */
async function sizeFrame(frame: HTMLIFrameElement, el: DominoGame, viewport: ScreenSize): Promise<void> {
  frame.style.inlineSize = `${viewport.width}px`;
  frame.style.blockSize = `${viewport.height}px`;
  const page = frame.contentDocument!.documentElement;
  page.style.setProperty('--column', viewport.column ? `${viewport.column}px` : 'auto');
  frame.contentWindow!.scrollTo(0, 0);
  await settleLayout(el);
  await settleLayout(el);
  // A tile laid last flies in smaller: measured when it has landed.
  await animationsDone(frame.contentDocument!);
}

/** Everything wrong with the round's end on this screen, in words. */
async function checkScreen(el: DominoGame, frame: HTMLIFrameElement, viewport: ScreenSize, what: string): Promise<string[]> {
  const found: string[] = [];
  const note = (list: string[]) => found.push(...list.map((problem) => `${what}, ${viewport.name}: ${problem}`));
  const harness = game(el);
  const widget = el.getBoundingClientRect();
  const expectedWidth = Math.min(viewport.column ?? viewport.width, WIDEST);
  if (Math.abs(widget.top) > 0.5 || Math.abs(widget.width - expectedWidth) > 0.5) note([`the widget at ${widget.top} is ${widget.width} px wide`]);
  const controls = [...harness.actionButtons(), ...harness.roundEndControls()];
  note(offScreen(el, controls, viewport.width, viewport.height));
  note(scoreTableCut(el));
  note(emptyBands(el, MOST_EMPTY));
  const table = harness.board().table().getBoundingClientRect();
  const panel = harness.roundEnd()!.getBoundingClientRect();
  if (overlaps(table, panel)) note(['the round’s end covers the table']);
  const tile = smallestLaidTile(el);
  if (viewport.width === NARROWEST && tile < READABLE_TILE) note([`a laid tile ${tile.toFixed(1)} px long`]);
  // Opened, the review keeps its heading on the screen, and shows its first line under it.
  const review = harness.roundReview()!;
  review.fold()!.open = true;
  await settleLayout(el);
  note(offScreen(el, [review.heading()!], viewport.width, viewport.height));
  const first = review.firstLine();
  const why = first ? clipped(first, el, firstLineOf(first)) : 'missing';
  if (why) note([`the opened review's first line: ${why}`]);
  review.fold()!.open = false;
  await settleLayout(el);
  frame.contentWindow!.scrollTo(0, 0);
  return found;
}

describe('a round’s end and a match’s end on the screen one has', function () {
  this.timeout(600_000);
  afterEach(() => removeFromPage('.screen-frame'));

  for (const lang of LANGUAGES) {
    for (const attributes of MATCHES) {
      const what = `${lang}, ${attributes['variant']}×${attributes['players']}`;
      it(`${what}: every control on the screen, the table readable, the scores whole, no empty band`, async () => {
        const { frame, el } = await mountInFrame({ lang, ...attributes });
        await sizeFrame(frame, el, VIEWPORTS[1]!);
        let roundEnds = 0;
        let matchOver = false;
        el.addEventListener('domino-round-end', () => roundEnds++);
        el.addEventListener('domino-match-end', () => (matchOver = true));
        const found: string[] = [];
        const seen: string[] = [];
        let checked = 0;
        for (let actions = 0; actions < 400; actions++) {
          await waitForYou(el);
          if (roundEnds > checked || matchOver) {
            checked = roundEnds;
            const end = matchOver ? 'match' : 'round';
            seen.push(end);
            // The round's end comes with its chunk; the record's buttons when the record is made.
            await waitFor('the round’s end', () => game(el).roundEnd() && game(el).roundReview()?.fold());
            if (matchOver) await waitFor('the record’s buttons', () => game(el).matchRecord()?.buttons().length === 3);
            await settle(el);
            for (const viewport of VIEWPORTS) {
              await sizeFrame(frame, el, viewport);
              found.push(...(await checkScreen(el, frame, viewport, `${what}, the ${end}’s end`)));
            }
            await sizeFrame(frame, el, VIEWPORTS[1]!);
            if (matchOver) break;
          }
          await act(el);
        }
        expect(seen, 'a round’s end, then the match’s').to.deep.equal(['round', 'match']);
        expect(found.length > 16 ? [...found.slice(0, 16), `… ${found.length} in all`] : found).to.deep.equal([]);
      });
    }
  }
});
