/**
 * Quick match in the widget ("Play someone", issue 40) against the real room server, whose pools play
 * short matches (test/ui/quick-match-pools.json): two strangers reach one table and play it to the end
 * with their ratings, on one process and through nginx to two processes on one Redis; Cancel; a site token the server refuses; the anonymous identity kept per server
 * origin. Two widgets of one page are one person to a server (the identity is the page's), so the two
 * strangers reach the same server by two origins, 127.0.0.1 and localhost.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { expectAccessible, game, mainButton, mount, settle, waitFor, type DominoGame } from './helpers.js';
import { forgetStorage, keptSeat, playOnline, quickMatchCluster, quickMatchRoomServer, showsFinalScore, waitForTable } from './online-helpers.js';
import type { QuickMatchHarness } from './harness/index.js';

const KEYS = ['qm-a', 'qm-b', 'qm-c'];
const PAIR_POOL = 'Draw, 2 players, to 5 points';
const CANCEL_POOL = 'Block, 2 players, to 6 points';

/** The identities this page keeps, one per server origin. */
const keptIdentities = (): string[] => Object.keys(localStorage).filter((key) => key.startsWith('domino-game-identity:'));
const forgetIdentities = () => keptIdentities().forEach((key) => localStorage.removeItem(key));

/** Quick match's screen, once the widget shows it. */
const quick = (el: DominoGame): Promise<QuickMatchHarness> => waitFor('quick match', () => game(el).quickMatch());

/** Opens the settings and picks Someone online. */
async function chooseSomeoneOnline(el: DominoGame): Promise<QuickMatchHarness> {
  const settings = await game(el).openSettings();
  settings.someoneOnline()!.click();
  return quick(el);
}

/** From quick match's first screen to its pools (the name typed first when asked). */
async function toPools(el: DominoGame, name: string): Promise<QuickMatchHarness> {
  const screen = await quick(el);
  await waitFor('the name or the pools', () => screen.nameField() ?? screen.poolButtons()[0]);
  if (screen.nameField()) {
    screen.typeName(name);
    screen.submit()!.click();
  }
  await waitFor('the pools', () => screen.poolButton(PAIR_POOL));
  return screen;
}

/**
 * Ann on `server` and Bob on the same server by another origin (another person to it) both wait in the
 * pair pool and reach one table; `whileAnnWaits` checks her wait screen before Bob comes.
 */
async function strangersAtOneTable(add: (el: DominoGame) => DominoGame, server: string, whileAnnWaits = async (_quick: QuickMatchHarness, _ann: DominoGame) => {}) {
  const ann = add(await mount({ server, 'storage-key': 'qm-a', persist: 'local', tempo: 'instant' }));
  const bob = add(await mount({ server: server.replace('127.0.0.1', 'localhost'), 'storage-key': 'qm-b', persist: 'local', tempo: 'instant' }));
  await chooseSomeoneOnline(ann);
  const annQuick = await toPools(ann, 'Ann');
  await chooseSomeoneOnline(bob);
  const bobQuick = await toPools(bob, 'Bob');
  annQuick.poolButton(PAIR_POOL)!.click();
  await waitFor('Ann waiting alone', () => annQuick.cancel() && annQuick.waitingNow() === '1');
  await whileAnnWaits(annQuick, ann);
  bobQuick.poolButton(PAIR_POOL)!.click();
  await waitForTable(ann);
  await waitForTable(bob);
  // Each keeps its seat as a friends' room seat is kept: one room, two seats.
  expect(keptSeat('qm-a')?.room).to.be.a('string').and.equal(keptSeat('qm-b')?.room);
  expect(keptSeat('qm-a')?.token).to.not.equal(keptSeat('qm-b')?.token);
  return { ann, bob };
}

/** The rating changes a widget shows at the match's end, once the server sent them. */
const ratingChanges = (el: DominoGame) =>
  waitFor('the rating changes', () => {
    const shown = game(el).roomBar()?.ratings() ?? [];
    return shown.length === 2 && !shown[0]!.includes('Updating') ? shown : null;
  });

