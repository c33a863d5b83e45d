/**
 * Online play's lobby through the real room server: a room created from the settings, the invite link
 * (the room id in the fragment, never a token), a second widget joining from the link, the host
 * starting with an open seat (a computer takes it); the problems a link can meet; online play without a
 * server. Each widget has its own storage key, as two people's browsers would.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { build, game, listen, mount, root, settle, waitFor, type DominoGame, expectAccessible } from './helpers.js';
import {
  chipNames,
  chooseFriendsOnline,
  createRoom,
  forgetStorage,
  inLobby,
  inRoomBar,
  joinRoom,
  keptSeat,
  lobbyRoot,
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
    expect(inLobby<HTMLSelectElement>(host, '#lobby-players')!.value).to.equal('3');
    expect(inLobby<HTMLSelectElement>(host, '#lobby-variant')!.value).to.equal('block');
    expect(inLobby<HTMLSelectElement>(host, '#lobby-target')!.value).to.equal('15');
    // An empty name is refused here, before the server would.
    inLobby<HTMLButtonElement>(host, 'button[type="submit"]')!.click();
    await waitFor('the name error', () => inLobby(host, '#lobby-name-error'));
    expect(inLobby(host, '#lobby-name')!.getAttribute('aria-invalid')).to.equal('true');
    inLobby<HTMLInputElement>(host, '#lobby-name')!.focus();
    await sendKeys({ type: '  Ann ' });
    await sendKeys({ press: 'Enter' });

    // The room: the invite link carries the room id in the fragment, and no token.
    const link = await waitFor('the invite link', () => inLobby<HTMLInputElement>(host, '#lobby-link')?.value);
    const kept = keptSeat('lobby-a')!;
    expect(kept.server).to.equal(server);
    expect(link).to.equal(`${location.href.split('#')[0]}#domino-room=${kept.room}`);
    expect(link).to.not.contain(kept.token);
    expect(seatNames(host)).to.deep.equal(['Ann', 'Open seat', 'Open seat']);
    expect(inLobby(host, 'button.start'), 'the host may start').to.exist;
    await expectAccessible(host);
    expect(rooms.at(-1)!.detail).to.deep.include({ room: kept.room, seat: 0, phase: 'lobby' });

    // Copy: the clipboard, or the link selected for copying by hand; either way it is said.
    inLobby<HTMLButtonElement>(host, 'button.copy')!.click();
    await waitFor('the copy status', () => /link was copied|link is selected/.test(inLobby(host, '.copied')!.textContent!));
    expect(inLobby(host, '.copied')!.getAttribute('role')).to.equal('status');

    // The guest opens the link in its page: the join screen shows the room's settings and seats.
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', persist: 'local', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the join screen', () => inLobby(guest, '#lobby-name'));
    expect(lobbyText(guest)).to.contain('Join a game online');
    expect(lobbyText(guest)).to.contain('Block');
    expect(lobbyText(guest)).to.contain('15');
    expect(seatNames(guest)).to.deep.equal(['Ann', 'Open seat', 'Open seat']);
    await expectAccessible(guest);
    // The host's widget is in that room already: the link changes nothing there.
    expect(inLobby(host, '#lobby-link')).to.exist;
    const hostHears = listen(host);
    typeName(guest, 'Bob');
    inLobby<HTMLButtonElement>(guest, 'button[type="submit"]')!.click();
    await waitFor('the guest seated', () => inLobby(guest, '#lobby-link'));
    expect(inLobby(guest, 'button.start'), 'only the host may start').to.equal(null);
    expect(lobbyText(guest)).to.contain('Waiting for Ann to start the game.');
    expect(keptSeat('lobby-b')!.room).to.equal(kept.room);

    // The host sees Bob arrive, and hears it.
    await waitFor('Bob in the host’s seats', () => seatNames(host)[1] === 'Bob');
    await hostHears.heard('Bob joined.');

    // Start with a seat still open: the computer takes it, and both get the table.
    inLobby<HTMLButtonElement>(host, 'button.start')!.click();
    await waitForTable(host);
    await waitForTable(guest);
    expect(chipNames(host)).to.deep.equal(['You', 'Bob', 'Computer 2']);
    expect(chipNames(guest)).to.deep.equal(['Ann', 'You', 'Computer 2']);
    expect(rooms.at(-1)!.detail.phase).to.equal('playing');
    expect(rooms.at(-1)!.detail.seats.map((s: { kind: string }) => s.kind)).to.deep.equal(['human', 'human', 'computer']);
    await expectAccessible(host);
    // The bar above the table is a group named for online play, its way out a button reached by keyboard.
    expect(inRoomBar(guest, '.bar')!.getAttribute('role')).to.equal('group');
    expect(inRoomBar(guest, '.bar')!.getAttribute('aria-label')).to.equal('Play with friends online');

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
    await waitFor('the problem', () => inLobby(el, '.problem'));
    expect(inLobby(el, '.problem')!.textContent).to.contain('This room does not exist, or it has expired.');
    expect(inLobby(el, '.problem')!.getAttribute('role')).to.equal('alert');
    await expectAccessible(el);
    const back = inLobby<HTMLButtonElement>(el, 'button.back')!;
    expect(back.textContent!.trim()).to.equal('Back to playing the computer');
    back.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor('the local table', () => root(el).querySelector('domino-hand') && !root(el).querySelector('domino-lobby'));
    expect(chipNames(el)).to.deep.equal(['You', 'Computer 1']);
    expect(location.hash, 'the link leaves the address').to.equal('');
  });

  it('the join screen\'s summary lists every setting of the room, spectators and speed included', async () => {
    const host = add(await mount({ server, 'storage-key': 'lobby-a', players: '2', tempo: 'slow' }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the join screen', () => inLobby(guest, '#lobby-name'));
    const summary = Object.fromEntries(
      [...lobbyRoot(guest)!.querySelectorAll('.summary dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.trim()]),
    );
    expect(summary).to.deep.include({ Speed: 'Slow', 'Allow spectators with a watch link': 'On', 'Quick phrases': 'On', Players: '2' });
  });

  it('two widgets on one page online at once keep their own name typed last', async () => {
    const ann = add(await mount({ server, 'storage-key': 'lobby-a', tempo: 'instant' }));
    await createRoom(ann, 'Ann');
    const other = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    await chooseFriendsOnline(other);
    // The other widget is another person: it does not offer Ann's name.
    expect(inLobby<HTMLInputElement>(other, '#lobby-name')!.value).to.equal('');
  });

  it('a full room says so', async () => {
    const host = add(await mount({ server, 'storage-key': 'lobby-a', players: '2', tempo: 'instant' }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': 'lobby-b', tempo: 'instant' }));
    await joinRoom(guest, link, 'Bob');
    history.replaceState(null, '', location.pathname);
    const late = add(await mount({ server, 'storage-key': 'lobby-c', tempo: 'instant' }));
    location.hash = new URL(link).hash;
    await waitFor('the problem', () => inLobby(late, '.problem'));
    expect(inLobby(late, '.problem')!.textContent).to.contain('This room is full.');
  });

  it('the lobby in the dark theme passes the a11y check, contrast included: its fields, its error and its buttons follow the palette', async () => {
    const el = add(await mount({ server, theme: 'dark', 'storage-key': 'problem', tempo: 'instant' }));
    await chooseFriendsOnline(el);
    // The field offers the name typed last (another test's): an empty one is refused with an error.
    typeName(el, '');
    inLobby<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitFor('the name error', () => inLobby(el, '#lobby-name-error'));
    const field = getComputedStyle(inLobby<HTMLInputElement>(el, '#lobby-name')!);
    expect(field.backgroundColor, 'the name field is not white on a dark page').to.not.equal('rgb(255, 255, 255)');
    await expectAccessible(el);
    typeName(el, 'Dee');
    inLobby<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitFor('the room screen', () => inLobby(el, '#lobby-link'));
    await expectAccessible(el);
  });

  it('without a server, Friends online is offered but disabled, and says why', async () => {
    const el = add(await mount({ tempo: 'instant' }));
    root(el).querySelector<HTMLButtonElement>('[part="settings-button"]')!.click();
    const settings = root(el).querySelector('domino-settings')!;
    const friends = await waitFor('the dialog', () => settings.shadowRoot?.querySelector<HTMLInputElement>('dialog[open] input[value="friends"]'));
    expect(friends.disabled).to.equal(true);
    expect(settings.shadowRoot!.querySelector(`#${friends.getAttribute('aria-describedby')}`)!.textContent).to.equal('This site has not set up online play.');
    await expectAccessible(el);
    settings.close();
    // With a server set from JS, it is enabled.
    el.server = 'http://127.0.0.1:1';
    await settle(el);
    expect(friends.disabled).to.equal(false);
  });
});
