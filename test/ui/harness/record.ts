import type { MatchRecord } from '../../../src/engine/index.js';
import { BoardHarness } from './board.js';
import { all, one, textOf } from './query.js';

/** Under the match's summary: the record of the match (Replay, Copy, Download) and what they did. */
export class MatchRecordHarness {
  constructor(readonly host: HTMLElement) {}
  /** The record's buttons, or the line that says there is no record; null before either shows. */
  shown = (): HTMLElement | null => one(this.host, '.record-actions, .record-missing');
  buttons = (): HTMLButtonElement[] => all<HTMLButtonElement>(this.host, 'button');
  /** A button by what it does: `replay`, `copy`, `download`. */
  action = (name: 'replay' | 'copy' | 'download'): HTMLButtonElement | null => one<HTMLButtonElement>(this.host, `button[data-action="${name}"]`);
  /** What the last button did ("Copied."…). */
  status = (): string => textOf(one(this.host, '.record-status'));
  /** The match's record, as the element holds it for its buttons. */
  record = (): MatchRecord | null => (this.host as HTMLElement & { record?: MatchRecord | null }).record ?? null;
}

/** Under a round's summary: the fold that reviews your moves. */
export class RoundReviewHarness {
  constructor(readonly host: HTMLElement) {}
  fold = (): HTMLDetailsElement | null => one<HTMLDetailsElement>(this.host, 'details.review');
  /** The fold's heading (opens and closes it). */
  heading = (): HTMLElement | null => one(this.fold(), 'summary');
  /** The first thing under the heading, once opened. */
  firstLine = (): HTMLElement | null => one(this.fold(), 'summary ~ *');
  /** What the review says of itself: working, the totals, nothing to review, missing. */
  status = (): string => textOf(one(this.fold(), '.review-status'));
  /** One line per move reviewed. */
  moves = (): HTMLLIElement[] => all<HTMLLIElement>(this.fold(), 'li.reviewed');
  /** A reviewed move's grade in words. */
  gradeText = (move: HTMLElement): string => textOf(one(move, '.grade'));
  /** A reviewed move's grade as a word the code uses (`best`, `good`, `mistake`). */
  grade = (move: HTMLElement): string | undefined => move.dataset['grade'];
}

/** <domino-replay>: the dialog that steps through a match's record. */
export class ReplayHarness {
  constructor(readonly host: HTMLElement) {}
  openDialog = (): HTMLDialogElement | null => one<HTMLDialogElement>(this.host.shadowRoot, 'dialog[open]');
  /** Where the replay stands ("Round 1, move 3 of 20"). */
  position = (): string => textOf(one(this.host.shadowRoot, '.position'));
  /** What the replay said last. */
  said = (): string => textOf(one(this.host.shadowRoot, '.live'));
  board = (): BoardHarness => new BoardHarness(one(this.host.shadowRoot, 'domino-board')!);
  /** A step button: `first`, `previous`, `next`, `last`, `close`. */
  button = (action: string): HTMLButtonElement | null => one<HTMLButtonElement>(this.host.shadowRoot, `button[data-action="${action}"]`);
}
