import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { setViewport } from './browser-engine.js';
import { game, gamesOnPage, handTiles, mount, settle, waitFor, type DominoGame, expectAccessible } from './helpers.js';

/** Waits until the widget speaks the language: its settings button reads `label`. */
const speaks = (el: DominoGame, label: string) =>
  waitFor(`the ${label} texts`, () => game(el).settingsLabel() === label);

describe('languages', () => {
  afterEach(async () => {
    for (const el of gamesOnPage()) el.remove();
    await setViewport({ width: 800, height: 600 });
  });

  it('takes the lang attribute, else the nearest ancestor lang', async () => {
    const el = await mount({ lang: 'de', tempo: 'instant', seed: '1' });
    await speaks(el, 'Einstellungen');
    const wrapper = document.createElement('div');
    wrapper.lang = 'fr-CA';
    document.body.append(wrapper);
    const nested = await mount({ tempo: 'instant', seed: '1' }, wrapper);
    await speaks(nested, 'Réglages');
    wrapper.remove();
  });

  it('names tiles by their digits in every language', async () => {
    const el = await mount({ lang: 'ja', tempo: 'instant', seed: '1' });
    await speaks(el, '設定');
    for (const tile of handTiles(el)) expect(tile.getAttribute('aria-label')).to.match(/\d-\d/);
  });

  for (const lang of ['de', 'ru']) {
    it(`${lang}: long texts do not overflow a 320 px phone`, async () => {
      await setViewport({ width: 320, height: 640 });
      const el = await mount({ lang, tempo: 'instant', seed: '2', players: '4' });
      await speaks(el, lang === 'de' ? 'Einstellungen' : 'Настройки');
      await settle(el);
      for (const node of [el, ...game(el).ownElements()]) {
        if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX === 'visible' && node.clientWidth > 0) {
          expect.fail(`${node.localName}.${node.className} overflows: ${node.scrollWidth} > ${node.clientWidth}`);
        }
      }
      expect(el.getBoundingClientRect().right).to.be.at.most(320);
    });
  }

  it('ar: lays the widget out right to left (the hand mirrors) and passes the a11y check', async () => {
    const el = await mount({ lang: 'ar', tempo: 'instant', seed: '3' });
    await speaks(el, 'الإعدادات');
    await settle(el);
    expect(getComputedStyle(game(el).frame()).direction).to.equal('rtl');
    const tiles = handTiles(el);
    // The first tile of the hand stands at the right in right-to-left.
    expect(tiles[0]!.getBoundingClientRect().left).to.be.greaterThan(tiles[tiles.length - 1]!.getBoundingClientRect().left);
    await expectAccessible(el);
  });
});
