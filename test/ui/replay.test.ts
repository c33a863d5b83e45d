/**
 * After a match against the computer: its record (copied, downloaded) replays through the engine to
 * the scores the page heard, a reload in the middle of the match included; the replay dialog steps
 * through it by buttons and keys, says each step, and gives the focus back when it closes. A match
 * resumed from an older save has no record, and its last round no review.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { replayMatch, type MatchRecord } from '../../src/engine/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import { actUntil, deepActive, en, game, mainLabel, mount, record, settle, waitFor, type DominoGame, expectAccessible } from './helpers.js';

const recordActions = (el: DominoGame) => waitFor('the record actions', () => game(el).matchRecord()?.shown());
const action = (el: DominoGame, name: 'replay' | 'copy' | 'download') => game(el).matchRecord()!.action(name)!;
const status = (el: DominoGame) => game(el).matchRecord()!.status();

/** What the clipboard was given while `run` ran (the page's clipboard stood in for: headless Chromium has none to read). */
async function copiedBy(run: () => Promise<void>): Promise<string[]> {
  const copied: string[] = [];
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
  try {
    await run();
  } finally {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  }
  return copied;
}

describe('match record and replay', function () {
  this.timeout(240_000);
  let el: DominoGame | undefined;
  afterEach(() => {
    el?.remove();
    localStorage.clear();
  });

  it('the record of a match reloaded halfway replays to the scores heard; the replay steps by keys and buttons and is said', async () => {
    const attributes = { variant: 'draw', seed: 'replay-1', target: '60', level: 'easy', tempo: 'instant', persist: '', 'storage-key': 'replay-1' };
    el = await mount(attributes);
    let heard = record(el);
    await actUntil(el, () => mainLabel(el!) === en.nextRound);
    const firstRound = { moves: heard.moves.length, end: heard.roundEnds[0]! };
    heard.stop();
    // The page is reloaded at the first round's end: the match resumes from its save.
    el.remove();
    el = await mount(attributes);
    heard = record(el);
    await actUntil(el, () => mainLabel(el!) === en.newGame);
    heard.stop();
    const scores = heard.matchEnds[0]!.scores;
    expect(heard.roundEnds.length, 'more than one round').to.be.greaterThan(0);

    await recordActions(el);
    expect(action(el, 'replay'), 'the record can be replayed').to.exist;
    await expectAccessible(el);

    const copied = await copiedBy(async () => {
      action(el!, 'copy').click();
      await waitFor('the copy said', () => status(el!) === enExtra.recordCopied);
    });
    expect(copied).to.have.length(1);
    const recorded = JSON.parse(copied[0]!) as MatchRecord;
    expect(recorded.version).to.equal(1);
    expect(recorded.seed).to.equal('replay-1');
    expect(recorded.rounds).to.have.length(1 + heard.roundEnds.length);
    expect(recorded.rounds[0]!.moves, 'the first round, played before the reload').to.have.length(firstRound.moves);
    expect(recorded.rounds.slice(1).reduce((n, round) => n + round.moves.length, 0), 'the moves after the reload').to.equal(heard.moves.length);
    const final = replayMatch(recorded);
    expect(final.scores, 'the engine replays the record to the final scores').to.deep.equal(scores);
    expect(final.winningSide).to.equal(heard.matchEnds[0]!.winner);

    // The download gives the same JSON under a dated name.
    let link: HTMLAnchorElement | null = null;
    const host = game(el).matchRecord()!.host;
    const catchLink = (event: Event) => {
      if (!(event.target instanceof HTMLAnchorElement)) return;
      link = event.target;
      event.preventDefault();
    };
    host.addEventListener('click', catchLink, true);
    action(el, 'download').click();
    host.removeEventListener('click', catchLink, true);
    const downloaded = await waitFor('the download link', () => link);
    expect(downloaded.download).to.match(/^domino-match-\d{4}-\d\d-\d\d\.json$/);
    expect(await (await fetch(downloaded.href)).text()).to.equal(copied[0]);
    await waitFor('the download said', () => status(el!) === enExtra.recordDownloaded);

    // The replay: the deal of round 1 first, every step said, the last one the final table.
    const opener = action(el, 'replay');
    opener.focus();
    opener.click();
    const dialog = await waitFor('the replay', () => game(el!).replay());
    const replay = dialog.host;
    await waitFor('the open dialog', () => dialog.openDialog());
    const position = () => dialog.position();
    const said = () => dialog.said();
    const laid = () => dialog.board().laidNames();
    const firstTotal = recorded.rounds[0]!.moves.length;
    expect(position()).to.equal(enExtra.replayDeal.replace('{round}', '1').replace('{total}', String(firstTotal)));
    expect(laid()).to.deep.equal([]);
    await expectAccessible(replay);

    await sendKeys({ press: 'ArrowRight' });
    await settle(replay);
    expect(position()).to.equal(enExtra.replayPosition.replace('{round}', '1').replace('{move}', '1').replace('{total}', String(firstTotal)));
    await waitFor('the first move said', () => said().includes(position()) && said() !== position());
    const first = recorded.rounds[0]!.moves[0]!;
    if (first.type === 'play') expect(laid()).to.deep.equal([`${first.tile[0]}-${first.tile[1]}`]);

    dialog.button('previous')!.click();
    await settle(replay);
    expect(laid(), 'back to the deal').to.deep.equal([]);

    const last = recorded.rounds.at(-1)!;
    await sendKeys({ press: 'End' });
    await settle(replay);
    expect(position()).to.equal(
      enExtra.replayPosition.replace('{round}', String(recorded.rounds.length)).replace('{move}', String(last.moves.length)).replace('{total}', String(last.moves.length)),
    );
    expect(laid().length, 'the final table').to.equal(final.table.length);
    await waitFor('the last move said', () => said().endsWith(position()) && said() !== position());
    expect(dialog.button('next')!.getAttribute('aria-disabled')).to.equal('true');

    await sendKeys({ press: 'Home' });
    await settle(replay);
    expect(laid()).to.deep.equal([]);

    await sendKeys({ press: 'Escape' });
    await waitFor('the replay closed', () => !game(el!).replay());
    expect(deepActive(), 'the focus is back on Replay').to.equal(opener);
    expect(firstRound.end.scores.length).to.equal(scores.length);
  });

  it('a match resumed from a save that kept no round ends says it has no record', async () => {
    const attributes = { variant: 'draw', seed: 'replay-2', target: '30', level: 'easy', tempo: 'instant', persist: '', 'storage-key': 'replay-2' };
    el = await mount(attributes);
    await actUntil(el, () => mainLabel(el!) === en.nextRound);
    el.remove();
    // The save as the version before round ends were kept wrote it.
    const key = 'domino-game:replay-2:match';
    const entry = JSON.parse(localStorage.getItem(key)!) as { version: number; data: { snapshot: unknown; hinted: boolean } };
    expect(entry.version).to.equal(3);
    localStorage.setItem(key, JSON.stringify({ version: 2, data: { snapshot: entry.data.snapshot, hinted: entry.data.hinted } }));
    el = await mount(attributes);
    await actUntil(el, () => mainLabel(el!) === en.newGame);
    const shown = await recordActions(el);
    expect(shown.textContent!.trim()).to.equal(enExtra.recordMissing);
    expect(action(el, 'replay')).to.equal(null);
    // Nor can its last round be reviewed: the rounds before it are not known.
    const review = game(el).roundReview()!;
    review.heading()!.click();
    await waitFor('the review said missing', () => review.status() === enExtra.reviewMissing);
    await expectAccessible(el);
  });
});
