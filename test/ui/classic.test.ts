/**
 * The classic script, dist/domino-game.iife.js, loaded with a plain <script> as pages that cannot load
 * modules do: it exposes window.dominoGame, defines the elements, and its computer players think in a
 * worker that loads the same script. `npm test` builds it first.
 */
import { expect } from '@open-wc/testing';
import { workers } from './bundle-worker-spy.js';
import { gamesOnPage, mount, playMatch } from './helpers.js';

describe('the classic script (dist/domino-game.iife.js)', function () {
  // Whole matches (the hard computer thinks 250 ms a move): the ceiling only turns a hang into a failure.
  this.timeout(180_000);
  before(async () => {
    const script = document.createElement('script');
    script.src = '/dist/domino-game.iife.js';
    await new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = () => reject(new Error('dist/domino-game.iife.js did not load: run npm run build'));
      document.head.append(script);
    });
  });
  afterEach(() => {
    for (const el of gamesOnPage()) el.remove();
  });

  it('exposes window.dominoGame and defines the element', () => {
    const global = (window as unknown as { dominoGame?: { DominoGame?: unknown } }).dominoGame;
    expect(global?.DominoGame).to.be.a('function');
    expect(customElements.get('domino-game')).to.equal(global!.DominoGame);
  });

  it('plays a match against a medium computer, who thinks in a worker started from the script', async () => {
    const el = await mount({ players: '2', level: 'medium', target: '20', tempo: 'instant', seed: '8' });
    await playMatch(el, 20);
    expect(workers.started).to.be.at.least(1);
    expect(workers.answers).to.be.greaterThan(0);
    expect(workers.errors).to.equal(0);
  });
});
