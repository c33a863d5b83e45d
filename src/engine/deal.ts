/** Dealing and who leads (RULES.md §2, §3, §10). */
import { variantRules } from './config.js';
import { RuleError } from './errors.js';
import { shuffleInPlace, type RngState } from './rng.js';
import { ALL_TILES, compareHeaviness, isDouble, parseTile, tileIndex, tileName } from './tiles.js';
import type { Deal, ResolvedConfig, RoundResult, Seat, Tile } from './types.js';

export function handSize(config: ResolvedConfig): number {
  return variantRules(config).handSize[config.players];
}

/** A shuffled deal; advances `rng`. */
export function randomDeal(config: ResolvedConfig, rng: RngState): Deal {
  const tiles = shuffleInPlace(rng, ALL_TILES.slice());
  const size = handSize(config);
  const hands = Array.from({ length: config.players }, (_, s) => tiles.slice(s * size, (s + 1) * size));
  return { hands, boneyard: tiles.slice(config.players * size) };
}

/** Checks an explicit deal from outside: every tile exactly once, hands of the variant's size. */
export function parseDeal(config: ResolvedConfig, deal: unknown): Deal {
  const fail = (message: string): never => {
    throw new RuleError('invalid-deal', message);
  };
  if (typeof deal !== 'object' || deal === null) fail('deal must be an object with hands and boneyard');
  const { hands, boneyard } = deal as { hands?: unknown; boneyard?: unknown };
  if (!Array.isArray(hands) || hands.length !== config.players) fail(`deal.hands must hold ${config.players} hands`);
  if (!Array.isArray(boneyard)) fail('deal.boneyard must be a list of tiles');
  const size = handSize(config);
  const seen = new Set<number>();
  const take = (value: unknown): Tile => {
    const tile = parseTile(value, 'invalid-deal', 'a dealt tile');
    if (seen.has(tileIndex(tile))) fail(`tile ${tileName(tile)} is dealt twice`);
    seen.add(tileIndex(tile));
    return tile;
  };
  const parsedHands = (hands as unknown[]).map((hand, seat) => {
    if (!Array.isArray(hand) || hand.length !== size) fail(`hand ${seat} must hold ${size} tiles in ${config.variant}`);
    return (hand as unknown[]).map(take);
  });
  const parsedBoneyard = (boneyard as unknown[]).map(take);
  if (seen.size !== ALL_TILES.length) fail(`a deal must use all ${ALL_TILES.length} tiles, got ${seen.size}`);
  return { hands: parsedHands, boneyard: parsedBoneyard };
}

export interface Opening {
  leader: Seat;
  /** The tile the leader must lead, or null for any tile. */
  lead: Tile | null;
}

/** The holder of the highest double and that double, or null when no hand holds one. */
function highestDouble(hands: readonly Tile[][]): Opening | null {
  let best: Opening | null = null;
  hands.forEach((hand, seat) => {
    for (const tile of hand) {
      if (isDouble(tile) && (best === null || tile[0] > best.lead![0])) best = { leader: seat, lead: tile };
    }
  });
  return best;
}

function heaviestTile(hands: readonly Tile[][]): Opening {
  let best: Opening | null = null;
  hands.forEach((hand, seat) => {
    for (const tile of hand) {
      if (best === null || compareHeaviness(tile, best.lead!) < 0) best = { leader: seat, lead: tile };
    }
  });
  return best!;
}

/** The seat that leads after `previous`: its winner, or after a round nobody won, the seat after its opener. */
function nextLeader(config: ResolvedConfig, previous: { leader: Seat; result: RoundResult | null }): Seat {
  return previous.result?.winner ?? (previous.leader + 1) % config.players;
}

/**
 * Who leads this deal, and with which tile; null when the deal must be thrown in (no double where a
 * double must open).
 */
export function chooseOpening(
  config: ResolvedConfig,
  hands: readonly Tile[][],
  previous: { leader: Seat; result: RoundResult | null } | null,
): Opening | null {
  const mode = previous === null ? 'highestDouble' : config.houseRules.laterRoundLead;
  if (mode === 'winnerAnyTile') return { leader: nextLeader(config, previous!), lead: null };
  if (mode === 'previousWinnerMustLeadDouble') {
    const leader = nextLeader(config, previous!);
    const own = highestDouble([hands[leader]!]);
    if (own) return { leader, lead: own.lead };
  }
  const double = highestDouble(hands);
  if (double) return double;
  return config.houseRules.noDoubleOpening === 'redeal' ? null : heaviestTile(hands);
}
