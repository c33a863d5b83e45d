/**
 * Whole matches played with the keyboard alone, in every variant: Tab to the hand (one tab stop) or to
 * the main button, arrows between tiles and places, Enter or Space to play, Escape to cancel.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  VARIANTS,
  deepActive,
  handTiles,
  mainButton,
  mainLabel,
  mount,
  placeButtons,
  playableTiles,
  record,
  settle,
  textOf,
  tileNameOf,
  waitForYou,
  type DominoGame,
} from './helpers.js';
import { HandHarness } from './harness/index.js';
import { pressWith } from './browser-engine.js';
import { playWholeMatch, type Input } from './match-driver.js';

async function press(key: string): Promise<void> {
  if (key === 'Shift+Tab') {
    await pressWith('Shift', 'Tab');
  } else {
    // The space bar by its key value: Firefox's driver (WebDriver BiDi) knows no key named "Space".
    await sendKeys({ press: key === 'Space' ? ' ' : key });
  }
}

/**
 * Presses Tab until `wanted` holds for the focused element; when Tab runs off the end of the page,
 * goes back with Shift+Tab, as a person would.
 */
async function tabUntil(what: string, wanted: (active: Element | null) => boolean): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 6; i++) {
      if (wanted(deepActive())) return;
      await press(key);
    }
  }
  if (wanted(deepActive())) return;
  throw new Error(`Tab never reached ${what}; focus is on ${deepActive()?.outerHTML.slice(0, 120)}`);
}

const isTile = (el: DominoGame) => (active: Element | null) => handTiles(el).includes(active as HTMLButtonElement);

/** A person at the keyboard: Tab to the button or the hand, arrows, Enter or Space, Escape to cancel. */
const keyboard: Input = {
  async pressMain(el, button, random) {
    await tabUntil(`the ${textOf(button)} button`, (a) => a === mainButton(el));
    await press(random() < 0.5 ? 'Enter' : 'Space');
  },
  async lay(el, wanted, random, counts, events) {
    const enter = random() < 0.5 ? 'Enter' : 'Space';
    await tabUntil('your hand', isTile(el));
    const tiles = handTiles(el);
    const forward = random() < 0.5;
    for (let i = 0; deepActive() !== wanted; i++) {
      expect(i, 'the arrows reach every tile').to.be.below(tiles.length);
      await press(forward ? 'ArrowRight' : 'ArrowLeft');
    }
    const name = tileNameOf(wanted);
    const movesBefore = events.moves.length;
    await press(enter);
    await settle(el);
    let places = placeButtons(el);
    if (places.length === 0) return;
    // Several places fit: the focus is on the first place.
    counts['placeChoices'] = (counts['placeChoices'] ?? 0) + 1;
    expect(places.length).to.be.at.least(2);
    expect(deepActive()).to.equal(places[0]);
    if (counts['placeChoices'] % 3 === 1) {
      // Escape cancels and puts the focus back on the tile; nothing was played.
      counts['escapes'] = (counts['escapes'] ?? 0) + 1;
      await press('Escape');
      await settle(el);
      expect(placeButtons(el)).to.have.length(0);
      expect(tileNameOf(deepActive()!)).to.equal(name);
      expect(events.moves.length, 'nothing played').to.equal(movesBefore);
      await press(enter);
      await settle(el);
      places = placeButtons(el);
      expect(deepActive()).to.equal(places[0]);
    }
    const steps = Math.floor(random() * places.length);
    for (let i = 0; i < steps; i++) await press(random() < 0.5 ? 'ArrowRight' : 'ArrowDown');
    expect(deepActive()).to.equal(places[steps]);
    await press(random() < 0.5 ? 'Enter' : 'Space');
  },
  afterPlay(el) {
    // The focus stays in the hand for the next move.
    expect(isTile(el)(deepActive()), 'the focus stays in your hand').to.equal(true);
  },
};

/** Small targets keep the matches short; some still take several rounds. */
const TARGETS = { draw: '10', block: '20', fives: '20', doubles: '10' };

describe('playing by keyboard alone', function () {
  // A whole match a test: the ceiling only turns a hang into a failure.
  this.timeout(180_000);
  let el: DominoGame | undefined;
  afterEach(() => el?.remove());

  for (const [index, variant] of VARIANTS.entries()) {
    it(`plays a whole ${variant} match`, async () => {
      el = await mount({ variant, seed: `kb-${variant}`, target: TARGETS[variant], level: 'easy', tempo: 'instant' });
      const { events, counts } = await playWholeMatch(el, keyboard, 100 + index);
      expect(mainButton(el)!.textContent!.trim()).to.equal('New game');
      expect(counts['plays']).to.be.greaterThan(0);
      if (variant === 'fives') {
        // The scores of domino-score and domino-round-end were checked to add up across a round end.
        expect(events.scores.length).to.be.greaterThan(0);
        expect(events.roundEnds.length).to.be.greaterThan(0);
      }
    });
  }
});

