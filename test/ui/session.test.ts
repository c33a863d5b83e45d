/**
 * The widget renders its session's seat, whichever it is: here a local session with the person in
 * seat 1 (online play seats people anywhere). Only the seat differs from <domino-game>.
 */
import { expect } from '@open-wc/testing';
import { DominoGame } from '../../src/index.js';
import { LocalSession } from '../../src/ui/session/local-session.js';
import { act, game, handNames, mainLabel, record, sameTile, settle, waitForYou } from './helpers.js';

class SeatOneGame extends DominoGame {
  protected override createLocalSession(): LocalSession {
    return new LocalSession(this, 1);
  }
}
if (!customElements.get('domino-game-seat-one')) customElements.define('domino-game-seat-one', SeatOneGame);

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
    await waitForYou(el);
    await settle(el);
    // Which hand shows, as the page can tell: the tiles the others play never come from it, and the
    // person's own plays (seat 1's, as the page hears them) do.
    const dealt = handNames(el);

    const chips = game(el).chips();
    expect(game(el).chipNames()).to.deep.equal(['Computer 0', 'You', 'Computer 2']);
    expect(chips.map((chip) => chip.classList.contains('you'))).to.deep.equal([false, true, false]);

    const before = handNames(el).length;
    const did = await act(el);
    await settle(el);
    if (did.did === 'play') {
      expect(handNames(el).some((name) => sameTile(name, did.tile!))).to.equal(false, 'the tile left the hand');
      expect(handNames(el).length).to.equal(before - 1);
    }
    // On to the round's end: every seat plays.
    for (let i = 0; i < 100 && mainLabel(el) !== 'Next round' && mainLabel(el) !== 'New game'; i++) {
      await act(el);
      await waitForYou(el);
    }
    const plays = (seat: number) => recorded.moves.filter((m) => m.seat === seat && m.move.type === 'play').map((m) => m.move.tile!.join('-'));
    const drawn = recorded.moves.filter((m) => m.seat === 1 && m.move.type === 'draw').map((m) => m.move.tile!.join('-'));
    for (const seat of [0, 2]) {
      expect(plays(seat).length, `seat ${seat} played`).to.be.greaterThan(0);
      for (const tile of plays(seat)) expect(dealt.some((name) => sameTile(name, tile)), `seat ${seat}'s ${tile} was not in the hand shown`).to.equal(false);
    }
    expect(plays(1).length, 'the page heard the person’s plays as seat 1’s').to.be.greaterThan(0);
    for (const tile of plays(1)) expect([...dealt, ...drawn].some((name) => sameTile(name, tile)), `seat 1's ${tile} came from the hand shown`).to.equal(true);

    recorded.stop();
    expect(recorded.problems).to.deep.equal([]);
    expect(recorded.turns.some((turn) => turn.seat === 1)).to.equal(true);
    for (const turn of recorded.turns) expect(turn.yours, `seat ${turn.seat}`).to.equal(turn.seat === 1);
  });
});
