/**
 * <domino-hand> on its own, given its properties as the root gives them: what it shows, the keyboard
 * (one tab stop; arrows, Home and End, mirrored right to left; Enter or Space plays), the tile-chosen
 * event (for playable tiles only, and only while it is your turn), and axe's accessibility check.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Tile } from '../../src/engine/index.js';
import { en } from '../../src/i18n/index.js';
import '../../src/ui/domino-hand/domino-hand.js';
import type { DominoHand } from '../../src/ui/domino-hand/domino-hand.js';
import type { TileChosenDetail } from '../../src/ui/internal-events.js';
import { deepActive, expectAccessible } from './helpers.js';
import { HandHarness, inFixture } from './harness/index.js';

const TILES: Tile[] = [
  [6, 6],
  [6, 3],
  [5, 2],
  [1, 0],
];

async function hand(options: { playable?: string[]; active?: boolean; dir?: 'ltr' | 'rtl'; hinted?: Tile | null } = {}): Promise<DominoHand> {
  const { playable = ['6-6', '1-0'], active = true, dir = 'ltr', hinted = null } = options;
  const wrapper = await fixture<HTMLDivElement>(html`<div dir=${dir}>
    <domino-hand .tiles=${TILES} .playable=${new Set(playable)} .hinted=${hinted} ?active=${active}></domino-hand>
  </div>`);
  const el = inFixture<DominoHand>(wrapper, 'domino-hand');
  await el.updateComplete;
  return el;
}

/**
 * How much a tile stands out: how far it is lifted, how thick its solid ring is (the widest shadow with
 * no blur), and how far its glow reaches (the widest shadow, blur and spread together), in px.
 */
function prominence(tile: HTMLElement): { lift: number; ring: number; reach: number } {
  const style = getComputedStyle(tile);
  const lift = -new DOMMatrixReadOnly(style.transform === 'none' ? undefined : style.transform).m42;
  // Computed shadows read "rgb(…) x y blur spread", one per comma outside the colour's parentheses.
  const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
  const sizes = shadows.map((shadow) => {
    const [, , blur = 0, spread = 0] = [...shadow.replace(/\([^)]*\)/g, '').matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
    return { blur, spread };
  });
  return {
    lift,
    ring: Math.max(0, ...sizes.filter((s) => s.blur === 0).map((s) => s.spread)),
    reach: Math.max(0, ...sizes.map((s) => s.blur + s.spread)),
  };
}

const buttons = (el: DominoHand) => new HandHarness(el).tiles();
const focusedTile = () => (deepActive() as HTMLElement | null)?.dataset['tile'] ?? null;

/** The tiles chosen while `run` runs. */
async function chosen(el: DominoHand, run: () => Promise<void> | void): Promise<TileChosenDetail[]> {
  const heard: TileChosenDetail[] = [];
  const listener = (event: Event) => heard.push((event as CustomEvent<TileChosenDetail>).detail);
  el.addEventListener('tile-chosen', listener);
  try {
    await run();
    await el.updateComplete;
  } finally {
    el.removeEventListener('tile-chosen', listener);
  }
  return heard;
}