describe('the keyboard contract', function () {
  this.timeout(120_000);
  let el: DominoGame | undefined;
  let before: HTMLButtonElement | undefined;
  afterEach(() => {
    el?.remove();
    before?.remove();
  });

  it('the hand is one tab stop with arrows, Home and End; dim tiles take the focus but do nothing', async () => {
    before = document.createElement('button');
    before.textContent = 'before';
    document.body.append(before);
    el = await mount({ variant: 'block', seed: 'kb-contract', target: '50', level: 'easy', tempo: 'instant' });
    await waitForYou(el);
    before.focus();
    await press('Tab');
    const tiles = handTiles(el);
    const first = deepActive();
    expect(tiles).to.include(first);
    // Tab leaves the hand at once; Shift+Tab comes back to the same tile.
    await press('Tab');
    expect(tiles).not.to.include(deepActive());
    await press('Shift+Tab');
    expect(deepActive()).to.equal(first);
    await press('Home');
    expect(deepActive()).to.equal(tiles[0]);
    await press('ArrowRight');
    expect(deepActive()).to.equal(tiles[1]);
    await press('ArrowDown');
    expect(deepActive()).to.equal(tiles[2]);
    await press('ArrowLeft');
    expect(deepActive()).to.equal(tiles[1]);
    await press('End');
    expect(deepActive()).to.equal(tiles.at(-1));
    expect(tiles.filter((t) => t.tabIndex === 0)).to.deep.equal([tiles.at(-1)]);
    // Enter on a tile that does not fit changes nothing.
    const events = record(el);
    try {
      const dim = tiles.findIndex((t) => t.getAttribute('aria-disabled') === 'true');
      if (dim >= 0) {
        await press('Home');
        for (let i = 0; i < dim; i++) await press('ArrowRight');
        expect(deepActive()).to.equal(tiles[dim]);
        await press('Enter');
        await press('Space');
        await settle(el);
        expect(events.moves).to.deep.equal([]);
        expect(placeButtons(el)).to.have.length(0);
        expect(deepActive()).to.equal(tiles[dim]);
      }
    } finally {
      events.stop();
    }
  });

  it('in a right-to-left page the arrows follow the reading direction', async () => {
    // The hand alone, as the widget uses it, in a right-to-left context.
    const holder = document.createElement('div');
    holder.dir = 'rtl';
    document.body.append(holder);
    try {
      const hand = document.createElement('domino-hand');
      hand.tiles = [[6, 6], [5, 3], [2, 1]];
      hand.playable = new Set(['5-3']);
      hand.active = true;
      holder.append(hand);
      await hand.updateComplete;
      const tiles = new HandHarness(hand).tiles();
      tiles[0]!.focus();
      await press('ArrowLeft');
      expect(deepActive()).to.equal(tiles[1]);
      await press('ArrowLeft');
      expect(deepActive()).to.equal(tiles[2]);
      await press('ArrowRight');
      expect(deepActive()).to.equal(tiles[1]);
      // Enter on the glowing tile asks to play it.
      const chosen = new Promise<CustomEvent>((resolve) => hand.addEventListener('tile-chosen', (e) => resolve(e as CustomEvent), { once: true }));
      await press('Enter');
      expect((await chosen).detail.tile).to.deep.equal([5, 3]);
    } finally {
      holder.remove();
    }
  });

  it('the main button is reachable by Tab, and the focus stays in the widget when it goes', async () => {
    el = await mount({ variant: 'draw', seed: 'kb-draw', target: '50', level: 'easy', tempo: 'instant' });
    // Play by keyboard until the Draw button shows.
    for (let i = 0; i < 30 && (await waitForYou(el)).kind === 'play'; i++) {
      await tabUntil('your hand', isTile(el));
      const wanted = playableTiles(el)[0]!;
      while (deepActive() !== wanted) await press('ArrowRight');
      await press('Enter');
      await settle(el);
      if (placeButtons(el).length > 0) await press('Enter');
    }
    expect(mainLabel(el)).to.equal('Draw');
    // From the hand, Tab reaches the main button.
    await tabUntil('your hand', isTile(el));
    await press('Tab');
    expect(deepActive()).to.equal(mainButton(el));
    while (mainLabel(el) === 'Draw') {
      await press('Enter');
      await waitForYou(el);
    }
    // The button is gone (a drawn tile fits): the focus is not lost to the page.
    expect(mainButton(el)).to.equal(null);
    expect(isTile(el)(deepActive()), 'the focus moves to your tiles').to.equal(true);
  });
});
