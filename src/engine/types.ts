/** The vocabulary of the rules (docs/RULES.md). Every state type here is plain JSON. */

export type Pip = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** A domino. Either order is accepted as input; the engine returns it higher half first. */
export type Tile = readonly [Pip, Pip];
export type Variant = 'draw' | 'block' | 'fives' | 'doubles';
export type PlayerCount = 2 | 3 | 4;
/** A seat index, 0-based, in turn order. */
export type Seat = number;

/** The house-rule options of RULES.md, spelled as there. */
export interface HouseRules {
  /** §2: tiles that stay in the boneyard and are never drawn. Doubles: always 2. */
  boneyardReserve: 0 | 2;
  /** §2: what a seat without a legal play does. Doubles defaults to drawOne. */
  drawMode: 'untilPlayable' | 'drawOne';
  /** §4 (All Fives): does the spinner stop counting once both long sides hold a tile? */
  spinnerCounting: 'stopWhenLongSidesFilled' | 'sniff';
  /** §5 (Doubles): may a spinner's short sides take tiles before both long sides do? */
  spinnerSideOrder: 'anySide' | 'longSidesFirst';
  /** §5 (Doubles): what an unlocked number means. */
  doublesUnlock: 'perNumber' | 'spinnerOnly';
  /** §6: the award of a blocked round. */
  blockedAward: 'othersMinusOwn' | 'othersOnly';
  /** §6: a tie for the lowest hand in a blocked round. */
  blockedTie: 'noScoreNextOpens' | 'fewerTilesWins';
  /** §6 (All Fives): how round awards are rounded to a multiple of 5. */
  fivesRounding: 'perOpponent' | 'roundAward';
  /** §7: who wins a blocked partnership round. */
  partnerBlocked: 'teamTotals' | 'lowestHand';
  /** §3: a first deal in which no hand holds a double. */
  noDoubleOpening: 'heaviest' | 'redeal';
  /** §3: who leads rounds after the first, and with what. */
  laterRoundLead: 'winnerAnyTile' | 'highestDouble' | 'previousWinnerMustLeadDouble';
}

export interface MatchConfig {
  variant: Variant;
  players: PlayerCount;
  /** The score that wins the match (§1). Defaults per variant. */
  target?: number;
  /** 4-player partnerships: seats 0+2 against 1+3 (§7). */
  teams?: boolean;
  houseRules?: Partial<HouseRules>;
  /** Reproduces every deal of the match. Without it, deals come from crypto.getRandomValues. */
  seed?: number | string;
  /** An explicit first deal (tests, puzzles). boneyard[0] is drawn first. */
  deal?: Deal;
}

export interface Deal {
  hands: Tile[][];
  boneyard: Tile[];
}

/** The configuration with every default filled in. Holds nothing secret. */
export interface ResolvedConfig {
  variant: Variant;
  players: PlayerCount;
  target: number;
  teams: boolean;
  houseRules: HouseRules;
}

/**
 * A tile on the table. `tile` is as laid: for the lead [higher, lower] (higher half to the left),
 * otherwise [the half against the end, the outer half].
 */
export interface Placement {
  tile: Tile;
  /** The open end it was laid on, or 'lead'. It continues that end's arm under the same id. */
  end: string;
  seat: Seat;
  /** A double laid crosswise; in All Fives the first, in Doubles every one, is a spinner too. */
  double: boolean;
  spinner: boolean;
}

/** A place a tile can be laid: `pip` is the number showing there. */
export interface OpenEnd {
  id: string;
  pip: Pip;
  /** Index in `table` of the tile that offers this end (the arm's outermost tile). */
  from: number;
}

export type Move =
  | { type: 'play'; tile: Tile; end: string }
  | { type: 'draw' }
  | { type: 'pass' };

/** A move as `legalMoves` returns it: plays also say what shows at the end and, in All Fives, the points. */
export type LegalMove =
  | { type: 'play'; tile: Tile; end: string; pip: Pip | null; points?: number }
  | { type: 'draw' }
  | { type: 'pass' };

/** A legal move that lays a tile. */
export type Play = Extract<LegalMove, { type: 'play' }>;

/** The round's move log. `showing` lists the numbers at the open ends when a seat drew or passed. */
export type LogEntry =
  | { seat: Seat; type: 'play'; tile: Tile; end: string; pip: Pip | null; points: number }
  | { seat: Seat; type: 'draw'; tile: Tile; showing: Pip[] }
  | { seat: Seat; type: 'pass'; showing: Pip[] };

/** A log entry as one seat sees it: another seat's drawn tile is not named. */
export type ViewLogEntry =
  | Extract<LogEntry, { type: 'play' | 'pass' }>
  | { seat: Seat; type: 'draw'; tile?: Tile; showing: Pip[] };

export interface RoundResult {
  reason: 'domino' | 'blocked';
  /** The seat that went out, or won the blocked round (and leads next); null when nobody won. */
  winner: Seat | null;
  /** Index into `scores` of the side that won, or null. */
  side: number | null;
  /** The award added to that side (0 when a match won in play ended the round). */
  points: number;
  /** Pips left in each seat's hand. */
  pips: number[];
}

export interface RoundState {
  /** 1-based. */
  number: number;
  /** The seat that leads (opened) this round. */
  leader: Seat;
  /** The tile the leader must lead, or null when any tile may lead. */
  lead: Tile | null;
  /** Tiles the seat to act has drawn this turn. */
  drawn: number;
  /** How many deals were thrown in because no hand held a double (§3, Doubles). */
  redeals: number;
  result: RoundResult | null;
}

/** What a MatchState and every seat's PlayerView share (a view shows the round's lead to its leader only, until laid). */
export interface PublicMatchState {
  config: ResolvedConfig;
  /** The seat to act, or null when nobody is to act (round or match over). */
  turn: Seat | null;
  table: Placement[];
  openEnds: OpenEnd[];
  /** The All Fives count of the table now (§4); 0 in other variants. */
  count: number;
  /** Per seat, or per team (team 0 = seats 0 and 2). */
  scores: number[];
  round: RoundState;
  /** The side (seat, or team) that won the match, or null. Not `winner`: that is a seat (RoundResult). */
  winningSide: number | null;
}

export interface MatchState extends PublicMatchState {
  /** The format of this object, for saved games (upgrade.ts reads the older ones). */
  version: 2;
  /** The dealing generator's state (secret: it foretells later deals). */
  rng: [number, number, number, number];
  hands: Tile[][];
  /** The stock, next drawn first. In Block, the tiles left out of play. */
  boneyard: Tile[];
  log: LogEntry[];
}

/** Everything one seat may see, and nothing else. */
export interface PlayerView extends PublicMatchState {
  seat: Seat;
  hand: Tile[];
  handCounts: number[];
  boneyardCount: number;
  /** Tiles that may still be drawn (0 in Block and once only the reserve is left). */
  drawable: number;
  log: ViewLogEntry[];
  /**
   * Every hand (and in Block the tiles left out), once the round or match is over; else null. `deal`:
   * the round as it was dealt (each seat's hand, the stock in the order it was to be drawn), so a
   * provable deal can be checked (`verifyDeal`).
   */
  revealed: { hands: Tile[][]; aside: Tile[]; deal: Deal } | null;
}

/** What someone watching the table may see: a view with no seat of its own and no hand. */
export type SpectatorView = Omit<PlayerView, 'seat' | 'hand'> & { seat: null; hand: [] };
