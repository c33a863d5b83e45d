/**
 * The vocabulary of the match machine: its input, context, intents (events in) and domain events
 * (events out). Everything that can end up in a persisted snapshot is plain JSON.
 */
import type { Level, Tempo } from '../shared/names.js';
import type {
  LegalMove,
  MatchConfig,
  MatchState,
  Move,
  PlayerView,
  RoundResult,
  RuleErrorCode,
  Seat,
  Tile,
} from '../engine/index.js';

export type { Level, Tempo };

/** Who sits in a seat. The machine treats them alike except for where the move comes from. */
export type SeatKind = 'human' | 'computer' | 'remote';

export interface MatchInput {
  config: MatchConfig;
  /** One entry per seat, in turn order: its length is `config.players`. */
  seats: SeatKind[];
  level: Level;
  tempo: Tempo;
  /**
   * Makes the whole series of matches reproducible: deals (when `config.seed` is absent) and the
   * computer's choices. Without any seed, deals are random.
   */
  seed?: number | string;
  /** The local person may take back their moves of the running round (UNDO); off unless true. */
  undo?: boolean;
}

/** Settings chosen during a match that take effect with the next one (NEW_MATCH). */
export interface Pending {
  level?: Level;
  config?: MatchConfig;
  seats?: SeatKind[];
}

/** Why an intent was refused: the engine's RuleError codes plus the machine's own. */
export type RejectionCode =
  | RuleErrorCode
  /** The seat named (or the seat to act) may not act now through this intent. */
  | 'not-your-turn'
  /** REMOTE_MOVE named a seat that is not a remote seat. */
  | 'not-remote-seat'
  /** The tiles are still being dealt (the pause before play). */
  | 'dealing'
  /** The intent's payload is not what the event requires (beyond what the engine checks). */
  | 'invalid-intent'
  /** The seat list is malformed or does not match the number of players. */
  | 'invalid-seats'
  /** An unknown tempo or level. */
  | 'invalid-setting'
  /** UNDO in a match that does not allow it (a room's, or a site that turned it off). */
  | 'undo-off'
  /** UNDO with no move of the person's in this round to take back (the round has just begun). */
  | 'nothing-to-undo';

export interface Rejection {
  code: RejectionCode;
  message: string;
  /** The refused intent's type and the seat it named: never its payload (a refused tile stays with its sender). */
  intent: { type: string; seat?: number };
}

export interface MatchContext {
  /** The engine state: the single source of game truth. */
  game: MatchState;
  seats: SeatKind[];
  level: Level;
  tempo: Tempo;
  /** The configuration this match was started with (without an explicit `deal`), reused by NEW_MATCH. */
  config: MatchConfig;
  /** The base seed of the series of matches, or null. */
  seed: number | string | null;
  /** 1 for the first match of this actor; each NEW_MATCH adds one (it varies the seeded deals). */
  matchNumber: number;
  pending: Pending;
  /** The last refused intent, until an intent is accepted. */
  rejection: Rejection | null;
  /** The computer's chosen move while the tempo delay still runs; null otherwise. */
  decision: LegalMove | null;
  /** Taking back moves (offline): absent in a match that never allowed it (a room's, one saved before undo existed). */
  undo?: UndoRecord;
}

/** What UNDO may take back: the person's moves of the running round, each with every move after it. */
export interface UndoRecord {
  /** The site allows undo now (CONFIGURE turns it on and off). */
  allowed: boolean;
  /** The engine state before each of the human seats' moves of this round, oldest first. */
  before: MatchState[];
  /** A move was taken back in this match: the statistics count it apart. */
  used: boolean;
}

// ---------------------------------------------------------------------------------------------
// Intents: what the UI (or a network adapter) sends.

export interface PlayIntent {
  type: 'PLAY';
  tile: Tile;
  end: string;
  /** Optional: the seat the UI believes is acting; a mismatch is refused (hot-seat safety). */
  seat?: Seat;
}
export interface DrawIntent {
  type: 'DRAW';
  seat?: Seat;
}
export interface PassIntent {
  type: 'PASS';
  seat?: Seat;
}
export interface RemoteMoveIntent {
  type: 'REMOTE_MOVE';
  seat: Seat;
  move: Move;
}
/** Takes back the person's last move of this round, and the computers' moves after it. */
export interface UndoIntent {
  type: 'UNDO';
  /** Optional: the seat asking; it must be a human seat. */
  seat?: Seat;
}
export interface NextRoundIntent {
  type: 'NEXT_ROUND';
}
export interface NewMatchIntent {
  type: 'NEW_MATCH';
  /** Overrides the pending (or current) configuration. */
  config?: MatchConfig;
  /** Overrides the pending (or current) seats. */
  seats?: SeatKind[];
}
export interface ConfigureIntent {
  type: 'CONFIGURE';
  /** Applies at once. */
  tempo?: Tempo;
  /** These three wait in `pending` for the next match. */
  level?: Level;
  config?: MatchConfig;
  seats?: SeatKind[];
  /** Applies at once: allows UNDO, or no longer. */
  undo?: boolean;
}

export type LocalMoveIntent = PlayIntent | DrawIntent | PassIntent;
export type MatchEvent =
  | PlayIntent
  | DrawIntent
  | PassIntent
  | RemoteMoveIntent
  | UndoIntent
  | NextRoundIntent
  | NewMatchIntent
  | ConfigureIntent;

// ---------------------------------------------------------------------------------------------
// Domain events: what happened in the game, emitted for hosts (`actor.on('move', …)`).

/** A move as everyone may know it: a drawn tile is never named. */
export type PublicMove = { type: 'play'; tile: Tile; end: string } | { type: 'draw' } | { type: 'pass' };

export interface MoveEmitted {
  type: 'move';
  seat: Seat;
  move: PublicMove;
  /** In-play points the move scored (All Fives); 0 otherwise. */
  points: number;
}
export interface ScoreEmitted {
  type: 'score';
  seat: Seat;
  /** Index into `scores` (the seat, or its team). */
  side: number;
  points: number;
  /** The scores right after these points (before any round award of the same move). */
  scores: number[];
}
export interface RoundEndEmitted {
  type: 'roundEnd';
  round: number;
  reason: RoundResult['reason'];
  winner: Seat | null;
  side: number | null;
  points: number;
  scores: number[];
}
export interface MatchEndEmitted {
  type: 'matchEnd';
  /** The winning side (seat, or team); the DOM event calls it `winner`. */
  winningSide: number;
  scores: number[];
}
export interface TurnEmitted {
  type: 'turn';
  seat: Seat;
  /** The seat is a local human: the UI should ask this person for a move. */
  yours: boolean;
}

export type MatchEmitted = MoveEmitted | ScoreEmitted | RoundEndEmitted | MatchEndEmitted | TurnEmitted;

// ---------------------------------------------------------------------------------------------
// Seat players: invoked actors that see one seat's view only.

export interface ComputerPlayerInput {
  view: PlayerView;
  level: Level;
  /** Derived from the match, so a restored match replays the same choice. */
  seed: number;
}

export interface RemotePlayerInput {
  seat: Seat;
  view: PlayerView;
}

export interface PauseInput {
  ms: number;
}
