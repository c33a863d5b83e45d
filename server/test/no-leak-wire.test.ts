/**
 * No frame tells a seat what it may not know, checked on the wire: raw clients record every frame of
 * whole matches in every variant, with 2, 3 and 4 seats (and partnerships), some seats held by
 * computers. Afterwards each round is rebuilt from its end (the hands `revealed` by the view that ends
 * it, and the log of plays and the seat's own draws) back to every earlier moment, and:
 *
 * - a view's `hand` is exactly the seat's hand at that moment;
 * - every tile anywhere in a frame to seat s before the round's end was in s's hand then, on the
 *   table, or drawn by s; `room` and `welcome` frames carry no tile at all;
 * - no frame carries another seat's token (from any room), a `room` frame carries none, a seat's own
 *   token comes only in the `welcome` that gave it; the stored secrets (deal seed, token hashes, read
 *   from the server's SQLite file) are in no frame;
 * - a spectator (watching from before the start) gets `table` frames of the same changes: no hand, no
 *   seat, no tile before a round's end but those on the table, no token, no secret; everything it
 *   sends but `leave` is refused (`spectator`) and changes nothing;
 * - every round's deal is provable: each round-end frame's `dealProof` passes the engine's
 *   `verifyDeal` (with the seed the seat sent and the hand it was dealt), for every seat and spectator.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { verifyDeal, type DealProof, type PlayerView, type SpectatorView, type Tile, type ViewLogEntry } from '../../src/engine/index.js';
import type { RoomSettings } from '../../src/net/protocol.js';
import { decodeEntry } from '../src/core/entries.js';
import type { RoomState } from '../src/core/room.js';
import { secretKeysIn, tileKey, tileKeys, tilesIn } from './frames.js';
import { INSTANT, ROOMY, Player, autoplay, createRoom, joinRoom, sentDealSeeds, startServerProcess, type Of, type ServerProcess, type ViewMessage } from './harness.js';

interface Case {
  settings: RoomSettings;
  humans: number;
}

const CASES: Case[] = [];
for (const variant of ['draw', 'block', 'fives', 'doubles'] as const) {
  // All Fives scores in fives: a higher target still ends in a round or three.
  const target = variant === 'fives' ? 30 : 15;
  CASES.push(
    { settings: { variant, players: 2, target, ...INSTANT }, humans: 2 },
    { settings: { variant, players: 3, target, ...INSTANT }, humans: 2 },
    { settings: { variant, players: 4, target, ...INSTANT }, humans: 3 },
    { settings: { variant, players: 4, teams: true, target, ...INSTANT }, humans: 2 },
  );
}

const name = (c: Case) => `${c.settings.variant}, ${c.settings.players} seats${c.settings.teams ? ' in teams' : ''}, ${c.humans} people`;

/** Counts of what was checked, so a run that checked nothing cannot pass. */
const checked = { views: 0, rounds: 0, tiles: 0, hiddenDraws: 0, tables: 0, tableTiles: 0, provedDeals: 0, ownSeedsUsed: 0, refusedToSpectators: 0 };

type TableMessage = Of<'table'>;

/** Every round-end frame's deal proof checks out (and, for a seat, its own seed and dealt hand are in it). */
async function checkDealProofs(frames: { view: PlayerView | SpectatorView; dealProof?: DealProof }[], where: string, player?: Player): Promise<void> {
  const proved = new Set<number>();
  let dealtHand: Tile[] | undefined;
  for (const { view, dealProof } of frames) {
    if (view.log.length === 0 && view.revealed === null) dealtHand = view.hand;
    if (!view.revealed) {
      assert.equal(dealProof, undefined, `${where}: a deal proof before the round's end`);
      continue;
    }
    assert.ok(dealProof, `${where}: round ${view.round.number} ends without its deal proof`);
    const ownSeed = player ? sentDealSeeds.get(player)?.get(dealProof.commitment) : undefined;
    if (ownSeed) checked.ownSeedsUsed++;
    const check = await verifyDeal(view, dealProof, { ...(ownSeed ? { ownSeed } : {}), ...(dealtHand && view.seat !== null ? { dealtHand } : {}) });
    assert.deepEqual(check, { ok: true }, `${where}: round ${view.round.number}`);
    if (!proved.has(dealProof.round)) checked.provedDeals++;
    proved.add(dealProof.round);
  }
}

