/**
 * The built bundle when a part loaded on demand cannot be fetched (a dropped connection): the player is
 * told, and the game goes on. A page of its own: browsers remember a module that failed to load.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
// Through /flaky/ (scripts/wtr-failing-requests.mjs), where the test server fails what it is told to.
import '../../flaky/dist/domino-game.js';
import { en } from '../../src/i18n/index.js';
import { liveRegion, mount, playMatch, root, settle, waitFor } from './helpers.js';

describe('the built bundle, offline', () => {
  it('says so when the settings cannot be loaded, and the game goes on', async () => {
    const el = await mount({ tempo: 'instant', seed: '9', players: '2', level: 'easy' });
    await settle(el);
    // Every text the live region holds: the computer's moves may be announced with or after ours.
    const announced: string[] = [];
    const observer = new MutationObserver(() => announced.push(liveRegion(el).textContent ?? ''));
    observer.observe(liveRegion(el), { childList: true, characterData: true, subtree: true });
    await executeServerCommand('fail-requests', 'chunks/domino-settings-');
    try {
      root(el).querySelector<HTMLButtonElement>('button.secondary')!.click();
      const problem = await waitFor('the problem said', () => root(el).querySelector('.problem'), 8000);
      expect(problem.textContent).to.equal(en.loadFailed);
      await waitFor('the problem announced', () => announced.some((text) => text.includes(en.loadFailed)));
    } finally {
      observer.disconnect();
      await executeServerCommand('fail-requests', null);
    }
    expect(root(el).querySelector('domino-settings')!.shadowRoot?.querySelector('dialog[open]') ?? null).to.equal(null);
    await expect(el).to.be.accessible();
    await playMatch(el, 100);
    el.remove();
  });
});
