/**
 * A phone's width: at a 320px viewport the widget never scrolls sideways, however long the table grows;
 * in every language, neither does the settings dialog (house rules open) nor the top line, whose four
 * players' chips stay on one row (the teams' on the next), your partner's marked as such.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { setViewport } from './browser-engine.js';
import { CATALOG_LOADERS } from '../../src/i18n/catalog-loaders.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { LANGUAGES, type Message } from '../../src/i18n/index.js';
import { en, game, mount, placeButtons, root, settle, settleLayout, tableNames, textOf, waitFor, waitForYou, type DominoGame } from './helpers.js';
import { chooseFriendsOnline } from './online-helpers.js';

/** Every element under `top` (through shadow roots) that is wider than its box or sticks out of the viewport. */
function overflowing(top: Element | ShadowRoot, width: number): string[] {
  const found: string[] = [];
  const visit = (node: Element) => {
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    const name = `${node.localName}.${[...node.classList].join('.')} "${node.textContent!.trim().slice(0, 30)}"`;
    if (box.width > 0 && style.visibility !== 'hidden') {
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name} sticks out: ${box.left}–${box.right}`);
      if (node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0 && style.overflowX === 'visible') {
        found.push(`${name} overflows: ${node.scrollWidth} > ${node.clientWidth}`);
      }
    }
    // What a box clips (the table, a chip's cut text) cannot make anything scroll sideways.
    if (style.overflowX !== 'visible') return;
    if (node.shadowRoot) for (const child of node.shadowRoot.children) visit(child);
    for (const child of node.children) visit(child);
  };
  for (const child of top.children) visit(child);
  return found;
}

/** What lies outside its box at 320px now: the widget, its content, the table's tiles and places, the page. */
function sideways(el: DominoGame): string[] {
  const problems: string[] = [];
  const within = (what: string, value: number, at: { least?: number; most?: number }) => {
    if (at.least !== undefined && value < at.least) problems.push(`${what}: ${value} < ${at.least}`);
    if (at.most !== undefined && value > at.most) problems.push(`${what}: ${value} > ${at.most}`);
  };
  within('the widget is wider than the viewport', el.getBoundingClientRect().width, { most: 320 });
  within('the widget has horizontal overflow', el.scrollWidth, { most: el.clientWidth });
  const frame = game(el).frame();
  within('its content has horizontal overflow', frame.scrollWidth, { most: frame.clientWidth });
  const board = game(el).board();
  const table = board.table();
  // The table clips what overflows it (overflow: hidden), so nothing may lie outside it. (Layout boxes,
  // not bounding boxes: the last tile is laid with a short zoom.)
  const area = board.area();
  const [outer, inner] = [table.getBoundingClientRect(), area.getBoundingClientRect()];
  within('the tiles’ area starts left of the table', inner.left, { least: outer.left - 0.5 });
  within('the tiles’ area ends right of the table', inner.right, { most: outer.right + 0.5 });
  for (const laid of board.areaItems()) {
    const what = laid.getAttribute('aria-label');
    within(`${what} sticks out on the left`, laid.offsetLeft, { least: -0.5 });
    within(`${what} sticks out on the right`, laid.offsetLeft + laid.offsetWidth, { most: area.clientWidth + 0.5 });
  }
  within('the page scrolls sideways', document.documentElement.scrollWidth, { most: 320 });
  return problems;
}

/**
 * Nothing sticks out once the layout has settled. A box that changed size is laid out again on the
 * frame after its ResizeObserver reports it, and on a loaded machine that may take a few frames: the
 * check waits for them (a second at most), and fails with what still sticks out.
 */
async function checkNoOverflow(el: DominoGame, when: string): Promise<void> {
  await settleLayout(el);
  const start = performance.now();
  let problems = sideways(el);
  while (problems.length > 0 && performance.now() - start < 1000) {
    await settleLayout(el);
    problems = sideways(el);
  }
  expect(problems, `${when}: what sticks out`).to.deep.equal([]);
}

describe('at 320px wide', function () {
  this.timeout(120_000);
  let el: DominoGame | undefined;
  before(() => setViewport({ width: 320, height: 640 }));
  after(() => setViewport({ width: 800, height: 600 }));
  afterEach(() => el?.remove());

  for (const variant of ['draw', 'doubles', 'fives'] as const) {
    it(`${variant}: no horizontal overflow as the table grows`, async () => {
      el = await mount({ variant, seed: `narrow-${variant}`, target: '150', level: 'easy', tempo: 'instant' });
      let longest = 0;
      for (let step = 0; step < 120 && longest < 16; step++) {
        const ask = await waitForYou(el);
        await checkNoOverflow(el, `step ${step}`);
        longest = Math.max(longest, tableNames(el).length);
        if (ask.kind === 'button') {
          ask.button.click();
          await settle(el);
          continue;
        }
        ask.tiles[ask.tiles.length - 1]!.click();
        await settle(el);
        const places = placeButtons(el);
        if (places.length > 0) {
          await checkNoOverflow(el, `step ${step}, choosing a place`);
          places[places.length - 1]!.click();
          await settle(el);
        }
      }
      expect(longest, 'a long table').to.be.at.least(12);
    });
  }
});

describe('at 320px wide, in every language', function () {
  this.timeout(300_000);
  before(() => setViewport({ width: 320, height: 640 }));
  after(() => setViewport({ width: 800, height: 600 }));

  it('nothing sticks out sideways, the settings dialog included; four chips on one row, the partner marked', async () => {
    expect(LANGUAGES).to.have.length(24);
    for (const lang of LANGUAGES) {
      const catalog = (lang === 'en' ? { ...en, ...enExtra } : (await CATALOG_LOADERS[lang as keyof typeof CATALOG_LOADERS]()).default) as Record<string, Message>;
      const el = await mount({ lang, variant: 'fives', players: '4', teams: '', tempo: 'instant', level: 'easy', seed: `narrow-${lang}` });
      try {
        await waitFor(`${lang} texts`, () => game(el).settingsLabel() === catalog['settings']);
        await waitForYou(el);
        await settle(el);
        const chips = game(el).playerChips();
        expect(chips, lang).to.have.length(4);
        expect(new Set(chips.map((c) => Math.round(c.host.getBoundingClientRect().top))).size, `${lang}: the players' chips on one row`).to.equal(1);
        const partner = chips[2]!.partnerTag();
        expect(partner ? textOf(partner) : undefined, `${lang}: the partner is marked`).to.equal(catalog['partner']);
        expect(chips.filter((c) => c.partnerTag()), `${lang}: only the partner`).to.have.length(1);
        expect(overflowing(root(el), 320), `${lang}: the widget`).to.deep.equal([]);

        const settings = await game(el).openSettings();
        const dialog = settings.openDialog()!;
        settings.houseRules()!.open = true;
        await settle(settings.host);
        const close = settings.closeButton()!;
        expect(close.textContent!.trim(), lang).to.equal(catalog['close']);
        expect(overflowing(dialog, 320), `${lang}: the settings dialog`).to.deep.equal([]);
        // The Close button is whole: its text is not cut (its box holds its content).
        expect(close.scrollWidth, `${lang}: Close is whole`).to.be.at.most(close.clientWidth + 1);
        dialog.close();
      } finally {
        el.remove();
      }
    }
  });

  it('the online lobby\'s create screen fits too, in every language', async () => {
    for (const lang of LANGUAGES) {
      const catalog = (lang === 'en' ? { ...en, ...enExtra } : (await CATALOG_LOADERS[lang as keyof typeof CATALOG_LOADERS]()).default) as Record<string, Message>;
      // The create screen shows before anything is sent: no server needs to answer.
      const el = await mount({ lang, server: 'http://127.0.0.1:9', tempo: 'instant', level: 'easy', persist: 'none', seed: `lobby-${lang}` });
      try {
        await waitFor(`${lang} texts`, () => game(el).settingsLabel() === catalog['settings']);
        await chooseFriendsOnline(el);
        await waitFor(`${lang}: the create screen in its language`, () => game(el).lobby()?.text().includes(catalog['createRoom'] as string));
        expect(overflowing(root(el), 320), `${lang}: the create screen`).to.deep.equal([]);
      } finally {
        el.remove();
      }
    }
  });
});