/** A spectator's frames: the same changes as the seats', the public table only. */
function checkSpectatorFrames(spectator: Player, seatSeqs: string, where: string): void {
  const tables = spectator.messages.filter((m): m is TableMessage => m.type === 'table');
  assert.ok(tables.length > 0, `${where}: no table frames`);
  assert.equal(tables.map((m) => m.seq).join(), seatSeqs, `${where}: not the seats' changes`);
  spectator.messages.forEach((message, i) => {
    const at = `${where}, frame ${i} (${message.type})`;
    assert.ok(message.type === 'room' || message.type === 'table' || message.type === 'error', `${at}: a spectator got a ${message.type}`);
    if (message.type === 'room') assert.deepEqual(tilesIn(message), [], `${at}: a tile in a room frame`);
    if (message.type !== 'table') return;
    const { view } = message;
    assert.equal(view.seat, null, `${at}: a seat`);
    assert.deepEqual(view.hand, [], `${at}: a hand`);
    checked.tables++;
    if (view.revealed) return;
    assert.deepEqual(secretKeysIn(message), [], `${at}: a secret key`);
    const onTable = new Set(view.log.flatMap((e) => (e.type === 'play' ? [tileKey(e.tile)] : [])));
    for (const entry of view.log) assert.ok(entry.type !== 'draw' || entry.tile === undefined, `${at}: a drawn tile named`);
    for (const found of tilesIn(message)) {
      checked.tableTiles++;
      assert.ok(onTable.has(found.tile), `${at}: ${found.tile} at ${found.path} is not on the table`);
    }
  });
}

/** Everything a spectator may send but `leave`, each refused with `spectator` (`key`: the watch key it holds). */
function spectatorAttempts(room: string, key: string, seq: number): Record<string, unknown>[] {
  return [
    { type: 'move', seq, move: { type: 'draw' } },
    { type: 'move', seq, move: { type: 'play', tile: [6, 6], end: 'lead' } },
    { type: 'next-round', seq },
    { type: 'new-match' },
    { type: 'start' },
    { type: 'settings', settings: { variant: 'draw', players: 2, level: 'easy' } },
    { type: 'deal-seed', commitment: '0'.repeat(64), seed: '1'.repeat(64) },
    { type: 'create', name: 'Eve', settings: { variant: 'draw', players: 2, level: 'easy' } },
    { type: 'join', room, key, name: 'Eve' },
    { type: 'resume', room, token: 'A'.repeat(22) },
    { type: 'watch', room, key },
    { type: 'peek', room, key },
    { type: 'newcomers', allowed: false },
  ];
}

