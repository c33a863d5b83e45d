/**
 * Accessibility: the axe check in every state (playing, choosing a place, round over, match over), the
 * accessible names of tiles, places and the main button as Chrome computes them, and the polite live
 * region narrating every move, draw, pass, score and result.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import {
  act,
  actUntil,
  axButtons,
  checkMainButtonName,
  countMessages,
  en,
  messagePattern,
  build,
  game,
  deepActive,
  handTiles,
  listen,
  liveRegion,
  mainLabel,
  mount,
  placeButtons,
  record,
  root,
  settle,
  tileNameOf,
  waitFor,
  waitForYou,
  type DominoGame,
  expectAccessible,
} from './helpers.js';
import type { MessageKey } from '../../src/i18n/index.js';

const MATCH_RESULT: MessageKey[] = ['announceMatch', 'announceMatchYou', 'announceMatchTeam'];

/** Your hand as the accessibility tree and the DOM show it. */
async function checkHand(el: DominoGame): Promise<void> {
  const tiles = handTiles(el);
  expect(tiles.length).to.be.greaterThan(0);
  const ax = await axButtons();
  for (const tile of tiles) {
    const name = tileNameOf(tile);
    const node = ax.find((b) => b.name.includes(name));
    expect(node, `a button named with ${name}`).to.exist;
    expect(tile.hasAttribute('disabled'), 'never natively disabled').to.equal(false);
    const state = tile.getAttribute('aria-disabled');
    expect(['true', 'false']).to.include(state);
    expect(Boolean(node!.disabled)).to.equal(state === 'true');
  }
  // One tab stop: exactly one tile is in the tab order, and every tile, glowing or not, takes the focus.
  expect(tiles.filter((t) => t.tabIndex === 0)).to.have.length(1);
  const dim = tiles.find((t) => t.getAttribute('aria-disabled') === 'true');
  if (dim) {
    const before = deepActive();
    dim.focus();
    expect(deepActive()).to.equal(dim);
    (before as HTMLElement | null)?.focus?.();
  }
}

