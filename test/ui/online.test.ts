/**
 * Online play's lobby through the real room server: a room created from the settings, the invite link
 * (the room id in the fragment, never a token), a second widget joining from the link, the host
 * starting with an open seat (a computer takes it); the problems a link can meet; online play without a
 * server. Each widget has its own storage key, as two people's browsers would.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { build, game, listen, mount, settle, waitFor, type DominoGame, expectAccessible } from './helpers.js';
import {
  chipNames,
  chooseFriendsOnline,
  createRoom,
  forgetStorage,
  joinRoom,
  keptSeat,
  lobbyText,
  roomServer,
  seatNames,
  typeName,
  waitForTable,
} from './online-helpers.js';

const KEYS = ['lobby-a', 'lobby-b', 'lobby-c', 'problem'];

describe('online: the lobby', function () {
  this.timeout(120_000);
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

  it('creates a room from the settings, joins it from the link, and starts with a computer in the open seat', async () => {
    const host = add(await mount({ server, 'storage-key': 'lobby-a', persist: 'local', players: '3', variant: 'block', target: '15', level: 'easy', tempo: 'instant' }));
    const rooms: CustomEvent[] = [];
    host.addEventListener('domino-room', (e) => rooms.push(e));
    await settle(host);

    // Settings → Friends online: the create screen, by keyboard.
    await chooseFriendsOnline(host);
    await expectAccessible(host);
    expect(lobbyText(host)).to.contain('Play with friends online');
    expect(game(host).lobby()!.setting('players')!.value).to.equal('3');
    expect(game(host).lobby()!.setting('variant')!.value).to.equal('block');
    expect(game(host).lobby()!.setting('target')!.value).to.equal('15');
    // An empty name is refused here, before the server would.
    game(host).lobby()!.submit()!.click();
    await waitFor('the name error', () => game(host).lobby()?.nameError());
    expect(game(host).lobby()!.nameField()!.getAttribute('aria-invalid')).to.equal('true');
    game(host).lobby()!.nameField()!.focus();
    await sendKeys({ type: '  Ann ' });
    await sendKeys({ press: 'Enter' });

    // The room: the invite link carries the room id and its invite key in the fragment, and no token.
    const link = await waitFor('the invite link', () => game(host).lobby()?.link()?.value);
    const kept = keptSeat('lobby-a')!;
    expect(kept.server).to.equal(server);
    expect(link).to.match(new RegExp(`^${location.href.split('#')[0]!.replace(/[.?]/g, '\\$&')}#domino-room=${kept.room}\\.[\\w-]{22}$`));
    expect(link).to.not.contain(kept.token);
    expect(seatNames(host)).to.deep.equal(['Ann', 'Open seat', 'Open seat']);
    expect(game(host).lobby()?.start(), 'the host may start').to.exist;
    await expectAccessible(host);
    expect(rooms.at(-1)!.detail).to.deep.include({ room: kept.room, seat: 0, phase: 'lobby' });

    // Copy: the clipboard, or the link selected for copying by hand; either way it is said.
    game(host).lobby()!.copyButton()!.click();
    await waitFor('the copy status', () => /link was copied|link is selected/.test(game(host).lobby()!.copyStatus()!.textContent!));
    expect(game(host).lobby()!.copyStatus()!.getAttribute('role')).to.equal('status');

    // The guest opens the link in its page: the join screen shows the room's settings and seats.
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', persist: 'local', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the join screen', () => game(guest).lobby()?.nameField());
    expect(lobbyText(guest)).to.contain('Join a game online');
    expect(lobbyText(guest)).to.contain('Block');
    expect(lobbyText(guest)).to.contain('15');
    expect(seatNames(guest)).to.deep.equal(['Ann', 'Open seat', 'Open seat']);
    await expectAccessible(guest);
    // The host's widget is in that room already: the link changes nothing there.
    expect(game(host).lobby()?.link()).to.exist;
    const hostHears = listen(host);
    typeName(guest, 'Bob');
    game(guest).lobby()!.submit()!.click();
    await waitFor('the guest seated', () => game(guest).lobby()?.link());
    expect(game(guest).lobby()?.start(), 'only the host may start').to.equal(null);
    expect(lobbyText(guest)).to.contain('Waiting for Ann to start the game.');
    expect(keptSeat('lobby-b')!.room).to.equal(kept.room);

    // The host sees Bob arrive, and hears it.
    await waitFor('Bob in the host’s seats', () => seatNames(host)[1] === 'Bob');
    await hostHears.heard('Bob joined.');

    // Start with a seat still open: the computer takes it, and both get the table.
    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    await waitForTable(guest);
    expect(chipNames(host)).to.deep.equal(['You', 'Bob', 'Computer 2']);
    expect(chipNames(guest)).to.deep.equal(['Ann', 'You', 'Computer 2']);
    expect(rooms.at(-1)!.detail.phase).to.equal('playing');
    expect(rooms.at(-1)!.detail.seats.map((s: { kind: string }) => s.kind)).to.deep.equal(['human', 'human', 'computer']);
    await expectAccessible(host);
    // The bar above the table is a group named for online play, its way out a button reached by keyboard.
    expect(game(guest).roomBar()!.bar()!.getAttribute('role')).to.equal('group');
    expect(game(guest).roomBar()!.bar()!.getAttribute('aria-label')).to.equal('Play with friends online');

    // Leaving the room: back to the match against the computer; the seat is given up.
    const leave = game(guest).roomBar()!.button('Leave room')!;
    leave.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor('the local table', () => chipNames(guest).join() === 'You,Computer 1');
    expect(keptSeat('lobby-b')).to.equal(null);
    expect(location.hash).to.equal('');
    await hostHears.heard('Bob left.');
    hostHears.stop();
  });

  it('an unknown room in the link says so, and the way back returns to the computer (server set from JS)', async () => {
    location.hash = '#domino-room=AAAAAAAAAAAAAAAAAAAAAA';
    const el = add(build({ 'storage-key': 'problem', tempo: 'instant' }));
    el.server = server;
    document.body.append(el);
    await waitFor('the problem', () => game(el).lobby()?.problem());
    expect(game(el).lobby()!.problem()!.textContent).to.contain('This room does not exist, or it has expired.');
    expect(game(el).lobby()!.problem()!.getAttribute('role')).to.equal('alert');
    await expectAccessible(el);
    const back = game(el).lobby()!.backButton()!;
    expect(back.textContent!.trim()).to.equal('Back to playing the computer');
    back.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor('the local table', () => game(el).hasHand() && !game(el).lobby());
    expect(chipNames(el)).to.deep.equal(['You', 'Computer 1']);
    expect(location.hash, 'the link leaves the address').to.equal('');
  });

  it('the join screen\'s summary lists every setting of the room, spectators and speed included', async () => {
    const host = add(await mount({ server, 'storage-key': 'lobby-a', players: '2', tempo: 'slow' }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the join screen', () => game(guest).lobby()?.nameField());
    const summary = Object.fromEntries(
      game(guest).lobby()!.roomSummary(),
    );
    expect(summary).to.deep.include({ Speed: 'Slow', 'Allow spectators with a watch link': 'On', 'Quick phrases': 'On', Players: '2' });
  });

  it('two widgets on one page online at once keep their own name typed last', async () => {
    const ann = add(await mount({ server, 'storage-key': 'lobby-a', tempo: 'instant' }));
    await createRoom(ann, 'Ann');
    const other = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    await chooseFriendsOnline(other);
    // The other widget is another person: it does not offer Ann's name.
    expect(game(other).lobby()!.nameField()!.value).to.equal('');
  });

  it('a full room says so', async () => {
    const host = add(await mount({ server, 'storage-key': 'lobby-a', players: '2', tempo: 'instant' }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    await joinRoom(guest, link, 'Bob');
    history.replaceState(null, '', location.pathname);
    const late = add(await mount({ server, 'storage-key': 'lobby-c', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the problem', () => game(late).lobby()?.problem());
    expect(game(late).lobby()!.problem()!.textContent).to.contain('This room is full.');
  });

  it('the lobby in the dark theme passes the a11y check, contrast included: its fields, its error and its buttons follow the palette', async () => {
    const el = add(await mount({ server, theme: 'dark', 'storage-key': 'problem', tempo: 'instant' }));
    await chooseFriendsOnline(el);
    // The field offers the name typed last (another test's): an empty one is refused with an error.
    typeName(el, '');
    game(el).lobby()!.submit()!.click();
    await waitFor('the name error', () => game(el).lobby()?.nameError());
    const field = getComputedStyle(game(el).lobby()!.nameField()!);
    expect(field.backgroundColor, 'the name field is not white on a dark page').to.not.equal('rgb(255, 255, 255)');
    await expectAccessible(el);
    typeName(el, 'Dee');
    game(el).lobby()!.submit()!.click();
    await waitFor('the room screen', () => game(el).lobby()?.link());
    await expectAccessible(el);
  });

  it('without a server, Friends online is offered but disabled, and says why', async () => {
    const el = add(await mount({ tempo: 'instant' }));
    const settings = await game(el).openSettings();
    const friends = settings.friendsOnline()!;
    expect(friends.disabled).to.equal(true);
    expect(settings.explanationOf(friends)).to.equal('This site has not set up online play.');
    await expectAccessible(el);
    settings.closeButton()!.click();
    // With a server set from JS, it is enabled.
    el.server = 'http://127.0.0.1:1';
    await settle(el);
    expect(friends.disabled).to.equal(false);
  });
});
