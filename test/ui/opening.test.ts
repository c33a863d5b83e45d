/**
 * The first screen comes before the statechart: <domino-game> shows the deal the engine makes for the
 * seed while the statechart's chunk is held back (a session given the test's loader), a tile played
 * then leaves the hand at once, and once the chunk arrives the statechart plays on from there.
 */
import { expect } from '@open-wc/testing';
import { DominoGame } from '../../src/index.js';
import { createMatch, tileName, type MatchConfig, type MatchState } from '../../src/engine/index.js';
import { LocalSession } from '../../src/ui/session/local-session.js';
import { build, game, gamesOnPage, handNames, playableTiles, record, sameTile, settle, tableNames, waitFor } from './helpers.js';

/** The statechart's chunk for the next widget, held back until `release`. */
let gate: Promise<void> = Promise.resolve();
let release: () => void = () => {};
const holdBack = () => (gate = new Promise((resolve) => (release = resolve)));

class HeldBackGame extends DominoGame {
  protected override createLocalSession(): LocalSession {
    const held = gate;
    return new LocalSession(this, 0, { loadStatechart: () => held.then(() => import('../../src/ui/session/match-actor.js')) });
  }
}
if (!customElements.get('domino-game-held-back')) customElements.define('domino-game-held-back', HeldBackGame);

async function mountHeldBack(attributes: Record<string, string>): Promise<DominoGame> {
  const el = document.createElement('domino-game-held-back') as DominoGame;
  for (const [name, value] of Object.entries({ persist: 'none', ...attributes })) el.setAttribute(name, value);
  document.body.append(el);
  await settle(el);
  return el;
}

const names = (tiles: readonly (readonly [number, number])[]) => tiles.map((tile) => tileName(tile as [never, never]));
const sameHand = (shown: string[], dealt: string[]) => shown.length === dealt.length && dealt.every((tile) => shown.some((name) => sameTile(name, tile)));

/** A seed whose first turn is the person's (seat 0). */
function seedYouLead(config: MatchConfig): string {
  for (let n = 0; ; n++) if (createMatch({ ...config, seed: `you-lead-${n}` }).turn === 0) return `you-lead-${n}`;
}

describe('the first screen, before the statechart has loaded', () => {
  afterEach(() => {
    release();
    for (const el of [...gamesOnPage(), ...document.querySelectorAll('domino-game-held-back')]) el.remove();
  });

  it('shows the hand the engine deals for the seed, and the statechart plays on once it arrives', async () => {
    holdBack();
    const el = await mountHeldBack({ variant: 'draw', players: '2', tempo: 'fast', seed: 'first-screen', level: 'easy' });
    const recorded = record(el);
    const dealt = createMatch({ variant: 'draw', players: 2, seed: 'first-screen' });
    expect(sameHand(handNames(el), names(dealt.hands[0]!)), `${handNames(el).join(' ')} is the engine's deal`).to.equal(true);
    expect(game(el).chipNames()).to.deep.equal(['You', 'Computer 1']);

    // The first turn comes after the deal's pause, without the statechart: the person's tiles glow, or the computer is to lead.
    await waitFor('the first turn', () => recorded.turns.length > 0);
    expect(recorded.turns).to.deep.equal([{ seat: dealt.turn, yours: dealt.turn === 0 }]);
    if (dealt.turn === 0) expect(playableTiles(el).length).to.be.greaterThan(0);
    expect(recorded.moves).to.deep.equal([], 'no computer moves before the statechart runs');

    release();
    if (dealt.turn === 0) {
      playableTiles(el)[0]!.click();
      await settle(el);
      game(el).board().firstPlace()?.click();
    }
    await waitFor('a computer’s move, made by the statechart', () => recorded.moves.some((move) => move.seat === 1));
    expect(recorded.all.slice(0, 2).map((e) => e.type), 'the first turn told once, then a move').to.deep.equal(['domino-turn', 'domino-move']);
    recorded.stop();
  });

  it('takes a tile played before the statechart has loaded at once, and the statechart plays on from it', async () => {
    const config: MatchConfig = { variant: 'block', players: 2 };
    const seed = seedYouLead(config);
    holdBack();
    const el = await mountHeldBack({ variant: 'block', players: '2', tempo: 'instant', seed, level: 'easy', persist: 'local', 'storage-key': 'opening' });
    localStorage.removeItem('domino-game:opening:match');
    const recorded = record(el);
    const tile = playableTiles(el)[0]!;
    const name = tile.getAttribute('aria-label')!.match(/\d-\d/)![0];
    tile.click();
    await settle(el);
    game(el).board().firstPlace()?.click();
    await settle(el);
    expect(tableNames(el).some((laid) => sameTile(laid, name)), 'on the table at once').to.equal(true);
    expect(handNames(el).some((held) => sameTile(held, name)), 'out of the hand').to.equal(false);
    expect(recorded.all.map((e) => e.type)).to.deep.equal(['domino-move', 'domino-turn']);
    expect(localStorage.getItem('domino-game:opening:match'), 'nothing saved before the statechart runs').to.equal(null);

    release();
    await waitFor('the computer’s answer', () => recorded.moves.length > 1);
    expect(recorded.moves[0]!.seat).to.equal(0);
    expect(sameTile(recorded.moves[0]!.move.tile!.join('-'), name)).to.equal(true);
    expect(recorded.moves[1]!.seat, 'the next move is the computer’s: the play was not made twice').to.equal(1);
    const saved = await waitFor('the match saved', () => localStorage.getItem('domino-game:opening:match'));
    const game0 = (JSON.parse(saved) as { data: { snapshot: { context: { game: MatchState } } } }).data.snapshot.context.game;
    expect(game0.log[0]!.type === 'play' && sameTile(game0.log[0]!.tile.join('-'), name), 'the statechart’s match has the play').to.equal(true);
    recorded.stop();
    localStorage.removeItem('domino-game:opening:match');
  });

  it('a site-seeded match deals the tiles the engine deals for that seed', async () => {
    for (const [variant, players] of [['draw', 2], ['block', 3], ['fives', 4], ['doubles', 2]] as const) {
      const seed = `site-${variant}-${players}`;
      const el = build({ variant, players: String(players), seed, tempo: 'slow', level: 'easy' });
      document.body.append(el);
      await settle(el);
      const dealt = createMatch({ variant, players, seed });
      expect(sameHand(handNames(el), names(dealt.hands[0]!)), `${variant}, ${players} players: ${handNames(el).join(' ')}`).to.equal(true);
      el.remove();
    }
  });
});
