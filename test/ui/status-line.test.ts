import { expect, fixture } from '@open-wc/testing';
import { html } from 'lit';
import { applyMove, createMatch, legalMoves, playerView, type Variant } from '../../src/engine/index.js';
import { ENGLISH, en } from '../../src/i18n/index.js';
import { renderStatusLine } from '../../src/ui/domino-game/table/players-line.js';

/** The status line of seat 0's view of a fresh 2-player match, after `plays` moves. */
async function statusLine(variant: Variant, plays = 0): Promise<string> {
  let state = createMatch({ variant, players: 2, seed: 'status-line' });
  for (let i = 0; i < plays; i++) state = applyMove(state, legalMoves(state)[0]!);
  const element = await fixture(html`<div>${renderStatusLine(ENGLISH, playerView(state, 0))}</div>`);
  return element.textContent!.replace(/\s+/g, ' ');
}

const label = (message: string): string => message.split('{')[0]!.trim();

describe('the status line reads what the variant does', () => {
  it('names the tiles left out of play where the stock is set aside (Block), the boneyard elsewhere', async () => {
    expect(await statusLine('block')).to.include(label(en.outOfPlay)).and.not.include(label(en.boneyard));
    for (const variant of ['draw', 'fives', 'doubles'] as const) {
      expect(await statusLine(variant)).to.include(label(en.boneyard)).and.not.include(label(en.outOfPlay));
    }
  });

  it('shows the count only where the ends score fives (All Fives), once a tile is down', async () => {
    expect(await statusLine('fives', 0)).not.to.include('Σ');
    expect(await statusLine('fives', 1)).to.include('Σ');
    for (const variant of ['draw', 'block', 'doubles'] as const) expect(await statusLine(variant, 1)).not.to.include('Σ');
  });
});