function checkSeatFrames(player: Player, where: string): void {
  const seat = player.seat!;
  const views = player.messages.filter((m): m is ViewMessage => m.type === 'view');
  assert.ok(views.length > 0, `${where}: no views`);
  let index = 0;
  player.messages.forEach((message, i) => {
    const at = `${where}, frame ${i} (${message.type})`;
    if (message.type === 'room' || message.type === 'welcome') {
      assert.deepEqual(tilesIn(message), [], `${at}: a tile in a ${message.type} frame`);
      assert.deepEqual(secretKeysIn(message, (p) => message.type === 'welcome' && (p === 'token' || p === 'keys')), [], `${at}: a secret key`);
    }
    assert.notEqual(message.type, 'error', `${at}: ${JSON.stringify(message)}`);
  });

  while (index < views.length) {
    const round = views[index]!.view.round.number;
    const ofRound: ViewMessage[] = [];
    while (index < views.length && views[index]!.view.round.number === round) ofRound.push(views[index++]!);
    // A round ends with a result, or (All Fives) with the match won in play.
    const end = ofRound.find((m) => m.view.round.result !== null || m.view.winningSide !== null);
    assert.ok(end, `${where}: round ${round} has no view that ends it`);
    const revealed = end.view.revealed;
    assert.ok(revealed, `${where}: the view ending round ${round} reveals nothing`);
    const endLog = end.view.log;
    const final = revealed.hands[seat]!;
    for (const entry of endLog) {
      if (entry.type === 'draw' && entry.seat === seat) assert.ok(entry.tile, `${where}: the seat's own draw is not named in its log`);
      if (entry.type === 'draw' && entry.seat !== seat) checked.hiddenDraws++;
    }
    checked.rounds++;

    for (const m of ofRound) {
      const at = `${where}, round ${round}, seq ${m.seq}`;
      const { view } = m;
      const t = view.log.length;
      assert.deepEqual(view.log, endLog.slice(0, t), `${at}: the log is not a prefix of the round's log`);
      const later = endLog.slice(t);
      const earlier = endLog.slice(0, t);
      const named = (entries: ViewLogEntry[], which: (e: ViewLogEntry) => boolean) => entries.filter(which).map((e) => tileKey((e as { tile: Tile }).tile));
      // The hand at this moment, rebuilt from the end: put back what the seat played since, take out what it drew since.
      const hand = [...tileKeys(final), ...named(later, (e) => e.seat === seat && e.type === 'play')];
      for (const tile of named(later, (e) => e.seat === seat && e.type === 'draw')) {
        const drawn = hand.indexOf(tile);
        assert.ok(drawn >= 0, `${at}: a tile drawn later is not in the final hand nor played`);
        hand.splice(drawn, 1);
      }
      hand.sort();
      const allowed = new Set([
        ...hand,
        ...named(earlier, (e) => e.type === 'play'),
        ...named(earlier, (e) => e.type === 'draw' && e.seat === seat),
      ]);
      if (m === end) {
        // Only `revealed` may show the other hands, and only now.
        const rest = tilesIn(m, (p) => p === 'view.revealed');
        for (const found of rest) assert.ok(allowed.has(found.tile) || tileKeys(final).includes(found.tile), `${at}: ${found.tile} at ${found.path}`);
        continue;
      }
      checked.views++;
      assert.equal(view.revealed, null, `${at}: revealed while the round runs`);
      assert.deepEqual(tileKeys(view.hand), hand, `${at}: the view's hand is not the seat's hand`);
      assert.deepEqual(secretKeysIn(m), [], `${at}: a secret key`);
      for (const found of tilesIn(m)) {
        checked.tiles++;
        assert.ok(allowed.has(found.tile), `${at}: ${found.tile} at ${found.path} is neither in the seat's hand, on the table, nor drawn by it`);
      }
    }
  }
}

