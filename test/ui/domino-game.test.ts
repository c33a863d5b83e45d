import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { enExtra } from '../../src/i18n/en-extra.js';
import { DominoGame } from '../../src/index.js';
import { game, mount, expectAccessible } from './helpers.js';

describe('<domino-game>', () => {
  it('is defined as domino-game', () => {
    expect(customElements.get('domino-game')).to.equal(DominoGame);
    expect(document.createElement('domino-game')).to.be.instanceOf(DominoGame);
  });

  it('renders into an open shadow root', async () => {
    const el = await fixture<DominoGame>(html`<domino-game></domino-game>`);
    expect(el.shadowRoot).to.exist;
    expect(el.shadowRoot!.mode).to.equal('open');
    expect(game(el).hasHand()).to.equal(true);
  });

  it('has a non-zero size by default', async () => {
    const el = await fixture<DominoGame>(html`<domino-game></domino-game>`);
    const { width, height } = el.getBoundingClientRect();
    expect(width).to.be.greaterThan(0);
    expect(height).to.be.greaterThan(0);
  });

  it('is accessible', async () => {
    const el = await fixture<DominoGame>(html`<domino-game></domino-game>`);
    await expectAccessible(el);
  });

  it('How to play opens to the rules of the variant being played, its text loaded on demand', async () => {
    const el = await mount({ variant: 'fives', tempo: 'instant' });
    await waitUntil(() => game(el).howToPlay(), 'the fold is shown');
    const fold = game(el).howToPlay()!;
    game(el).toggleHowToPlay();
    await waitUntil(() => game(el).howToPlayText() === enExtra.howFives, 'the All Fives text shows');
    expect(fold.open).to.equal(true);
    await expectAccessible(el);
  });

  it('does not throw when its module is loaded a second time', async () => {
    // A different URL makes the browser evaluate the module again, as a second copy of the bundle
    // on the same page would: the guarded define must keep the first definition.
    const url = new URL('../../src/ui/domino-game/domino-game.ts', import.meta.url);
    url.search = '?second-copy';
    const second = await import(url.href);
    expect(second.DominoGame).to.be.a('function');
    expect(second.DominoGame).not.to.equal(DominoGame);
    expect(customElements.get('domino-game')).to.equal(DominoGame);
  });

  describe('on a page with hostile global styles', () => {
    let hostile: HTMLStyleElement | undefined;

    afterEach(() => {
      hostile?.remove();
      hostile = undefined;
    });

    const headingStyle = async () => {
      const el = await fixture<DominoGame>(html`<domino-game></domino-game>`);
      const h1 = game(el).hintLine();
      const cs = getComputedStyle(h1);
      return {
        fontSize: cs.fontSize,
        lineHeight: cs.lineHeight,
        letterSpacing: cs.letterSpacing,
        textTransform: cs.textTransform,
        color: cs.color,
        direction: cs.direction,
        height: h1.getBoundingClientRect().height,
      };
    };

    it('keeps the text properties of its heading', async () => {
      const before = await headingStyle();
      expect(parseFloat(before.fontSize)).to.be.greaterThan(10);

      hostile = document.createElement('style');
      hostile.textContent = `
        html { font-size: 5px; }
        body {
          font-size: 2px;
          line-height: 0;
          letter-spacing: 20px;
          text-transform: uppercase;
          color: transparent;
          direction: rtl;
        }
      `;
      document.head.append(hostile);

      const after = await headingStyle();
      expect(after).to.deep.equal(before);
      expect(after.letterSpacing).to.equal('normal');
      expect(after.textTransform).to.equal('none');
    });
  });
});