describe('quick match: Play someone', function () {
  this.timeout(180_000);
  let server: string;
  /** The same server by another origin: another person's identity on this page. */
  let sameServerElsewhere: string;
  const widgets: DominoGame[] = [];
  const add = (el: DominoGame) => (widgets.push(el), el);

  before(async () => {
    server = await quickMatchRoomServer();
    sameServerElsewhere = server.replace('127.0.0.1', 'localhost');
  });
  beforeEach(() => forgetIdentities());
  afterEach(() => {
    for (const el of widgets.splice(0)) el.remove();
    forgetStorage(...KEYS);
    forgetIdentities();
  });

  it('two strangers in one pool reach one table, see each other’s provisional rating, play it out and see the change', async () => {
    const { ann, bob } = await strangersAtOneTable(add, server, async (annQuick, waiting) => {
      expect(annQuick.waited()).to.match(/^\d+:\d\d$/);
      await expectAccessible(waiting);
    });
    // Newcomers: 1000, provisional ("?" seen, said in words).
    for (const el of [ann, bob]) {
      const chips = game(el).playerChips();
      expect(chips.map((chip) => chip.rating()?.textContent)).to.deep.equal(['1,000?', '1,000?']);
      expect(chips.map((chip) => chip.text()).join(' ')).to.contain('rating 1,000, provisional');
    }
    expect(game(ann).chipNames()).to.include('Bob');

    await playOnline([ann, bob], () => showsFinalScore(ann) && showsFinalScore(bob), 150_000);
    for (const el of [ann, bob]) {
      const lines = await ratingChanges(el);
      expect(lines.find((line) => line.startsWith('Ann:'))).to.match(/^Ann: 1,?000 → \d[\d,]*\? \([+−±]\d+\)$/);
      expect(lines.find((line) => line.startsWith('Bob:'))).to.match(/^Bob: 1,?000 → \d[\d,]*\? \([+−±]\d+\)$/);
    }
    await expectAccessible(ann);

    // "Don't pair me with them", beside muting their phrases: said once the server took it.
    const bar = game(ann).roomBar()!;
    bar.phrasesToggle()!.click();
    const avoid = await waitFor('the avoid button', () => bar.button('Don’t pair me with Bob'));
    avoid.click();
    await waitFor('the server took it', () => bar.text().includes('You will not be paired with Bob again.'));
    await expectAccessible(ann);

    // Play again: a new wait in the same pool (a quick-match table plays one match).
    expect(mainButton(ann)?.textContent?.trim()).to.equal('Play again');
    mainButton(ann)!.click();
    const again = await quick(ann);
    await waitFor('the wait in the same pool', () => again.cancel() && again.text().includes(PAIR_POOL));
    again.cancel()!.click();
  });

  it('through nginx to two processes on one Redis, as deployed: two strangers reach one table and play it out, rated', async function () {
    const cluster = await quickMatchCluster();
    if (!cluster) this.skip();
    const { ann, bob } = await strangersAtOneTable(add, cluster!);
    expect(game(ann).chipNames()).to.include('Bob');
    await playOnline([ann, bob], () => showsFinalScore(ann) && showsFinalScore(bob), 150_000);
    for (const el of [ann, bob]) {
      const lines = await ratingChanges(el);
      expect(lines.map((line) => line.split(':')[0]).sort()).to.deep.equal(['Ann', 'Bob']);
    }
  });

  it('Cancel is back to the pools at once, and the server no longer counts the seeker', async () => {
    const cy = add(await mount({ server, 'storage-key': 'qm-a', persist: 'local' }));
    await chooseSomeoneOnline(cy);
    const cyQuick = await toPools(cy, 'Cy');
    cyQuick.poolButton(CANCEL_POOL)!.click();
    await waitFor('Cy waiting', () => cyQuick.cancel() && cyQuick.waitingNow() === '1');
    cyQuick.cancel()!.click();
    await settle(cy);
    // At once: the list shows before the server has answered.
    expect(cyQuick.cancel() !== null, 'Cancel still shows').to.equal(false);
    expect(cyQuick.poolButton(CANCEL_POOL) !== null, 'the pools show').to.equal(true);

    const di = add(await mount({ server: sameServerElsewhere, 'storage-key': 'qm-b', persist: 'local' }));
    await chooseSomeoneOnline(di);
    const diQuick = await toPools(di, 'Di');
    diQuick.poolButton(CANCEL_POOL)!.click();
    await waitFor('Di waiting', () => diQuick.cancel() && diQuick.waitingNow() === '1');
    await settle(di);
    expect(diQuick.cancel() !== null, 'Di still waits: Cy was no longer there to be paired with').to.equal(true);
    diQuick.cancel()!.click();
  });

  it('a site token the server refuses is said with its reason, and nothing is kept or changed', async () => {
    const el = add(await mount({ server, 'storage-key': 'qm-a', persist: 'local', 'player-token': 'not.a.token' }));
    const screen = await chooseSomeoneOnline(el);
    const problem = await waitFor('the refusal', () => screen.problem());
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(problem.textContent).to.contain('The server refused the sign-in this site gave you');
    expect(problem.textContent).to.contain('site tokens');
    expect(screen.nameField() !== null, 'a member is not asked for a name').to.equal(false);
    expect(keptIdentities(), 'no anonymous identity made').to.deep.equal([]);
    await expectAccessible(el);
    screen.back()!.click();
    await waitFor('the table against the computer', () => !game(el).quickMatch() && game(el).hasHand());
  });

  it('the anonymous identity is kept for the server: asked once, then the same after a reload and in another widget', async () => {
    const first = add(await mount({ server, 'storage-key': 'qm-a', persist: 'local' }));
    await chooseSomeoneOnline(first);
    const firstQuick = await quick(first);
    await waitFor('the name field', () => firstQuick.nameField());
    await expectAccessible(first);
    firstQuick.typeName('  ');
    firstQuick.submit()!.click();
    await waitFor('the name rule’s reason', () => firstQuick.nameError());
    expect(keptIdentities()).to.deep.equal([]);
    await toPools(first, 'Eve');
    await expectAccessible(first);
    const [key] = keptIdentities();
    const kept = localStorage.getItem(key!);
    expect(JSON.parse(kept!).data.name).to.equal('Eve');
    first.remove();
    widgets.splice(widgets.indexOf(first), 1);

    // As after a reload: a new widget of the page, the same server.
    const again = add(await mount({ server, 'storage-key': 'qm-b', persist: 'local' }));
    const other = add(await mount({ server, 'storage-key': 'qm-c', persist: 'local' }));
    for (const el of [again, other]) {
      const screen = await chooseSomeoneOnline(el);
      await waitFor('the pools, no name asked', () => screen.poolButton(PAIR_POOL));
      expect(screen.nameField() !== null, 'the name is asked again').to.equal(false);
    }
    expect(localStorage.getItem(key!), 'the same secret and name').to.equal(kept);
  });

  it('Forget me, in the settings once a player is kept for the server: asked first, then the secret and name are gone', async () => {
    const el = add(await mount({ server, 'storage-key': 'qm-a', persist: 'local' }));
    let settings = await game(el).openSettings();
    expect(settings.forgetMe() !== null, 'nothing to forget yet').to.equal(false);
    settings.someoneOnline()!.click();
    const screen = await toPools(el, 'Fay');
    screen.back()!.click();
    await waitFor('the table against the computer', () => !game(el).quickMatch() && game(el).hasHand());
    const [key] = keptIdentities();

    settings = await game(el).openSettings();
    expect(settings.text()).to.contain('Your player on this server: Fay.');
    settings.forgetMe()!.click();
    const yes = await waitFor('the question', () => settings.questionYes());
    expect(settings.text()).to.contain('Your name and rating are lost on this browser for good.');
    expect(localStorage.getItem(key!), 'nothing is forgotten before the answer').to.not.equal(null);
    await expectAccessible(el);
    yes.click();
    await settle(el);
    expect(localStorage.getItem(key!)).to.equal(null);
    expect(settings.text()).to.contain('This browser no longer knows your player.');
    expect(settings.forgetMe() !== null).to.equal(false);

    // The next quick match asks for a name again: a new player.
    settings.someoneOnline()!.click();
    const again = await quick(el);
    await waitFor('the name field', () => again.nameField());
  });
});
