/**
 * The test vectors of docs/PROTOCOL.md "Provable deals", read from the document itself: the engine
 * gives each of them, and so does a second implementation written from the document's text alone
 * (below, node:crypto and 32-bit arithmetic, nothing of the engine), so that the text is enough to
 * recompute a deal without this project's code.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createMatch, dealSeedMessage, dealSeedOf, resolveConfig, seededDeal, sha256Hex, tileName, type Tile, type Variant } from '../../src/engine/index.js';
import { nextUint32, seedRng } from '../../src/engine/rng.js';

interface Vector {
  variant: Variant;
  players: 2 | 3 | 4;
  match: number;
  round: number;
  redeals: number;
  serverSeed: string;
  clientSeeds: (string | null)[];
  commitment: string;
  message: string;
  dealSeed: string;
  generator: number[];
  firstOutputs: number[];
  hands: string[][];
  boneyard: string[];
}

/** The JSON blocks of the section "Test vectors" of docs/PROTOCOL.md. */
function vectorsOfTheDocument(): Vector[] {
  const text = readFileSync(new URL('../../docs/PROTOCOL.md', import.meta.url), 'utf8');
  const start = text.indexOf('\n### Test vectors\n');
  assert.ok(start >= 0, 'docs/PROTOCOL.md has no section "Test vectors"');
  const next = text.indexOf('\n#', start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((block) => JSON.parse(block[1]!) as Vector);
}

const names = (tiles: readonly Tile[]) => tiles.map(tileName);
const vectors = vectorsOfTheDocument();

describe('the test vectors of docs/PROTOCOL.md "Provable deals"', () => {
  it('are there: four deals, one of them thrown in, every variant', () => {
    assert.equal(vectors.length, 4);
    assert.ok(vectors.some((v) => v.redeals > 0));
    assert.deepEqual(new Set(vectors.map((v) => v.variant)), new Set(['draw', 'block', 'fives', 'doubles']));
  });

  for (const [i, v] of vectors.entries()) {
    it(`vector ${i + 1} (${v.variant}, ${v.players} players, round ${v.round}): the engine deals it`, async () => {
      assert.equal(await sha256Hex(v.serverSeed), v.commitment);
      assert.equal(dealSeedMessage(v), v.message);
      assert.equal(await dealSeedOf(v), v.dealSeed);
      const state = seedRng(v.dealSeed);
      assert.deepEqual(state, v.generator);
      assert.deepEqual([nextUint32(state), nextUint32(state), nextUint32(state)], v.firstOutputs);
      const deal = seededDeal(resolveConfig({ variant: v.variant, players: v.players }), v.dealSeed, v.redeals);
      assert.deepEqual(deal.hands.map(names), v.hands);
      assert.deepEqual(names(deal.boneyard), v.boneyard);
      // A match dealt from the seed, as the room server deals a match's first round: the same deal, thrown in as often.
      const match = createMatch({ variant: v.variant, players: v.players, seed: v.dealSeed });
      assert.equal(match.round.redeals, v.redeals);
      assert.deepEqual(match.hands.map(names), v.hands);
      assert.deepEqual(names(match.boneyard), v.boneyard);
    });

    it(`vector ${i + 1}: recomputed from the document alone`, () => {
      const byHand = dealFromTheDocument(v);
      assert.deepEqual(byHand, {
        commitment: v.commitment,
        message: v.message,
        dealSeed: v.dealSeed,
        generator: v.generator,
        firstOutputs: v.firstOutputs,
        hands: v.hands,
        boneyard: v.boneyard,
      });
    });
  }

  it('a vector changed by one character no longer matches (the comparison can fail)', () => {
    const v = vectors[0]!;
    const other = { ...v, clientSeeds: v.clientSeeds.map((s) => s && `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`) };
    const byHand = dealFromTheDocument(other);
    assert.notEqual(byHand.dealSeed, v.dealSeed);
    assert.notDeepEqual([byHand.hands, byHand.boneyard], [v.hands, v.boneyard]);
  });
});

// ---- docs/PROTOCOL.md "The deal, step by step", implemented from its text ------------------------

const HAND_SIZE: Record<string, number[]> = { draw: [0, 0, 7, 5, 5], fives: [0, 0, 7, 5, 5], block: [0, 0, 7, 7, 7], doubles: [0, 0, 8, 6, 6] };

/** The low 32 bits of a × b, unsigned. */
const mul32 = (a: number, b: number): number => Math.imul(a, b) >>> 0;
const u32 = (x: number): number => x >>> 0;

function dealFromTheDocument(v: Pick<Vector, 'variant' | 'players' | 'match' | 'round' | 'redeals' | 'serverSeed' | 'clientSeeds'>) {
  // 1. The commitment: SHA-256 of the 32 bytes.
  const key = Buffer.from(v.serverSeed, 'hex');
  const commitment = createHash('sha256').update(key).digest('hex');
  // 2. The deal seed: HMAC-SHA-256 keyed by the 32 bytes over the ASCII message.
  const message = `domino-deal/1/${v.match}/${v.round}/${v.clientSeeds.map((s) => s ?? '').join(',')}`;
  const dealSeed = createHmac('sha256', key).update(Buffer.from(message, 'ascii')).digest('hex');
  // 3. cyrb128 over the 64 characters.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (const character of dealSeed) {
    const k = character.charCodeAt(0);
    h1 = u32(h2 ^ mul32(u32(h1 ^ k), 597399067));
    h2 = u32(h3 ^ mul32(u32(h2 ^ k), 2869860233));
    h3 = u32(h4 ^ mul32(u32(h3 ^ k), 951274213));
    h4 = u32(h1 ^ mul32(u32(h4 ^ k), 2716044179));
  }
  h1 = mul32(u32(h3 ^ (h1 >>> 18)), 597399067);
  h2 = mul32(u32(h4 ^ (h2 >>> 22)), 2869860233);
  h3 = mul32(u32(h1 ^ (h3 >>> 17)), 951274213);
  h4 = mul32(u32(h2 ^ (h4 >>> 19)), 2716044179);
  let [a, b, c, d] = [u32(h1 ^ h2 ^ h3 ^ h4), u32(h2 ^ h1), u32(h3 ^ h1), u32(h4 ^ h1)];
  // 4. sfc32, its first 12 outputs thrown away.
  const next = (): number => {
    const t = u32(a + b + d);
    d = u32(d + 1);
    a = u32(b ^ (b >>> 9));
    b = u32(c + u32(c << 3));
    c = u32(u32((c << 21) | (c >>> 11)) + t);
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  const generator = [a, b, c, d];
  const saved = [a, b, c, d];
  const firstOutputs = [next(), next(), next()];
  [a, b, c, d] = saved;
  // 5. Below n, by rejection.
  const below = (n: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
  // 6.–7. The 28 tiles in order, shuffled from the end; 9. once more per redeal, from the same order.
  let tiles: string[] = [];
  for (let shuffle = 0; shuffle <= v.redeals; shuffle++) {
    tiles = [];
    for (let high = 0; high <= 6; high++) for (let low = 0; low <= high; low++) tiles.push(`${high}-${low}`);
    for (let i = 27; i >= 1; i--) {
      const j = below(i + 1);
      [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
    }
  }
  // 8. The cut.
  const size = HAND_SIZE[v.variant]![v.players]!;
  const hands = Array.from({ length: v.players }, (_, seat) => tiles.slice(seat * size, seat * size + size));
  return { commitment, message, dealSeed, generator, firstOutputs, hands, boneyard: tiles.slice(v.players * size) };
}
