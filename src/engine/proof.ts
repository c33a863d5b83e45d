/**
 * Provable deals (docs/PROTOCOL.md "Provable deals"), version 1. Before a round the dealer publishes
 * `commitment` = SHA-256 of a fresh 32-byte secret (`serverSeed`, hex); each person adds a seed of
 * their own; the deal's seed is HMAC-SHA-256 keyed by the secret over `dealSeedMessage(…)` (hex),
 * which seeds the engine's generator; the round's tiles are its first shuffle (and one more per
 * redeal). At the round's end the secret is revealed, and anyone holding the round-end view can check
 * that the dealer could not have chosen the deal after seeing the people's seeds.
 *
 * Both sides share the encoding and the shuffle here; the hashing itself is Web Crypto's
 * (`globalThis.crypto.subtle`: browsers, Node 20), so the dealer may hash synchronously with its own.
 */
import { randomDeal } from './deal.js';
import { seedRng } from './rng.js';
import { tileIndex } from './tiles.js';
import type { Deal, MatchState, PlayerView, ResolvedConfig, Seat, SpectatorView, Tile } from './types.js';

export const DEAL_PROOF_VERSION = 1;

/** A 32-byte value in lowercase hex: a server seed, a person's seed, a commitment. */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;

/** What the dealer reveals at a round's end: enough to derive the round's deal again. */
export interface DealProof {
  version: typeof DEAL_PROOF_VERSION;
  /** The match of the room (1, 2, …) and the round in it that was dealt. */
  match: number;
  round: number;
  /** SHA-256 of the server seed's 32 bytes, hex, published before the deal. */
  commitment: string;
  /** The secret, revealed at the round's end, hex. */
  serverSeed: string;
  /** Each seat's seed, hex, or null: a computer, or a person whose seed did not come before the deal. */
  clientSeeds: (string | null)[];
}

/** The canonical text the deal's HMAC is taken over: `domino-deal/1/<match>/<round>/<seed of seat 0>,<seat 1>,…` ('' for none). */
export function dealSeedMessage(proof: Pick<DealProof, 'match' | 'round' | 'clientSeeds'>): string {
  return `domino-deal/${DEAL_PROOF_VERSION}/${proof.match}/${proof.round}/${proof.clientSeeds.map((s) => s ?? '').join(',')}`;
}

/** The deal a deal seed (the HMAC's hex) gives: the first shuffle of its generator, and one more per redeal. */
export function seededDeal(config: ResolvedConfig, dealSeed: string, redeals: number): Deal {
  const rng = seedRng(dealSeed);
  let deal = randomDeal(config, rng);
  for (let i = 0; i < redeals; i++) deal = randomDeal(config, rng);
  return deal;
}

/** `state` with its generator seeded by `dealSeed`, so that its next round is that seed's deal. */
export function withDealSeed(state: MatchState, dealSeed: string): MatchState {
  return { ...state, rng: seedRng(dealSeed) };
}

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array((text.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

/** SHA-256 of a hex value's bytes, hex (Web Crypto). */
export async function sha256Hex(valueHex: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', fromHex(valueHex)));
}

/** The deal seed of a proof: HMAC-SHA-256 keyed by the server seed's bytes over `dealSeedMessage`, hex (Web Crypto). */
export async function dealSeedOf(proof: Pick<DealProof, 'serverSeed' | 'match' | 'round' | 'clientSeeds'>): Promise<string> {
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', fromHex(proof.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await subtle.sign('HMAC', key, new TextEncoder().encode(dealSeedMessage(proof))));
}

export type DealCheck = { ok: true } | { ok: false; reason: string };

const sortedNames = (tiles: readonly Tile[]): string => tiles.map(tileIndex).sort((a, b) => a - b).join(',');
const sameTiles = (a: readonly Tile[], b: readonly Tile[]): boolean => sortedNames(a) === sortedNames(b);

/**
 * Checks a round-end view against the proof revealed with it: the secret matches the commitment made
 * before the deal, the revealed deal is exactly the one the secret and the people's seeds give, and it
 * is the deal this round was played from (every tile a seat held at the end or played was dealt to it,
 * or drawn by it from the stock's head). `dealtHand`: the hand this seat was dealt, as it saw it at the
 * round's start, when it has it; `ownSeed`: the seed this seat sent for the round, to be found there.
 */
export async function verifyDeal(
  view: PlayerView | SpectatorView,
  proof: DealProof,
  options: { dealtHand?: readonly Tile[]; ownSeed?: string } = {},
): Promise<DealCheck> {
  const fail = (reason: string): DealCheck => ({ ok: false, reason });
  if (proof.version !== DEAL_PROOF_VERSION) return fail(`unknown proof version ${String(proof.version)}`);
  const { revealed, config, round } = view;
  if (!revealed) return fail('the round is not over: nothing is revealed');
  if (!SEED_PATTERN.test(proof.serverSeed) || !SEED_PATTERN.test(proof.commitment)) return fail('the seed or the commitment is not 32 bytes of hex');
  if (proof.round !== round.number) return fail(`the proof is for round ${proof.round}, the view's round is ${round.number}`);
  if (proof.clientSeeds.length !== config.players || proof.clientSeeds.some((s) => s !== null && !SEED_PATTERN.test(s))) return fail('the seeds are not one per seat');
  if ((await sha256Hex(proof.serverSeed)) !== proof.commitment) return fail('the revealed seed is not the one committed to');
  const seat = view.seat;
  if (options.ownSeed !== undefined && seat !== null && proof.clientSeeds[seat] !== options.ownSeed) return fail('this seat’s seed was not used');
  const expected = seededDeal(config, await dealSeedOf(proof), round.redeals);
  const { deal } = revealed;
  if (deal.hands.length !== expected.hands.length || expected.hands.some((hand, s) => !sameTiles(hand, deal.hands[s] ?? []))) return fail('the hands dealt are not the seeds’ deal');
  if (sortedNames(deal.boneyard) !== sortedNames(expected.boneyard) || deal.boneyard.some((tile, i) => tileIndex(tile) !== tileIndex(expected.boneyard[i]!))) {
    return fail('the stock is not the seeds’ deal');
  }
  if (options.dealtHand && seat !== null && !sameTiles(options.dealtHand, expected.hands[seat]!)) return fail('this seat was dealt other tiles');
  return playedFrom(view, deal) ? { ok: true } : fail('the round was not played from the revealed deal');
}

/** Whether the round's public record fits the deal: each seat's tiles (held and played) were dealt to it or drawn by it. */
function playedFrom(view: PlayerView | SpectatorView, deal: Deal): boolean {
  const draws = view.log.filter((e) => e.type === 'draw');
  const stockHead = new Set(deal.boneyard.slice(0, draws.length).map(tileIndex));
  return view.revealed!.hands.every((held, s: Seat) => {
    const dealt = new Set((deal.hands[s] ?? []).map(tileIndex));
    const played = view.log.flatMap((e) => (e.type === 'play' && e.seat === s ? [e.tile] : []));
    const notDealt = [...held, ...played].filter((tile) => !dealt.has(tileIndex(tile)));
    const drew = draws.filter((e) => e.seat === s).length;
    return notDealt.length <= drew && notDealt.every((tile) => stockHead.has(tileIndex(tile)));
  });
}
