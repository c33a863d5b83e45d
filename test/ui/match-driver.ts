/**
 * One driver for the whole-match tests of each way to play (play-keyboard.test.ts, play-pointer.test.ts):
 * it plays your seat to the match's end through an `Input` (how a person presses the main button and
 * lays a tile), and checks after every action what those tests prove the same way: the main button's
 * accessible name, your move as the page heard it, the tile leaving your hand for the table, the table
 * against the events, and at the end the events of the whole match.
 */
import { expect } from '@open-wc/testing';
import {
  checkMainButtonName,
  checkMatchEvents,
  checkTableAgainstEvents,
  handNames,
  mainButton,
  placeButtons,
  record,
  rng,
  sameTile,
  settle,
  tableNames,
  tileNameOf,
  waitForYou,
  type DominoGame,
  type Recorded,
} from './helpers.js';

/** What an input did, counted by name (`drags`, `escapes`…), for the tests to check it did each. */
export type Counts = Record<string, number>;

export interface Input {
  /** Presses the main button (Draw, Pass, Next round). */
  pressMain(el: DominoGame, button: HTMLButtonElement, random: () => number): Promise<void>;
  /** Lays `tile` (a glowing one), choosing a place when several fit; counts what it did. */
  lay(el: DominoGame, tile: HTMLButtonElement, random: () => number, counts: Counts, events: Recorded): Promise<void>;
  /** Checks made after each of your plays while the round goes on (the keyboard's focus…). */
  afterPlay?(el: DominoGame): void;
}

export interface Played {
  counts: Counts;
  events: Recorded;
}

/** Plays the match in `el` to its end through `input`, with `seed` for its choices. */
export async function playWholeMatch(el: DominoGame, input: Input, seed: number): Promise<Played> {
  const random = rng(seed);
  const counts: Counts = { rounds: 1, plays: 0, draws: 0, passes: 0 };
  const events = record(el);
  const labels = new Set<string>();
  try {
    for (let step = 0; ; step++) {
      expect(step, 'the match ends').to.be.below(400);
      const ask = await waitForYou(el);
      if (ask.kind === 'button') {
        // The first time each label shows, its accessible name (the others: the DOM alone).
        if (!labels.has(ask.label)) await checkMainButtonName(el);
        labels.add(ask.label);
        expect(ask.button.hasAttribute('aria-label')).to.equal(false);
        if (ask.label === 'New game') break;
        expect(['Draw', 'Pass', 'Next round']).to.include(ask.label);
        if (ask.label !== 'Next round') checkTableAgainstEvents(el, events);
        const movesBefore = events.moves.length;
        const handBefore = handNames(el);
        await input.pressMain(el, ask.button, random);
        await settle(el);
        if (ask.label === 'Next round') {
          counts['rounds']!++;
          continue;
        }
        const mine = events.moves.slice(movesBefore).filter((m) => m.seat === 0);
        expect(mine.map((m) => m.move.type)).to.deep.equal([ask.label.toLowerCase()]);
        if (ask.label === 'Draw') {
          counts['draws']!++;
          // One more tile in your hand (events.test.ts checks that the event names it).
          expect(handNames(el).length).to.equal(handBefore.length + 1);
        } else {
          counts['passes']!++;
        }
        continue;
      }

      checkTableAgainstEvents(el, events);
      const tile = ask.tiles[Math.floor(random() * ask.tiles.length)]!;
      const name = tileNameOf(tile);
      const handBefore = handNames(el);
      const movesBefore = events.moves.length;
      await input.lay(el, tile, random, counts, events);
      await settle(el);
      expect(placeButtons(el), 'no place left to choose').to.have.length(0);
      counts['plays']!++;
      const mine = events.moves.slice(movesBefore).find((m) => m.seat === 0);
      expect(mine?.move.type, `playing ${name}`).to.equal('play');
      expect(sameTile(mine!.move.tile!.join('-'), name)).to.equal(true);
      // The tile left your hand (unless the round ended and a new hand is dealt) and lies on the table.
      if (!mainButton(el)) {
        expect(handNames(el)).not.to.include(name);
        expect(handNames(el)).to.have.length(handBefore.length - 1);
        expect(tableNames(el).some((t) => sameTile(t, name))).to.equal(true);
        input.afterPlay?.(el);
      }
    }
    checkMatchEvents(events, Number(el.getAttribute('target')));
    return { counts, events };
  } finally {
    events.stop();
  }
}