describe('<domino-hand> on its own', () => {
  it('shows every tile as a button named with its tile and whether it fits; only playable tiles glow', async () => {
    const el = await hand();
    const tiles = buttons(el);
    expect(tiles.map((b) => b.dataset['tile'])).to.deep.equal(['6-6', '6-3', '5-2', '1-0']);
    expect(tiles.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Tile 6-6, playable',
      "Tile 6-3, doesn't fit",
      "Tile 5-2, doesn't fit",
      'Tile 1-0, playable',
    ]);
    expect(tiles.map((b) => b.getAttribute('aria-disabled'))).to.deep.equal(['false', 'true', 'true', 'false']);
    expect(tiles.map((b) => b.classList.contains('playable'))).to.deep.equal([true, false, false, true]);
    expect(new HandHarness(el).group()!.getAttribute('aria-label')).to.equal(en.yourHand);
    await expectAccessible(el);
  });

  it('the hinted tile stands out more than every playable tile: lifted higher, a thicker ring, a wider glow; named the hint', async () => {
    const el = await hand({ playable: ['6-6', '6-3', '1-0'], hinted: [6, 3] });
    const [double, hinted, , other] = buttons(el);
    const shown = prominence(hinted!);
    for (const playable of [double!, other!]) {
      const plain = prominence(playable);
      expect(shown.lift, `lifted above ${playable.dataset['tile']}`).to.be.greaterThan(plain.lift);
      expect(shown.ring, `a thicker ring than ${playable.dataset['tile']}'s`).to.be.greaterThan(plain.ring);
      expect(shown.reach, `a wider glow than ${playable.dataset['tile']}'s`).to.be.greaterThan(plain.reach);
    }
    expect(hinted!.getAttribute('aria-label')).to.equal(`${en.tileFits.replace('{tile}', '6-3')}, ${en.teachHint}`);
    expect(hinted!.getAttribute('part')!.split(/\s+/)).to.include('hinted');
    expect(hinted!.getAttribute('aria-disabled')).to.equal('false');
    await expectAccessible(el);
  });

  it('glows nothing when it is not your turn, and tells nothing when a tile is clicked', async () => {
    const el = await hand({ active: false });
    expect(buttons(el).every((b) => b.getAttribute('aria-disabled') === 'true')).to.equal(true);
    expect(await chosen(el, () => buttons(el)[0]!.click())).to.deep.equal([]);
    await expectAccessible(el);
  });

  it('a click on a playable tile tells the root which tile, by click; a click on another tile tells nothing', async () => {
    const el = await hand();
    const heard = await chosen(el, () => {
      buttons(el)[1]!.click();
      buttons(el)[3]!.click();
    });
    expect(heard).to.deep.equal([{ tile: [1, 0], via: 'click' }]);
  });

  it('tile-chosen stays with the root: it neither bubbles nor leaves the shadow root', async () => {
    const el = await hand();
    let event: Event | null = null;
    el.addEventListener('tile-chosen', (e) => (event = e), { once: true });
    buttons(el)[0]!.click();
    expect(event, 'heard on the element').to.not.equal(null);
    expect(event!.bubbles).to.equal(false);
    expect(event!.composed).to.equal(false);
  });

  it('marks the selected tile as pressed', async () => {
    const el = await hand();
    el.selected = [6, 6];
    await el.updateComplete;
    expect(buttons(el).map((b) => b.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false', 'false', 'false']);
    expect(buttons(el)[0]!.classList.contains('selected')).to.equal(true);
  });

  it('one tab stop; arrows move between all tiles, playable or not; Home and End go to the ends', async () => {
    const el = await hand();
    expect(buttons(el).map((b) => b.tabIndex)).to.deep.equal([0, -1, -1, -1]);
    buttons(el)[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('6-3');
    expect(buttons(el).map((b) => b.tabIndex), 'the tab stop follows the focus').to.deep.equal([-1, 0, -1, -1]);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('1-0');
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('5-2');
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('6-6');
  });

  it('right to left, the arrows are mirrored', async () => {
    const el = await hand({ dir: 'rtl' });
    buttons(el)[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('6-3');
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(focusedTile()).to.equal('6-6');
  });

  it('Enter or Space on a playable tile plays it; on another tile, nothing', async () => {
    const el = await hand();
    buttons(el)[0]!.focus();
    expect(await chosen(el, () => sendKeys({ press: 'Enter' }))).to.deep.equal([{ tile: [6, 6], via: 'click' }]);
    await sendKeys({ press: 'ArrowRight' });
    expect(await chosen(el, () => sendKeys({ press: 'Enter' })), 'a tile that does not fit').to.deep.equal([]);
    await sendKeys({ press: 'End' });
    expect(await chosen(el, () => sendKeys({ press: ' ' }))).to.deep.equal([{ tile: [1, 0], via: 'click' }]);
  });

  it('after a tile leaves the hand, focusTile keeps the focus in it', async () => {
    const el = await hand();
    buttons(el)[3]!.focus();
    expect(el.hasFocus).to.equal(true);
    el.tiles = TILES.slice(0, 3);
    el.focusTile(3);
    await el.updateComplete;
    await el.updateComplete;
    expect(focusedTile(), 'the last tile left').to.equal('5-2');
    expect(el.hasFocus).to.equal(true);
  });
});
