/**
 * Whole matches played with the pointer alone, in every variant: real taps on tiles, places and the main
 * button, and real drags of tiles onto a place (or onto the table when one place fits).
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  VARIANTS,
  boardOf,
  checkMainButtonName,
  checkMatchEvents,
  checkTableAgainstEvents,
  handNames,
  mainButton,
  mount,
  placeButtons,
  record,
  rng,
  root,
  sameTile,
  settle,
  tableNames,
  tileNameOf,
  waitForYou,
  type DominoGame,
} from './helpers.js';

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

/** Presses on `tile`, moves past the 8px threshold, and returns the places then offered. */
async function startDrag(el: DominoGame, tile: Element): Promise<HTMLButtonElement[]> {
  const [x, y] = centre(tile);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: [x + 3, y - 4] });
  await sendMouse({ type: 'move', position: [x + 6, y - 24] });
  await settle(el);
  return placeButtons(el);
}

async function drop(el: DominoGame, at: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: [at[0] + 5, at[1] + 5] });
  await sendMouse({ type: 'move', position: at });
  await sendMouse({ type: 'up' });
  await settle(el);
}

/** Plays the match in `el` to its end by pointer; returns counts of what it did. */
async function playByPointer(el: DominoGame, seed: number) {
  const random = rng(seed);
  const stats = { rounds: 1, taps: 0, tapPlaces: 0, drags: 0, dropsOnTable: 0, draws: 0, passes: 0 };
  const events = record(el);
  const labels = new Set<string>();
  try {
    for (let step = 0; ; step++) {
      expect(step, 'the match ends').to.be.below(400);
      const ask = await waitForYou(el, 8000);
      if (ask.kind === 'button') {
        // The first time each label shows, its accessible name (the others: the DOM alone).
        if (!labels.has(ask.label)) await checkMainButtonName(el);
        labels.add(ask.label);
        expect(ask.button.hasAttribute('aria-label')).to.equal(false);
        if (ask.label === 'New game') break;
        if (ask.label !== 'Next round') checkTableAgainstEvents(el, events);
        const movesBefore = events.moves.length;
        await tap(ask.button);
        await settle(el);
        if (ask.label === 'Next round') {
          stats.rounds++;
          continue;
        }
        const mine = events.moves.slice(movesBefore).filter((m) => m.seat === 0);
        expect(mine.map((m) => m.move.type)).to.deep.equal([ask.label.toLowerCase()]);
        stats[ask.label === 'Draw' ? 'draws' : 'passes']++;
        continue;
      }

      checkTableAgainstEvents(el, events);
      const tile = ask.tiles[Math.floor(random() * ask.tiles.length)]!;
      const name = tileNameOf(tile);
      const handBefore = handNames(el);
      const movesBefore = events.moves.length;
      if (random() < 0.5) {
        // Drag it: the places show as soon as the drag starts, and the tile follows the pointer.
        stats.drags++;
        const places = await startDrag(el, tile);
        expect(places.length, 'places offered during a drag').to.be.at.least(1);
        const ghost = root(el).querySelector<HTMLElement>('.ghost')!;
        expect(ghost.hidden, 'the dragged tile follows the pointer').to.equal(false);
        if (places.length === 1 && random() < 0.4) {
          // One place fits: dropping anywhere on the table plays it.
          stats.dropsOnTable++;
          const table = boardOf(el).getBoundingClientRect();
          await drop(el, [Math.round(table.left + 6), Math.round(table.top + 6)]);
        } else {
          await drop(el, centre(places[Math.floor(random() * places.length)]!));
        }
        expect(ghost.hidden).to.equal(true);
      } else {
        stats.taps++;
        await tap(tile);
        await settle(el);
        const places = placeButtons(el);
        if (places.length > 0) {
          stats.tapPlaces++;
          expect(places.length).to.be.at.least(2);
          await tap(places[Math.floor(random() * places.length)]!);
          await settle(el);
        }
      }
      expect(placeButtons(el)).to.have.length(0);
      const mine = events.moves.slice(movesBefore).find((m) => m.seat === 0);
      expect(mine?.move.type, `playing ${name}`).to.equal('play');
      expect(sameTile(mine!.move.tile!.join('-'), name)).to.equal(true);
      if (!mainButton(el)) {
        expect(handNames(el)).not.to.include(name);
        expect(handNames(el)).to.have.length(handBefore.length - 1);
        expect(tableNames(el).some((t) => sameTile(t, name))).to.equal(true);
      }
    }
    checkMatchEvents(events, Number(el.getAttribute('target')));
    return { ...stats, events };
  } finally {
    events.stop();
  }
}

/** Small targets keep the matches short; some still take several rounds. */
const TARGETS = { draw: '20', block: '20', fives: '30', doubles: '20' };

describe('playing by pointer', function () {
  this.timeout(60_000);
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
      const { events, ...stats } = await playByPointer(el, 200 + index);
      if (variant === 'fives') {
        expect(events.scores.length).to.be.greaterThan(0);
        expect(events.roundEnds.length).to.be.greaterThan(0);
      }
      expect(mainButton(el)!.textContent!.trim()).to.equal('New game');
      expect(stats.drags).to.be.greaterThan(0);
      expect(stats.taps).to.be.greaterThan(0);
    });
  }
});