describe('no frame carries what its seat may not see', () => {
  let server: ServerProcess;
  let dir: string;
  let db: string;
  const players: Player[] = [];
  const spectators: Player[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'domino-leak-'));
    db = join(dir, 'rooms.sqlite');
    server = await startServerProcess(['--db', db, ...ROOMY]);
  });
  after(async () => {
    await Promise.all(players.map((p) => p.close()));
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const c of CASES) {
    test(`a whole match: ${name(c)}`, async () => {
      const host = await createRoom(server, 'Host', c.settings, `${name(c)} seat 0`);
      const seated = [host];
      for (let i = 1; i < c.humans; i++) seated.push(await joinRoom(server, host.invitation, `P${i}`, `${name(c)} seat ${i}`));
      players.push(...seated);
      const spectator = await Player.connect(server.wsUrl, `${name(c)} spectator`);
      spectators.push(spectator);
      const watching = await spectator.request({ type: 'watch', ...host.watchLink }, 'room');
      assert.equal(watching.type, 'room');
      // The players see the watcher counted.
      await host.waitFor('room', (m) => m.room.watchers === 1, 0);
      const started = seated.map((p) => p.next('view'));
      host.send({ type: 'start' });
      await Promise.all(started);
      await autoplay(seated, { seed: name(c), dealSeeds: true }).done;
      await spectator.waitFor('table', (m) => m.view.winningSide !== null, 0);
      for (const p of seated) {
        assert.notEqual(p.last('view')!.view.winningSide, null);
        checkSeatFrames(p, `${name(c)}, seat ${p.seat}`);
        await checkDealProofs(p.messages.filter((m): m is ViewMessage => m.type === 'view'), `${name(c)}, seat ${p.seat}`, p);
      }
      // Every connected seat saw the same changes.
      const seqs = seated.map((p) => p.messages.filter((m) => m.type === 'view').map((m) => (m as ViewMessage).seq).join());
      for (const s of seqs) assert.equal(s, seqs[0]);
      checkSpectatorFrames(spectator, seqs[0]!, `${name(c)}, spectator`);
      await checkDealProofs(spectator.messages.filter((m): m is TableMessage => m.type === 'table'), `${name(c)}, spectator`);
      // Whatever else a spectator sends is refused, and changes nothing: the host hears of no change.
      const hostMark = host.mark();
      const lastSeq = host.seq;
      for (const attempt of spectatorAttempts(host.room!, host.watchLink.key, lastSeq)) {
        const refusal = await spectator.refused(attempt);
        assert.equal(refusal.code, 'spectator', `${JSON.stringify(attempt)}: ${JSON.stringify(refusal)}`);
        checked.refusedToSpectators++;
      }
      assert.equal((await host.refused({ type: 'next-round', seq: lastSeq })).code, 'wrong-phase');
      assert.deepEqual(host.since(hostMark, 'view'), [], 'a spectator changed the room');
      const left = spectator.mark();
      spectator.send({ type: 'leave' });
      await spectator.waitFor('room', () => true, left);
      await host.waitFor('room', (m) => m.room.watchers === 0, hostMark);
      await spectator.close();
    });
  }

  test('tokens and stored secrets are in no frame but their own welcome', async (t) => {
    t.diagnostic(`checked ${JSON.stringify(checked)}`);
    assert.ok(checked.views > 200 && checked.rounds >= CASES.length && checked.tiles > 1000, JSON.stringify(checked));
    assert.ok(checked.hiddenDraws > 0, `no other seat's draw was ever seen: ${JSON.stringify(checked)}`);
    assert.ok(checked.tables > 100 && checked.tableTiles > 100 && checked.refusedToSpectators === CASES.length * 13, JSON.stringify(checked));
    assert.ok(checked.provedDeals >= 2 * CASES.length && checked.ownSeedsUsed > 0, JSON.stringify(checked));
    const tokens = players.map((p) => p.token!);
    assert.equal(new Set(tokens).size, tokens.length);
    const reader = new Database(db, { readonly: true });
    const stored = (reader.prepare('SELECT snapshot FROM room_snapshots').all() as { snapshot: string }[]).map((row) => JSON.parse(row.snapshot) as RoomState);
    // A seat's token hash is in the snapshot, or in the log's entry of its join.
    const joined = (reader.prepare('SELECT entry FROM room_journal').all() as { entry: string }[]).map((row) => decodeEntry(row.entry)).flatMap((e) => (e.type === 'join' ? [e.tokenHash] : []));
    reader.close();
    assert.equal(stored.length, CASES.length);
    const secrets = [...stored.flatMap((room) => [room.deals.next.serverSeed, ...room.seats.map((s) => s.tokenHash).filter((h): h is string => h !== null)]), ...joined];
    assert.ok(secrets.length >= CASES.length * 2);
    for (const secret of secrets) for (const token of tokens) assert.ok(!secret.includes(token), 'a token is stored in the clear');
    for (const player of players) {
      player.frames.forEach((frame, i) => {
        const message = player.messages[i]!;
        const where = `${player.label}, frame ${i} (${message.type})`;
        for (const token of tokens) {
          if (!frame.includes(token)) continue;
          assert.equal(token, player.token, `${where} carries another seat's token`);
          assert.equal(message.type, 'welcome', `${where} carries the seat's own token outside its welcome`);
        }
        for (const secret of secrets) assert.ok(!frame.includes(secret), `${where} carries a stored secret`);
        if (message.type === 'room') assert.doesNotMatch(frame, /token|seed/i, `${where}: a room frame names a token or seed`);
      });
      assert.equal(player.frames.filter((f) => f.includes(player.token!)).length, 1, `${player.label}: its token came more than once`);
    }
    // The rooms' keys: in a seat's welcome, and in no other frame to anyone, a spectator above all.
    const keys = stored.flatMap((room) => [room.secrets.invite, room.secrets.watch]).filter((key): key is string => key !== null);
    assert.equal(keys.length, 2 * CASES.length);
    for (const [who, seat] of [...players.map((p) => [p, true] as const), ...spectators.map((p) => [p, false] as const)]) {
      who.frames.forEach((frame, i) => {
        const message = who.messages[i]!;
        for (const key of keys) {
          if (!frame.includes(key)) continue;
          assert.ok(seat && message.type === 'welcome', `${who.label}, frame ${i} (${message.type}) carries a room's key`);
        }
      });
    }
  });
});
