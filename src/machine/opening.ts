/**
 * A match's opening as the statechart plays it, without an actor: the deal while the tempo's deal pause
 * runs (the machine's state `dealing`), then the first turn, and what the people at the table do before
 * any computer moves, taken by the machine's own pure step (step.ts). A host that shows the deal before
 * xstate and the statechart have loaded (the widget's first screen: their chunk arrives just after it)
 * renders an opening through the selectors as it would a snapshot, then hands the match over to an actor
 * that skips the deal it showed (the machine's guard `isOpeningShown`, provided as `isOpening`) and
 * takes the same intents again. The context is the machine's own (`initialContext`: the same input
 * deals the same tiles); test/machine/opening.test.ts keeps the tags, the events and the refusals in step
 * with the machine's. Imported through machine/light.ts, the door without xstate.
 */
import { applyMove, isMatchOver, legalMoves, type LegalMove } from '../engine/index.js';
import { initialContext } from './context.js';
import { moveEvents, turnEvent } from './domain-events.js';
import { MOVE_INTENTS } from './intents.js';
import { DEALING_REJECTION, rejection } from './rejections.js';
import type { MatchShown } from './selectors.js';
import { stepMatch } from './step.js';
import { TEMPO_DELAYS } from './tempo.js';
import type { MatchContext, MatchEmitted, MatchEvent, MatchInput } from './types.js';

export interface MatchOpening extends MatchShown {
  /** The tiles are going round (the tempo's deal pause); false from the first turn on. */
  readonly dealing: boolean;
}

/** The tags of the state the machine's `route` picks for `context`. */
function routeTags({ game, seats }: MatchContext): string[] {
  if (isMatchOver(game)) return ['matchOver'];
  if (game.round.result !== null) return ['roundOver'];
  const kind = game.turn === null ? null : seats[game.turn];
  // As `route` does: a seat that is neither a person's nor a computer's waits for a remote move.
  return ['playing', kind === 'human' ? 'humanTurn' : kind === 'computer' ? 'computerTurn' : 'remoteTurn'];
}

function openingOf(context: MatchContext, dealing: boolean): MatchOpening {
  const tags = dealing ? ['dealing'] : routeTags(context);
  return { context, dealing, hasTag: (tag) => tags.includes(tag) };
}

/** How long the deal shows before the first turn, in ms (0: the first turn comes at once). */
export function dealPauseOf(opening: MatchOpening): number {
  return TEMPO_DELAYS[opening.context.tempo].deal;
}

/**
 * A new match with `input`, as the machine starts it: dealing, or at its first turn when the tempo has no
 * deal pause. Invalid input throws, as the machine's does.
 */
export function openMatch(input: MatchInput): MatchOpening {
  const context = initialContext(input);
  return openingOf(context, TEMPO_DELAYS[context.tempo].deal > 0);
}

/** The opening once the deal pause is over: at its first turn. */
export function dealtOpening(opening: MatchOpening): MatchOpening {
  return opening.dealing ? openingOf(opening.context, false) : opening;
}

/** What the machine emits as it enters the opening's first turn: whose turn it is. */
export function openingTurn(opening: MatchOpening): MatchEmitted[] {
  const turn = opening.hasTag('playing') ? turnEvent(opening.context.game, opening.context.seats) : null;
  return turn ? [turn] : [];
}

/**
 * The lead a computer makes at the opening's first turn when the rules leave it no choice (a match's
 * first lead is the highest double dealt, else the heaviest tile: RULES.md §3), so that the opening can
 * lay it as the machine would, after the tempo's move pause, without a computer player or the
 * statechart. Null when the first turn is not a computer's or it has a choice.
 */
export function forcedOpeningLead(opening: MatchOpening): LegalMove | null {
  if (opening.dealing || !opening.hasTag('computerTurn') || !isOpening(opening.context)) return null;
  const moves = legalMoves(opening.context.game);
  return moves.length === 1 ? moves[0]! : null;
}

/** How long a computer's move shows before it is laid, in ms (the tempo's move pause). */
export function movePauseOf(opening: MatchOpening): number {
  return TEMPO_DELAYS[opening.context.tempo].move;
}

/**
 * The opening once its computer has laid its forced lead (`forcedOpeningLead`), with what the machine
 * emits as it does: the move, then whose turn it is. An actor that takes the match over from there is
 * told so (the machine's guard `isOpeningLeadShown`) and lays the same lead at once.
 */
export function openingLeadLaid(opening: MatchOpening): { opening: MatchOpening; emitted: MatchEmitted[] } {
  const lead = forcedOpeningLead(opening);
  if (!lead) throw new Error('the opening has no forced lead to lay');
  const { context } = opening;
  const game = applyMove(context.game, lead);
  const laid = openingOf({ ...context, game, decision: null }, false);
  return { opening: laid, emitted: [...moveEvents(context.game, game), ...openingTurn(laid)] };
}

/** An intent the opening took. */
export interface OpeningStep {
  opening: MatchOpening;
  /** What the machine emits as it takes it. */
  emitted: MatchEmitted[];
  /** It was refused: the opening changed nothing but the rejection it shows. */
  refused: boolean;
  /**
   * Whether an actor that takes the match over (it starts at the first turn) is sent it again to come
   * to the same state: all but a move refused while dealing, which changes nothing it keeps.
   */
  forActor: boolean;
}

/**
 * `event` sent to the opening, taken as the machine takes it: refused (the rejection recorded), or
 * applied with the events the machine emits (a person's move, a setting, an undo). Null for what only
 * the actor can take: an accepted new match or round is dealt, after the deal pause, in its states.
 */
export function stepOpening(opening: MatchOpening, event: MatchEvent): OpeningStep | null {
  const { context, dealing } = opening;
  if (dealing && (MOVE_INTENTS as readonly string[]).includes(event.type)) {
    const refused = rejection(DEALING_REJECTION.code, DEALING_REJECTION.message, event);
    return { opening: openingOf({ ...context, rejection: refused }, true), emitted: [], forActor: false, refused: true };
  }
  const step = stepMatch(context, event);
  if (!step.ok) return { opening: openingOf({ ...context, rejection: step.rejection }, dealing), emitted: [], forActor: true, refused: true };
  if (event.type === 'NEW_MATCH' || event.type === 'NEXT_ROUND') return null;
  return { opening: openingOf(step.context, dealing), emitted: step.emitted, forActor: true, refused: false };
}

/**
 * Whether `context` is at its match's first deal, the one an opening shows: the first match of an actor,
 * its first round, nothing played. Later deals (a new round, a new match) pause in the actor.
 */
export function isOpening({ matchNumber, game }: MatchContext): boolean {
  return matchNumber === 1 && game.round.number === 1 && game.log.length === 0;
}