describe('accessibility', function () {
  this.timeout(180_000);
  let el: DominoGame | undefined;
  afterEach(() => el?.remove());

  it('passes the a11y check while playing; tiles are named buttons', async () => {
    el = await mount({ variant: 'draw', seed: 'a11y-1', target: '10', level: 'easy', tempo: 'instant' });
    await waitForYou(el);
    await expectAccessible(el);
    await checkHand(el);
    expect(root(el).mode).to.equal('open');
    // And after a few moves, with a Draw button or a longer table.
    for (let i = 0; i < 4; i++) await act(el);
    const ask = await waitForYou(el);
    await expectAccessible(el);
    await checkHand(el);
    if (ask.kind === 'button') await checkMainButtonName(el);
  });

  it('two widgets on one page pass the a11y check together (no landmark a page would have twice)', async () => {
    const holder = document.createElement('div');
    document.body.append(holder);
    try {
      const first = await mount({ seed: 'a11y-two-1', tempo: 'instant', persist: 'none' }, holder);
      const second = await mount({ seed: 'a11y-two-2', tempo: 'instant', persist: 'none' }, holder);
      await waitForYou(first);
      await waitForYou(second);
      await expectAccessible(holder);
    } finally {
      holder.remove();
    }
  });

  it('passes the a11y check while you choose a place; places are named by end and number', async () => {
    el = await mount({ variant: 'fives', seed: 'a11y-2', target: '150', level: 'easy', tempo: 'instant' });
    // Play on until a tile fits in two places or more, one of them scoring.
    let places: HTMLButtonElement[] = [];
    const scoring = () => places.some((p) => p.textContent!.trim().startsWith('+'));
    for (let i = 0; i < 150 && !(places.length >= 2 && scoring()); i++) {
      if (places.length > 0) {
        places[0]!.click();
        await settle(el);
      }
      const ask = await waitForYou(el);
      if (ask.kind === 'button') {
        ask.button.click();
        places = [];
        continue;
      }
      ask.tiles[0]!.click();
      await settle(el);
      places = placeButtons(el);
    }
    expect(scoring(), 'a place that scores').to.equal(true);
    expect(places.length).to.be.at.least(2);
    await expectAccessible(el);
    const ax = await axButtons();
    for (const place of places) {
      const label = place.getAttribute('aria-label')!;
      // "Play on the left end showing 4", "… branch 2 showing 4, scores 10 points".
      const points = Number(/^\+(\d+)$/.exec(place.textContent!.trim())?.[1] ?? 0);
      const ends = [en.endLeft, en.endRight, en.endUp, en.endDown];
      expect(ends.some((end) => label.includes(end)) || messagePattern('endBranch', {}, '').test(label), `${label} names its end`).to.equal(true);
      const pattern = points > 0 ? messagePattern('placePoints', { count: points }, '') : messagePattern('place', {}, '');
      expect(label).to.match(new RegExp(`^(?:${pattern.source})$`));
      expect(label, `${label} names the number`).to.match(/\d/);
      expect(ax.map((b) => b.name)).to.include(label);
    }
    // The places are one tab stop too.
    expect(places.filter((p) => p.tabIndex === 0)).to.have.length(1);
    expect(game(el).hint()).to.match(/\S/);
  });

  it('passes the a11y check when a round is over and when the match is over', async () => {
    el = await mount({ variant: 'block', seed: 'a11y-3', target: '40', level: 'easy', tempo: 'instant' });
    await actUntil(el, () => mainLabel(el!) === 'Next round' || mainLabel(el!) === 'New game');
    if (mainLabel(el) === 'Next round') {
      // The summary comes with its code, loaded when the round ends.
      await waitFor('the round summary', () => game(el!).summary());
      await expectAccessible(el);
      await checkMainButtonName(el);
    }
    await actUntil(el, () => mainLabel(el!) === 'New game');
    await waitFor('the match summary', () => game(el!).summary());
    await expectAccessible(el);
    await checkMainButtonName(el);
  });

  const narrated: Record<string, string>[] = [
    { variant: 'fives', seed: 'a11y-4', target: '50', level: 'easy', tempo: 'instant' },
    { variant: 'draw', players: '3', seed: 'a11y-5', target: '30', level: 'easy', tempo: 'instant' },
  ];
  for (const attributes of narrated) {
    it(`narrates every move, draw, pass, score and result in a polite live region (${attributes.variant})`, async () => {
      el = build(attributes);
      const events = record(el);
      document.body.append(el);
      await el.updateComplete;
      const live = liveRegion(el);
      expect(live.getAttribute('role')).to.equal('status');
      expect(live.getAttribute('aria-live')).to.equal('polite');
      const listening = listen(el);
      const said = listening.said;
      try {
        // After your first move, the live region has said something.
        await act(el);
        await waitFor('an announcement', () => said.length > 0);
        await actUntil(el, () => mainLabel(el!) === 'New game');
        await waitFor('the match result', () => said.some((s) => countMessages(s, MATCH_RESULT) > 0));
      } finally {
        listening.stop();
        events.stop();
      }
      const all = said.join(' ');
      const count = (keys: MessageKey[]) => countMessages(all, keys);
      const moves = (type: string) => events.moves.filter((m) => m.move.type === type).length;
      expect(count(['announcePlay', 'announceLead']), 'plays').to.equal(moves('play'));
      expect(count(['announceDraw', 'announceDrawYou']), 'draws').to.equal(moves('draw'));
      expect(count(['announcePass']), 'passes').to.equal(moves('pass'));
      expect(count(['announceScore']), 'scores').to.equal(events.scores.length);
      if (attributes.variant === 'fives') expect(events.scores.length, 'scores to hear').to.be.greaterThan(0);
      else expect(moves('draw') + moves('pass'), 'draws or passes to hear').to.be.greaterThan(0);
      expect(count(['announceRoundDomino', 'announceRoundBlocked', 'announceRoundTie']), 'round results').to.equal(events.roundEnds.length);
      expect(count(MATCH_RESULT), 'the match result').to.equal(1);
    });
  }
});
