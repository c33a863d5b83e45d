/**
 * The person's play at the table: choosing a tile, then its place (by click, keyboard or drag), the
 * play itself, and where the focus goes after it (on to your tiles, or to the main button once the round
 * is over and the hand gives its room to the round's end: never lost to the page).
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { tileName, type LegalMove, type Play, type Tile } from '../../engine/index.js';
import { PointerFollowerController } from '../controllers/pointer-follower.js';
import type { InternalEvent } from '../internal-events.js';
import type { Session } from '../session/session.js';
import type { ShownMatchNews } from './shown-match.js';
import type { TableStory } from './table/table-story.js';

/** What the play needs of the root. */
export interface PlayHost extends ShownMatchNews {
  element: ReactiveElement;
  /** Where the match is played now. */
  session(): Session;
  story: Pick<TableStory, 'drag' | 'drop' | 'playing'>;
}

export class PlayController implements ReactiveController {
  private tile: Tile | null = null;
  /** The pointer that carries a dragged tile. */
  private readonly pointer: PointerFollowerController;
  /** Whether the main button had the focus before this render (it may be about to go). */
  private mainHadFocus = false;
  /** Whether your hand had the focus before this render (a round's end hides it). */
  private handHadFocus = false;

  /** The element it renders in. */
  private readonly host: ReactiveElement;

  constructor(private readonly root: PlayHost) {
    this.host = root.element;
    this.host.addController(this);
    this.pointer = new PointerFollowerController(this.host);
    // Your turn again, or another match shown: no tile is being chosen any more.
    root.onMatchEvent((event, state) => {
      if (event.type === 'turn' && event.seat === state.seat) this.stop();
    });
    root.onSwitch(() => this.stop());
  }

  private session(): Session {
    return this.root.session();
  }

  private get story(): PlayHost['story'] {
    return this.root.story;
  }

  /** The tile whose places are being chosen. */
  get choosing(): Tile | null {
    return this.tile;
  }

  private choose(tile: Tile | null): void {
    if (tile === this.tile) return;
    this.tile = tile;
    this.host.requestUpdate();
  }

  private get board() {
    return this.host.renderRoot.querySelector('domino-board');
  }
  private get hand() {
    return this.host.renderRoot.querySelector('domino-hand');
  }
  private get mainButton() {
    return this.host.renderRoot.querySelector<HTMLButtonElement>('button.main');
  }

  /** The focus goes on to your tiles; to the main button (Next round) when none is left to take it. */
  private focusOnward(): void {
    const hand = this.hand;
    if (hand && !hand.hidden && hand.tiles.length > 0) hand.focusTile();
    else this.mainButton?.focus();
  }

  /** The plays of `tile` now (one per place it fits). */
  playsOf(tile: Tile): Play[] {
    const moves: readonly LegalMove[] = this.session().state?.legal ?? [];
    return moves.filter((m): m is Play => m.type === 'play' && tileName(m.tile) === tileName(tile));
  }

  /** The places of the tile being chosen; none while no tile is. */
  places(): Play[] {
    return this.tile ? this.playsOf(this.tile) : [];
  }

  /** No tile is being chosen any more (your turn again, another session). */
  stop(): void {
    this.choose(null);
  }

  readonly onTileChosen = (event: InternalEvent<'tile-chosen'>): void => {
    const { tile, via, pointer } = event.detail;
    const plays = this.playsOf(tile);
    if (plays.length === 0) return;
    if (plays.length === 1 && via === 'click') {
      this.play(plays[0]!);
      return;
    }
    this.choose(tile);
    if (via === 'drag' && pointer) this.followDrag(tile, pointer);
    else void this.host.updateComplete.then(() => this.board?.focusPlace(0));
  };

  readonly onPlaceChosen = (event: InternalEvent<'place-chosen'>): void => {
    this.play(event.detail.move);
  };

  /** Choosing is cancelled: the focus goes back to the tile that was being placed. */
  readonly cancel = (): void => {
    const tile = this.tile;
    this.choose(null);
    if (tile) {
      const index = this.session().state?.view.hand.findIndex((t) => tileName(t) === tileName(tile)) ?? 0;
      this.hand?.focusTile(index);
    }
  };

  /** Escape anywhere in the game cancels choosing. */
  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.tile) {
      event.preventDefault();
      this.cancel();
    }
  };

  /** A dragged tile follows the pointer; dropping it on a place (or anywhere on the table when only one fits) plays it. */
  private followDrag(tile: Tile, start: PointerEvent): void {
    const ghost = this.host.renderRoot.querySelector<HTMLElement>('.ghost');
    const place = (e: PointerEvent) => {
      if (ghost) this.story.drag(ghost, tile, e);
    };
    place(start);
    this.pointer.follow(place, (e) => {
      if (ghost) this.story.drop(ghost);
      if (e.type === 'pointercancel') return;
      const plays = this.playsOf(tile);
      const target = this.board?.placeAt(e.clientX, e.clientY) ?? null;
      if (target) this.play(target);
      else if (plays.length === 1 && this.board?.coversPoint(e.clientX, e.clientY)) this.play(plays[0]!);
      else if (plays.length > 1) void this.board?.focusPlace(0);
      else this.choose(null);
    });
  }

  private play(move: Play): void {
    const hand = this.hand;
    const handHadFocus = hand?.hasFocus || this.board?.matches(':focus-within');
    this.choose(null);
    this.story.playing(hand?.rectOf(move.tile));
    this.session().send({ type: 'play', tile: move.tile, end: move.end });
    if (handHadFocus) void this.host.updateComplete.then(() => this.focusOnward());
  }

  hostUpdate(): void {
    const focused = (this.host.renderRoot as ShadowRoot).activeElement;
    this.mainHadFocus = focused?.matches('button.main') ?? false;
    // The focus inside the hand's own tree shows here as the hand itself.
    this.handHadFocus = focused?.matches('domino-hand') ?? false;
  }

  hostUpdated(): void {
    // Draw, Pass, Next round and New game vanish once used: the focus goes on to your tiles, not the page.
    if (this.mainHadFocus && !this.mainButton) this.hand?.focusTile();
    // The round ended with the focus on a tile you still hold: the hand is hidden now, Next round shows.
    else if (this.handHadFocus && this.hand?.hidden) this.mainButton?.focus();
  }
}
