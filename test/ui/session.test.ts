/**
 * The widget renders its session's seat, whichever it is: here a local session with the person in
 * seat 1 (online play seats people anywhere). Only the seat differs from <domino-game>.
 */
import { expect } from '@open-wc/testing';
import { DominoGame } from '../../src/index.js';
import type { MatchState } from '../../src/engine/index.js';
import { LocalSession } from '../../src/ui/session/local-session.js';
import { act, handNames, record, root, sameTile, settle, waitForYou } from './helpers.js';

class SeatOneGame extends DominoGame {
  protected override createLocalSession(): LocalSession {
    return new LocalSession(this, 1);
  }
}
if (!customElements.get('domino-game-seat-one')) customElements.define('domino-game-seat-one', SeatOneGame);

/** The whole match, which the page never shows: for checking which hand is rendered. */
const savedMatch = (el: DominoGame) =>
  (el as unknown as { local: LocalSession }).local.persistedSnapshot() as unknown as { context: { game: MatchState } };
const handText = (hand: readonly (readonly number[])[]) => hand.map((tile) => tile.join('-'));

describe('<domino-game> with the person in seat 1', () => {
  let el: DominoGame;

  afterEach(() => el?.remove());

  it('shows seat 1’s hand and names, and the page hears seat 1’s turns as yours', async () => {
    el = document.createElement('domino-game-seat-one') as DominoGame;
    for (const [name, value] of Object.entries({ persist: 'none', players: '3', tempo: 'instant', level: 'easy', seed: 'seat-one' })) {
      el.setAttribute(name, value);
    }
    const recorded = record(el);
    document.body.append(el);
    await waitForYou(el, 8000);
    await settle(el);

    const hands = savedMatch(el).context.game.hands;
    expect(handNames(el)).to.deep.equal(handText(hands[1]!));
    expect(handNames(el)).to.not.deep.equal(handText(hands[0]!));

    const chips = [...root(el).querySelectorAll('.players li.player')];
    expect(chips.map((chip) => chip.querySelector('.name')!.textContent!.trim())).to.deep.equal(['Computer 0', 'You', 'Computer 2']);
    expect(chips.map((chip) => chip.classList.contains('you'))).to.deep.equal([false, true, false]);

    const before = handNames(el).length;
    const did = await act(el);
    await settle(el);
    if (did.did === 'play') {
      expect(handNames(el).some((name) => sameTile(name, did.tile!))).to.equal(false, 'the tile left the hand');
      expect(handNames(el).length).to.equal(before - 1);
      const yours = recorded.moves.filter((m) => m.seat === 1 && m.move.type === 'play');
      expect(yours.length).to.be.greaterThan(0, 'the page heard the person’s play as seat 1’s');
    }

    recorded.stop();
    expect(recorded.problems).to.deep.equal([]);
    expect(recorded.turns.some((turn) => turn.seat === 1)).to.equal(true);
    for (const turn of recorded.turns) expect(turn.yours, `seat ${turn.seat}`).to.equal(turn.seat === 1);
  });
});
