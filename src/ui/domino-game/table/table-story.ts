/**
 * What the table shows of what just happened, kept by the root: each seat's last play (marked on the
 * table until that seat moves again), a short line saying the last thing that happened, where a tile
 * laid came from (so the board can fly it in), and the tile under a dragging finger.
 */
import { render, type ReactiveControllerHost } from 'lit';
import type { Tile } from '../../../engine/index.js';
import type { Translator } from '../../../i18n/index.js';
import type { SeatMark } from '../../domino-board/domino-board.js';
import { seatName, seatTag } from '../../names.js';
import type { MatchEmitted, SessionState } from '../../session/session.js';
import type { ShownMatchNews } from '../shown-match.js';
import { renderTile } from '../../tile/tile.js';

/** A tile whichever way round: a move names it higher half first, the table as laid. */
const key = ([a, b]: Tile): string => (a > b ? `${a}-${b}` : `${b}-${a}`);

export class TableStory {
  /** The last thing that happened, as the live region said it. */
  line = '';
  /** Each seat's last play, by seat: the tile, while that seat has not moved since. */
  private readonly lastPlays = new Map<number, string>();
  /** Where your tile was when you played it (the hand, or where you dropped it), until the board asks. */
  private from: DOMRect | null = null;
  /** Where a dragged tile was let go. */
  private dropped: DOMRect | null = null;

  private readonly host: ReactiveControllerHost & HTMLElement;

  constructor(host: { element: ReactiveControllerHost & HTMLElement } & Pick<ShownMatchNews, 'onMatchEvent'>) {
    this.host = host.element;
    host.onMatchEvent((event) => this.heard(event));
  }

  /** An event of the match, as it comes: a seat's move moves its mark. */
  private heard(event: MatchEmitted): void {
    if (event.type !== 'move') return;
    const { seat, move } = event;
    if (move.type === 'play') this.lastPlays.set(seat, key(move.tile));
    else this.lastPlays.delete(seat);
    this.host.requestUpdate();
  }

  /** What the live region said of an event (in the events' order, once its words are at hand): the line shows it. */
  said(event: MatchEmitted, text: string): void {
    if (event.type === 'turn') return;
    this.line = event.type === 'score' ? `${this.line} ${text}` : text;
    this.host.requestUpdate();
  }

  /** Each seat's last play on the table now (a tile of an earlier round, or laid by another seat, is not one). */
  marks(t: Translator, state: SessionState): SeatMark[] {
    const marks: SeatMark[] = [];
    state.view.table.forEach((placement, index) => {
      if (this.lastPlays.get(placement.seat) !== key(placement.tile)) return;
      const name = seatName(t, placement.seat, state);
      marks.push({ index, name, tag: seatTag(name) });
    });
    return marks;
  }

  /** You are about to play a tile that is at `rect` in your hand (unless you just dropped it elsewhere). */
  playing(rect: DOMRect | null | undefined): void {
    this.from = this.dropped ?? rect ?? null;
    this.dropped = null;
  }

  /** Where a seat's tile comes from: yours from your hand, another's from its chip in the players' line. */
  origin(state: SessionState): (seat: number) => DOMRect | null {
    return (seat) => {
      if (seat === state.seat) {
        const from = this.from;
        this.from = null;
        return from;
      }
      const chips = this.host.shadowRoot?.querySelectorAll('.players .player');
      return chips?.[seat]?.getBoundingClientRect() ?? null;
    };
  }

  /** The dragged image: the tile itself, upright, under the pointer. */
  drag(ghost: HTMLElement, tile: Tile, at: { clientX: number; clientY: number }): void {
    if (ghost.hidden) render(renderTile(tile, { vertical: true }), ghost);
    ghost.hidden = false;
    ghost.style.transform = `translate(${at.clientX}px, ${at.clientY}px)`;
  }

  /** The drag ends over the table: a play of it flies from where the tile was let go. */
  drop(ghost: HTMLElement): void {
    this.dropped = ghost.hidden ? null : ghost.getBoundingClientRect();
    ghost.hidden = true;
  }
}
