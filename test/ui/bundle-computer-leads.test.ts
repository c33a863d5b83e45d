/**
 * The built bundle on a page whose <domino-game> is there before the script runs, as a site puts it in
 * its HTML: the element upgrades while the bundle defines it, and with the instant tempo a computer
 * that leads the first round lays the lead the rules force at once, and the next computer asks for its
 * move: that move, like every later one, comes from the computer players' worker. `npm test` builds the
 * bundle first.
 */
import { expect } from '@open-wc/testing';
import { workers } from './bundle-worker-spy.js';
import type { DominoMoveDetail } from '../../src/index.js';
import { build, waitFor } from './helpers.js';

describe('the built bundle, loaded after its element is on the page', function () {
  this.timeout(120_000);

  it('answers the computers’ first moves from a worker', async () => {
    expect(customElements.get('domino-game'), 'defined before the bundle loaded').to.equal(undefined);
    // Seed 2 deals the highest double to seat 1, a computer: it leads the first round with it (the rules
    // force that lead: no thinking), and seat 2, a computer too, thinks out its answer in the worker.
    const el = build({ players: '3', level: 'medium', tempo: 'instant', seed: '2' });
    const moves: DominoMoveDetail[] = [];
    el.addEventListener('domino-move', (event) => moves.push(event.detail));
    document.body.append(el);
    const started = workers.started;
    const answers = workers.answers;

    await import(new URL('../../dist/domino-game.js', import.meta.url).href);
    const [first, answer] = await waitFor('the opening move and the answer', () => moves.length >= 2 && moves);

    expect(first!.seat, 'the seat that opened').to.equal(1);
    expect(answer!.seat, 'the seat that answered').to.equal(2);
    expect(workers.started - started, 'workers started').to.equal(1);
    expect(workers.answers - answers, 'moves the worker answered').to.be.at.least(1);
    expect(workers.errors).to.equal(0);
    el.remove();
  });
});
