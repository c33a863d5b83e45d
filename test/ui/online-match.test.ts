/**
 * A whole online match between two widgets on one page, through the real room server: each plays its
 * own turns through its own table, both hear the match's domino-* events as their own seat (`yours`
 * only on the right widget) and domino-room whenever the room changes; a widget taken off the page and
 * a new one with the same storage key resume the same seat.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { build, game, handNames, listen, mainButton, mount, record, settle, waitFor, type DominoGame, type Recorded } from './helpers.js';
import { chipNames, chipTexts, createRoom, forgetStorage, joinRoom, keptSeat, playOnline, roomServer, showsFinalScore, waitForTable } from './online-helpers.js';

const KEYS = ['match-a', 'match-b', 'resume-a', 'resume-b'];

describe('online: a match between two widgets', function () {
  this.timeout(180_000);
  let server: string;
  const widgets: DominoGame[] = [];
  const add = (el: DominoGame) => (widgets.push(el), el);
  const recordings: Recorded[] = [];

  before(async () => {
    server = await roomServer();
  });
  afterEach(() => {
    for (const r of recordings.splice(0)) r.stop();
    for (const el of widgets.splice(0)) el.remove();
    history.replaceState(null, '', location.pathname + location.search);
    forgetStorage(...KEYS);
  });

  /** Two widgets in one started room of two: `host` in seat 0, `guest` in seat 1. */
  async function startRoom(keys: [string, string], attributes: Record<string, string>): Promise<[DominoGame, DominoGame]> {
    const host = add(await mount({ server, 'storage-key': keys[0], persist: 'local', players: '2', tempo: 'instant', level: 'easy', ...attributes }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': keys[1], persist: 'local', tempo: 'instant' }));
    await joinRoom(guest, link, 'Bob');
    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    await waitForTable(guest);
    return [host, guest];
  }

  it('plays a whole match, each widget its own turns; the events are each widget’s own', async () => {
    const host = add(await mount({ server, 'storage-key': 'match-a', persist: 'local', players: '2', variant: 'block', target: '10', tempo: 'instant', level: 'easy' }));
    const link = await createRoom(host, 'Ann');
    const guest = add(await mount({ server, 'storage-key': 'match-b', persist: 'local', tempo: 'instant' }));
    const rooms = new Map<DominoGame, { seat: number | null; phase: string }[]>([[host, []], [guest, []]]);
    for (const el of [host, guest]) el.addEventListener('domino-room', (e) => rooms.get(el)!.push(e.detail));
    await joinRoom(guest, link, 'Bob');
    // Heard from the join on: before it the guest's page plays its own match against the computer, whose
    // events (seat 0 its person's) are that page's, not this room's.
    const heard = [record(host), record(guest)];
    recordings.push(...heard);
    game(host).lobby()!.start()!.click();
    await waitForTable(host);
    await waitForTable(guest);
    expect(game(host).status()).to.contain('Block');

    await playOnline([host, guest], () => showsFinalScore(host) && showsFinalScore(guest));

    // Every seat may ask for another match (play again, #19), and only the host may start it at once.
    expect(mainButton(host)?.textContent?.trim()).to.equal('Play again');
    expect(mainButton(guest)?.textContent?.trim()).to.equal('Play again');
    expect(game(host).roomBar()!.text()).to.contain('Start now');
    expect(game(guest).roomBar()!.text()).not.to.contain('Start now');

    // What holds for any deal: a round can end blocked right after its lead (and a match to 10 in it),
    // so one seat may be the only one that ever moved; but a seat whose turn came moved in it.
    for (const [index, recorded] of heard.entries()) {
      const seat = index;
      expect(recorded.problems).to.deep.equal([]);
      expect(recorded.turns.length, 'turns heard').to.be.greaterThan(0);
      for (const turn of recorded.turns) expect(turn.yours, `widget ${index}, turn of seat ${turn.seat}`).to.equal(turn.seat === seat);
      const movers = new Set(recorded.moves.map((move) => move.seat));
      expect(movers.size, 'moves heard').to.be.greaterThan(0);
      for (const turn of recorded.turns) expect(movers.has(turn.seat), `seat ${turn.seat} had a turn and moved`).to.equal(true);
      expect([...movers].every((mover) => mover === 0 || mover === 1), 'moves only by the two seats').to.equal(true);
      expect(recorded.matchEnds, 'one domino-match-end').to.have.length(1);
      const { winner, scores } = recorded.matchEnds[0]!;
      expect(scores[winner]).to.be.at.least(10);
      expect(recorded.roundEnds.map((r) => r.round)).to.deep.equal(recorded.roundEnds.map((_, i) => i + 1));
    }
    // Both heard the same match: the same moves (Block has no draws, whose tile only the drawer hears), the same turns.
    expect(heard[1]!.moves).to.deep.equal(heard[0]!.moves);
    expect(heard[1]!.turns.map((turn) => turn.seat)).to.deep.equal(heard[0]!.turns.map((turn) => turn.seat));
    expect(heard[1]!.matchEnds).to.deep.equal(heard[0]!.matchEnds);
    expect(heard[1]!.roundEnds).to.deep.equal(heard[0]!.roundEnds);
    // domino-room: the room as it changed, with each widget's own seat.
    expect(rooms.get(host)!.map((r) => r.seat)).to.satisfy((seats: number[]) => seats.every((s) => s === 0));
    expect(rooms.get(guest)!.filter((r) => r.seat !== null).every((r) => r.seat === 1)).to.equal(true);
    for (const list of rooms.values()) expect(list.map((r) => r.phase)).to.include.members(['lobby', 'playing']);
  });

  it('a widget taken off the page is away for the others; a new one with the same storage key resumes its seat', async () => {
    const [host, guest] = await startRoom(['resume-a', 'resume-b'], { variant: 'draw', target: '100' });
    // Bob leaves while Ann is to act, so that his hand stays as it is however long he is gone: on his
    // own turn the computer would play it once he is away, and a slow machine makes the gap long.
    await playOnline([guest], () => game(guest).turnName() === 'Ann');
    await settle(guest);
    const hand = handNames(guest);
    expect(hand.length).to.be.at.least(6);
    const seat = keptSeat('resume-b')!;

    const hostHears = listen(host);
    guest.remove();
    widgets.splice(widgets.indexOf(guest), 1);
    await waitFor('Bob away in the host’s top row', () => chipTexts(host)[1]!.includes('away'));
    await hostHears.heard('Bob lost the connection.');

    // No invite in the address this time: the kept seat alone brings the widget back online.
    history.replaceState(null, '', location.pathname + location.search);
    const again = add(build({ server, 'storage-key': 'resume-b', persist: 'local', tempo: 'instant' }));
    document.body.append(again);
    await waitForTable(again);
    expect(keptSeat('resume-b')).to.deep.equal(seat);
    expect(chipNames(again)).to.deep.equal(['Ann', 'You']);
    expect(handNames(again)).to.deep.equal(hand);
    await waitFor('Bob back in the host’s top row', () => !chipTexts(host)[1]!.includes('away'));
    await hostHears.heard('Bob is back.');
    hostHears.stop();
  });
});
