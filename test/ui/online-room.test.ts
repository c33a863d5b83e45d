/**
 * Rooms people come back to, through two widgets on one page and the real room servers the
 * test runner starts: Play again for every seat (the room shows who is ready; the match starts once
 * both are, with the same seats); the turn clock on the chip of the seat to act, said once to its
 * person, running out (the computer plays the turn; twice, and the seat is away until its person is
 * back); quick phrases from a keyboard-operable list, shown as a bubble at the sender's chip, said
 * politely, mutable per seat; and the a11y check on the new controls in both themes.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { game, listen, mainButton, mount, settle, textOf, waitFor, type DominoGame, expectAccessible } from './helpers.js';
import {
  chipNames,
  chipTexts,
  chooseFriendsOnline,
  fastClockRoomServer,
  slowComputerRoomServer,
  forgetStorage,
  joinRoom,
  keptSeat,
  playOnline,
  roomServer,
  showsFinalScore,
  typeName,
  waitForTable,
} from './online-helpers.js';

const KEYS = ['again-a', 'again-b', 'clock-a', 'clock-b', 'back-a', 'back-b', 'phrase-a', 'phrase-b'];

describe('online: play again, the turn clock, quick phrases', function () {
  this.timeout(180_000);
  const widgets: DominoGame[] = [];
  const add = (el: DominoGame) => (widgets.push(el), el);

  afterEach(() => {
    for (const el of widgets.splice(0)) el.remove();
    history.replaceState(null, '', location.pathname + location.search);
    forgetStorage(...KEYS);
  });

  /** Two widgets in one started room of two, the host's room settings chosen in its lobby first. */
  async function startRoom(server: string, keys: [string, string], attributes: Record<string, string>, choose: (host: DominoGame) => void = () => undefined): Promise<[DominoGame, DominoGame]> {
    const host = add(await mount({ server, 'storage-key': keys[0], persist: 'local', players: '2', tempo: 'instant', level: 'easy', ...attributes }));
    await chooseFriendsOnline(host);
    typeName(host, 'Ann');
    choose(host);
    await settle(host);
    game(host).lobby()!.submit()!.click();
    const link = await waitFor('the invite link', () => game(host).lobby()?.link()?.value);
    const guest = add(await mount({ server, 'storage-key': keys[1], persist: 'local', tempo: 'instant' }));
    await joinRoom(guest, link, 'Bob');
    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    await waitForTable(guest);
    return [host, guest];
  }

  /** The phrase said last at a seat's chip, or null. */
  const bubble = (el: DominoGame, seat: number) => game(el).chip(seat).bubble()?.textContent ?? null;
  const bar = (el: DominoGame) => game(el).roomBar()!;

  it('Play again: each seat asks, the room shows who is ready, and the next match starts with the same seats once both are', async () => {
    const server = await roomServer();
    const [host, guest] = await startRoom(server, ['again-a', 'again-b'], { variant: 'block', target: '10' }, (h) => game(h).lobby()!.choose('clock', '0'));
    const room = keptSeat('again-b')!.room;
    await playOnline([host, guest], () => showsFinalScore(host) && showsFinalScore(guest));
    await settle(guest);
    expect(mainButton(guest)?.textContent?.trim()).to.equal('Play again');
    mainButton(guest)!.click();
    await waitFor('Bob ready in the host’s top row', () => chipTexts(host)[1]!.includes('ready'));
    await waitFor('the guest waits', () => mainButton(guest) === null && bar(guest).text().includes('Waiting for the others…'));
    expect(chipTexts(host)[0]).not.to.contain('ready');
    expect(showsFinalScore(host), 'a new match before the host was ready').to.equal(true);

    mainButton(host)!.click();
    await waitFor('a new match at both', () => !showsFinalScore(host) && !showsFinalScore(guest) && game(host).status().includes('Round 1'));
    expect(chipNames(host)).to.deep.equal(['You', 'Bob']);
    expect(chipNames(guest)).to.deep.equal(['Ann', 'You']);
    expect(keptSeat('again-b')!.room).to.equal(room);
    expect(game(host).status()).to.contain('Block');
  });

  it('the turn clock: a countdown on the chip of the seat to act, said once to its person, the turn played when it runs out; twice and away, until I’m back', async () => {
    const server = await fastClockRoomServer();
    // 15 s, run five times faster: 3 s a turn.
    const [host, guest] = await startRoom(server, ['clock-a', 'clock-b'], { variant: 'draw', target: '500' }, (h) => game(h).lobby()!.choose('clock', '15'));
    const bobsTurn = () => game(host).turnName() === 'Bob';
    const bobHears = listen(guest);
    await playOnline([host], bobsTurn);
    const countdown = await waitFor('a countdown on Bob’s chip', () => game(host).chip(1).clock());
    expect(countdown.textContent).to.match(/^\d s$/);
    expect(game(host).chip(0).clock()).to.equal(null);
    await waitFor('the clock at Bob’s own chip', () => game(guest).chip(1).clock());
    await bobHears.heard('Ten seconds left to play.', 'Bob told his time is nearly up');
    bobHears.stop();

    // Bob never plays: his turn is played for him, and after the second he is away.
    await waitFor('Bob’s turn played for him', () => !bobsTurn());
    await playOnline([host], bobsTurn);
    await waitFor('Bob away after two turns run out', () => chipTexts(host)[1]!.includes('computer playing for Bob'), 30_000);
    const back = await waitFor('I’m back', () => bar(guest).button('I’m back') ?? bar(guest).button("I'm back"));
    expect(bar(guest).text()).to.contain('The computer is playing for you.');
    await expectAccessible(guest);
    back.click();
    await waitFor('Bob no longer away', () => !chipTexts(host)[1]!.includes('computer playing for Bob'));
  });

  it('I’m back on my own turn, before the computer plays it: my countdown shows at once with the whole clock, at both widgets', async () => {
    const server = await slowComputerRoomServer();
    // 15 s, run five times faster: 3 s a turn; the slow tempo, its pause ten times as long on this server, gives an away
    // seat's turn 15 s before the computer plays it: room to click "I'm back" on a busy machine.
    const [host, guest] = await startRoom(server, ['back-a', 'back-b'], { variant: 'draw', target: '500', tempo: 'slow' }, (h) => game(h).lobby()!.choose('clock', '15'));
    const away = () => chipTexts(host)[1]!.includes('computer playing for Bob');
    await playOnline([host], away);
    // Bob's chip is "You" at his own widget.
    const bobsTurn = () => game(host).turnName() === 'Bob' && game(guest).chip(1).isTurn();
    await playOnline([host], bobsTurn);
    const back = await waitFor('I’m back', () => bar(guest).button('I’m back') ?? bar(guest).button("I'm back"));
    // What the turn is: any move of it (a tile played or drawn) changes one of these.
    const tilesNow = () => game(guest).playerChips().map((chip) => chip.tileCount()).join();
    const tiles = tilesNow();
    expect(game(guest).chip(1).clock()).to.equal(null);
    back.click();
    for (const el of [guest, host]) {
      const countdown = await waitFor('Bob’s countdown on the same turn', () => bobsTurn() && tilesNow() === tiles && game(el).chip(1).clock());
      // A whole clock: its first second (a clock counted from the turn's start would be well into it).
      expect(countdown.textContent).to.equal('3 s');
    }
  });

  for (const theme of ['light', 'dark']) {
    it(`quick phrases (${theme}): a keyboard list, a bubble at the sender’s chip said politely to the others, muted per seat`, async () => {
      const server = await roomServer();
      const [host, guest] = await startRoom(server, ['phrase-a', 'phrase-b'], { variant: 'draw', target: '500', theme });
      const toggle = bar(host).phrasesToggle()!;
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      toggle.click();
      await settle(host);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      const buttons = bar(host).phraseButtons();
      expect(buttons.map(textOf)).to.include.members(['Hello!', 'Good luck!', 'Well played!', 'Good game!']);
      expect(buttons).to.have.length(12);
      await expectAccessible(host);
      // Escape closes the list, and the focus goes back to its button.
      buttons[0]!.focus();
      buttons[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      await settle(host);
      expect(bar(host).phrases()).to.equal(null);
      await waitFor('the focus back on the toggle', () => (bar(host).phrasesToggle()!.getRootNode() as ShadowRoot).activeElement === bar(host).phrasesToggle());

      toggle.click();
      await settle(host);
      const bobHears = listen(guest);
      bar(host).phrase('goodLuck')!.click();
      await waitFor('the bubble at Ann’s chip for Bob', () => bubble(guest, 0) === 'Good luck!');
      await bobHears.heard('Ann: Good luck!', 'said to Bob');
      await waitFor('the host sees its own bubble', () => bubble(host, 0) === 'Good luck!');

      // Bob mutes Ann: her next phrase shows nowhere at his end.
      bar(guest).phrasesToggle()!.click();
      await settle(guest);
      const mute = bar(guest).phrasesCheckBox()!;
      expect(mute.parentElement!.textContent).to.contain('Mute Ann');
      mute.click();
      await settle(guest);
      await waitFor('Ann’s bubble gone at Bob’s', () => bubble(guest, 0) === null);
      // After the 2 s between two phrases of one seat.
      await new Promise((resolve) => setTimeout(resolve, 2200));
      if (!bar(host).phrases()) bar(host).phrasesToggle()!.click();
      await settle(host);
      bar(host).phrase('wow')!.click();
      await waitFor('Ann sees her own phrase', () => bubble(host, 0) === 'Wow!');
      // Bob's widget got it too (his end lets the next phrase of his own through), but shows nothing of it.
      bar(guest).phrase('thanks')!.click();
      await waitFor('Bob’s own phrase at his chip', () => bubble(guest, 1) === 'Thanks!');
      expect(bubble(guest, 0)).to.equal(null);
      bobHears.stop();
      expect(bobHears.said.filter((text) => text.includes('Wow!')), 'nothing of Ann’s muted phrase said to Bob').to.deep.equal([]);
    });
  }
});
