/**
 * Themes: `theme="light|dark|auto"` as an attribute and as a property, auto following the visitor's
 * `prefers-color-scheme`, a malformed value warned about once and ignored; the dark theme and a site's
 * own dark colours (only the documented custom properties) pass the a11y check, contrast included, while
 * playing and on the summaries, and never leave the chips or the summary light under light text.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { actUntil, game, mainLabel, mount, settle, waitFor, waitForYou, type DominoGame, expectAccessible } from './helpers.js';

/** The relative luminance of a computed colour (rgb(), or color(srgb …) as color-mix() computes). */
function luminance(color: string): number {
  const probe = document.createElement('canvas').getContext('2d')!;
  probe.fillStyle = '#000';
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((v) => v / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** The contrast ratio of two computed colours. */
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const backgroundOf = (el: DominoGame) => getComputedStyle(el).backgroundColor;

/** Every chip, and the summary when it shows, keeps its text readable on its own background. */
function checkChipsAndSummary(el: DominoGame, when: string): void {
  const panels = game(el).panels();
  expect(panels.length, `${when}: chips`).to.be.greaterThan(1);
  for (const panel of panels) {
    const style = getComputedStyle(panel);
    const ratio = contrast(style.color, style.backgroundColor);
    expect(ratio, `${when}: ${panel.className} text ${style.color} on ${style.backgroundColor}`).to.be.at.least(4.5);
  }
}

describe('themes', function () {
  this.timeout(120_000);
  let el: DominoGame | undefined;
  afterEach(async () => {
    el?.remove();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('theme works as an attribute and as a property, both ways', async () => {
    el = await mount({ tempo: 'instant', seed: 'theme-1' });
    expect(el.theme, 'absent: auto').to.equal(null);
    expect(el.hasAttribute('theme'), 'no attribute added for the default').to.equal(false);
    expect(luminance(backgroundOf(el))).to.be.greaterThan(0.9);

    el.theme = 'dark';
    await settle(el);
    expect(el.getAttribute('theme'), 'the property is written to the attribute').to.equal('dark');
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
    expect(luminance(backgroundOf(el))).to.be.lessThan(0.05);

    el.setAttribute('theme', 'light');
    await settle(el);
    expect(el.theme, 'the attribute is read into the property').to.equal('light');
    expect(luminance(backgroundOf(el))).to.be.greaterThan(0.9);

    el.setAttribute('theme', 'DARK');
    await settle(el);
    expect(luminance(backgroundOf(el)), 'read case-insensitively').to.be.lessThan(0.05);

    el.theme = null;
    await settle(el);
    expect(el.hasAttribute('theme')).to.equal(false);
    expect(luminance(backgroundOf(el)), 'absent: auto, here light').to.be.greaterThan(0.9);
  });

  it('auto follows prefers-color-scheme; light and dark do not', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    el = await mount({ tempo: 'instant', seed: 'theme-2' });
    expect(luminance(backgroundOf(el)), 'auto on a dark system').to.be.lessThan(0.05);
    el.theme = 'light';
    await settle(el);
    expect(luminance(backgroundOf(el)), 'light on a dark system').to.be.greaterThan(0.9);
    await emulateMedia({ colorScheme: 'light' });
    el.theme = 'dark';
    await settle(el);
    expect(luminance(backgroundOf(el)), 'dark on a light system').to.be.lessThan(0.05);
  });

  it('a malformed theme is warned about once and changes nothing', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: unknown) => void warnings.push(String(message));
    try {
      el = await mount({ tempo: 'instant', seed: 'theme-3', theme: 'purple' });
      el.requestUpdate();
      await settle(el);
      el.theme = 'purple';
      await settle(el);
      el.theme = ' dark ';
      await settle(el);
      expect(warnings.filter((w) => w.includes('theme='))).to.deep.equal([
        '<domino-game>: theme="purple" is not valid (one of light, dark, auto); using auto.',
        '<domino-game>: theme=" dark " is not valid (one of light, dark, auto); using auto.',
      ]);
      el.theme = 'purple';
      await settle(el);
      expect(el.getAttribute('theme'), "the site's attribute is left as written").to.equal('purple');
      expect(getComputedStyle(el).colorScheme).to.equal('light dark');
      expect(luminance(backgroundOf(el))).to.be.greaterThan(0.9);
    } finally {
      console.warn = original;
    }
  });

  it('dark: passes the a11y check while playing and on the summaries, chips and summary readable', async () => {
    el = await mount({ theme: 'dark', variant: 'block', players: '4', teams: '', seed: 'theme-4', target: '30', level: 'easy', tempo: 'instant' });
    await waitForYou(el);
    checkChipsAndSummary(el, 'playing');
    await expectAccessible(el);
    await actUntil(el, () => mainLabel(el!) === 'Next round' || mainLabel(el!) === 'New game');
    await settle(el);
    checkChipsAndSummary(el, 'summary');
    await expectAccessible(el);
  });

  it("a site's own dark colours (documented properties only) pass the a11y check; chips and summary follow them", async () => {
    el = await mount({ theme: 'light', variant: 'fives', seed: 'theme-5', target: '20', level: 'easy', tempo: 'instant' });
    // A dark site that sets only the three documented main colours, on the element, over theme="light".
    el.style.setProperty('--domino-color', '#f4efe1');
    el.style.setProperty('--domino-background', '#2b1d3a');
    el.style.setProperty('--domino-accent', '#ffc861');
    await settle(el);
    await waitForYou(el);
    const chip = game(el).chips()[0]!;
    expect(luminance(getComputedStyle(chip).backgroundColor), 'the chips are dark too').to.be.lessThan(0.1);
    checkChipsAndSummary(el, 'playing');
    await expectAccessible(el);
    await actUntil(el, () => mainLabel(el!) === 'Next round' || mainLabel(el!) === 'New game');
    await settle(el);
    // The summary's code loads when the round ends.
    const summary = await waitFor('the summary', () => game(el!).summary());
    expect(luminance(getComputedStyle(summary).backgroundColor), 'the summary is dark too').to.be.lessThan(0.1);
    checkChipsAndSummary(el, 'summary');
    await expectAccessible(el);
  });
});
