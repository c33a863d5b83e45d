/**
 * Whole matches played with the pointer alone, in every variant: real taps on tiles, places and the main
 * button, and real drags of tiles onto a place (or onto the table when one place fits).
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { setViewport } from './browser-engine.js';
import { boardOf, VARIANTS, game, mainButton, mount, placeButtons, settle, waitFor, type DominoGame } from './helpers.js';
import { playWholeMatch, type Input } from './match-driver.js';

function centre(target: Element): [number, number] {
  const r = target.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

/** The element a pointer at (x, y) would hit, through the shadow roots. */
function hitAt([x, y]: [number, number]): Element | null {
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

async function tap(target: Element): Promise<void> {
  const r = target.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) target.scrollIntoView({ block: 'center' });
  const at = centre(target);
  expect(target.contains(hitAt(at)), `nothing covers ${target.outerHTML.slice(0, 80)}`).to.equal(true);
  await sendMouse({ type: 'click', position: at });
}

/** Presses on `tile` and moves past the 8px threshold; returns the places offered once the drag shows. */
async function startDrag(el: DominoGame, tile: Element): Promise<HTMLButtonElement[]> {
  const r = tile.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) tile.scrollIntoView({ block: 'center' });
  const [x, y] = centre(tile);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + 3, y - 4] });
  await sendMouse({ type: 'move', position: [x + 6, y - 24] });
  // Chrome hands pointer moves to the page with the next frame: wait for the drag to show.
  await waitFor('the dragged tile', () => !game(el).ghost().hidden);
  await settle(el);
  return placeButtons(el);
}

async function drop(el: DominoGame, at: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: [at[0] + 5, at[1] + 5] });
  await sendMouse({ type: 'move', position: at });
  await sendMouse({ type: 'up' });
  await settle(el);
}

/** A person with a mouse: real taps on the button, tiles and places, and real drags onto a place or the table. */
const pointer: Input = {
  async pressMain(_el, button) {
    await tap(button);
  },
  async lay(el, tile, random, counts) {
    const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
    // A new deal flies in: a person's pointer lands on the tile where it has come to rest.
    await waitFor('your tiles to come to rest', () => game(el).hand().still());
    if (random() < 0.5) {
      // Drag it: the places show as soon as the drag starts, and the tile follows the pointer.
      count('drags');
      const places = await startDrag(el, tile);
      expect(places.length, 'places offered during a drag').to.be.at.least(1);
      if (places.length === 1 && random() < 0.4) {
        // One place fits: dropping anywhere on the table plays it.
        count('dropsOnTable');
        const table = boardOf(el).getBoundingClientRect();
        await drop(el, [Math.round(table.left + 6), Math.round(table.top + 6)]);
      } else {
        await drop(el, centre(places[Math.floor(random() * places.length)]!));
      }
      expect(game(el).ghost().hidden, 'the dragged image goes with the drop').to.equal(true);
      return;
    }
    count('taps');
    await tap(tile);
    await settle(el);
    const places = placeButtons(el);
    if (places.length > 0) {
      count('tapPlaces');
      expect(places.length).to.be.at.least(2);
      await tap(places[Math.floor(random() * places.length)]!);
    }
  },
};

/** Small targets keep the matches short; some still take several rounds. */
const TARGETS = { draw: '20', block: '20', fives: '30', doubles: '20' };

describe('playing by pointer', function () {
  // A whole match a test: the ceiling only turns a hang into a failure.
  this.timeout(180_000);
  let el: DominoGame | undefined;
  before(() => setViewport({ width: 900, height: 1100 }));
  afterEach(async () => {
    el?.remove();
    await resetMouse();
  });

  for (const [index, variant] of VARIANTS.entries()) {
    it(`plays a whole ${variant} match by taps and drags`, async () => {
      el = await mount({ variant, seed: `ptr-${variant}`, target: TARGETS[variant], level: 'easy', tempo: 'instant' });
      el.style.maxInlineSize = '900px';
      const { events, counts } = await playWholeMatch(el, pointer, 200 + index);
      if (variant === 'fives') {
        expect(events.scores.length).to.be.greaterThan(0);
        expect(events.roundEnds.length).to.be.greaterThan(0);
      }
      expect(mainButton(el)!.textContent!.trim()).to.equal('New game');
      expect(counts['drags'], 'drags').to.be.greaterThan(0);
      expect(counts['taps'], 'taps').to.be.greaterThan(0);
    });
  }
});
