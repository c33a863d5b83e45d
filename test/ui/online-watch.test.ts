/**
 * Watching and provable deals in the widget, through the real room server: a widget opened with a
 * watch link follows a match read only (no hand, no action, a Watching label, the moves announced),
 * the players see it counted, and at a round's end both the player and the spectator say the deal was
 * verified; the watching screen passes the a11y check in both themes. The watch link's key is not the
 * invite's: put in an invite link, it opens nothing; and once the host closes the room to newcomers, the
 * invite link says so.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { game, listen, mainButton, mount, settle, textOf, waitFor, type DominoGame, expectAccessible } from './helpers.js';
import { chipNames, createRoom, forgetStorage, lobbyText, playOnline, roomServer, waitForTable } from './online-helpers.js';

const KEYS = ['watch-host', 'watch-spectator', 'watch-guest'];

describe('online: watching a room', function () {
  this.timeout(180_000);
  let server: string;
  const widgets: DominoGame[] = [];
  const add = (el: DominoGame) => (widgets.push(el), el);

  before(async () => {
    server = await roomServer();
  });
  afterEach(() => {
    for (const el of widgets.splice(0)) el.remove();
    history.replaceState(null, '', location.pathname + location.search);
    forgetStorage(...KEYS);
  });

  it('a watch link follows the match read only; both say the deal was verified at the round’s end', async () => {
    const host = add(await mount({ server, 'storage-key': 'watch-host', persist: 'local', players: '2', variant: 'block', target: '50', tempo: 'instant', level: 'easy' }));
    await createRoom(host, 'Ann');
    const watchLink = await waitFor('the watch link', () => game(host).lobby()?.watchLink()?.value);
    expect(watchLink).to.match(/#domino-watch=[\w-]{22}\.[\w-]{22}$/);
    const invite = game(host).lobby()!.link()!.value;
    expect(invite).to.match(/#domino-room=[\w-]{22}\.[\w-]{22}$/);
    const keyOf = (link: string) => /\.([\w-]{22})$/.exec(link)![1];
    expect(keyOf(invite), 'the watch key is not the invite').not.to.equal(keyOf(watchLink));

    const spectator = add(await mount({ server, 'storage-key': 'watch-spectator', persist: 'local' }));
    location.hash = new URL(watchLink).hash;
    await waitFor('the spectator’s waiting screen', () => lobbyText(spectator).includes('Watching this room'));
    await waitFor('the spectator counted for the host', () => lobbyText(host).includes('Spectators: 1'));

    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    await waitFor('the spectator’s table', () => game(spectator).hasBoard() && game(spectator).roomBar()?.bar());
    await settle(spectator);
    expect(game(spectator).hasHand(), 'no hand').to.equal(false);
    expect(textOf(game(spectator).roomBar()?.watching())).to.equal('Watching');
    expect(textOf(game(host).roomBar()?.watching())).to.equal('Spectators: 1');
    expect(chipNames(spectator)).to.deep.equal(['Ann', 'Computer 1']);
    expect(mainButton(spectator)).to.equal(null);
    await expectAccessible(spectator);
    spectator.setAttribute('theme', 'dark');
    await settle(spectator);
    await expectAccessible(spectator);

    // The host plays its turns until the round is over; the spectator follows and hears the moves.
    const listening = listen(spectator);
    const said = listening.said;
    await playOnline([host], () => game(host).roundOver());
    await waitFor('the spectator’s round summary', () => game(spectator).roundOver());
    const tableOf = (el: DominoGame) => game(el).boards().map((b) => JSON.stringify((b.host as unknown as { table: unknown }).table));
    expect(tableOf(spectator)).to.deep.equal(tableOf(host));
    listening.stop();
    expect(said.join(' | ')).to.match(/Ann|Computer 1/);
    expect(mainButton(spectator), 'no Next round for a spectator').to.equal(null);
    await waitFor('deal verified for the host', () => game(host).roomBar()?.verified()?.textContent?.includes('Deal verified'));
    await waitFor('deal verified for the spectator', () => game(spectator).roomBar()?.verified()?.textContent?.includes('Deal verified'));
    expect(game(spectator).roomBar()!.dealWarning()).to.equal(null);
    await expectAccessible(spectator);
  });

  it('the host’s switch: with watching off, a watch link says so and opens nothing', async () => {
    const host = add(await mount({ server, 'storage-key': 'watch-host', persist: 'local', players: '2', tempo: 'instant', level: 'easy' }));
    await createRoom(host, 'Ann');
    const watchLink = await waitFor('the watch link', () => game(host).lobby()?.watchLink()?.value);
    const box = game(host).lobby()!.checkBox('Allow spectators')!;
    expect(box.checked).to.equal(true);
    box.click();
    await waitFor('watching off', () => !game(host).lobby()?.watchLink());
    const spectator = add(await mount({ server, 'storage-key': 'watch-spectator', persist: 'local' }));
    location.hash = new URL(watchLink).hash;
    await waitFor('the refusal', () => lobbyText(spectator).includes('turned watching off'));
    expect(game(spectator).hasBoard()).to.equal(false);
  });

  it('a watch link made into an invite opens nothing; the invite says when the host has closed the room', async () => {
    const host = add(await mount({ server, 'storage-key': 'watch-host', persist: 'local', players: '3', tempo: 'instant', level: 'easy' }));
    const invite = await createRoom(host, 'Ann');
    const watchLink = await waitFor('the watch link', () => game(host).lobby()?.watchLink()?.value);
    const guest = add(await mount({ server, 'storage-key': 'watch-guest', persist: 'local' }));
    location.hash = new URL(watchLink).hash.replace('domino-watch', 'domino-room');
    await waitFor('the refusal', () => lobbyText(guest).includes('This link does not open this room'));
    expect(game(guest).lobby()?.nameField() ?? null, 'no join screen').to.equal(null);
    await expectAccessible(guest);
    history.replaceState(null, '', location.pathname + location.search);
    guest.remove();
    widgets.splice(widgets.indexOf(guest), 1);

    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    const close = await waitFor('the host’s close button', () => game(host).roomBar()?.button('Close the room to newcomers'));
    close.click();
    await waitFor('the room closed', () => game(host).roomBar()?.button('Open the room to newcomers'));
    const late = add(await mount({ server, 'storage-key': 'watch-guest', persist: 'local' }));
    location.hash = new URL(invite).hash;
    await waitFor('the room closed to the newcomer', () => lobbyText(late).includes('closed this room to newcomers'));
    expect(game(late).lobby()?.nameField() ?? null, 'no join screen').to.equal(null);
  });
});
