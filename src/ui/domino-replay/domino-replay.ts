/**
 * A finished match replayed move by move, in a modal dialog over the summary: the table as it was at
 * each step (the engine's replaySteps: the deal of round 1, then the state after each move and deal),
 * every hand face up (the match is over), the scores, a position line, and the step said in the
 * dialog's own live region (what is outside a modal dialog is inert) with the words the game says
 * during play (ui/announcements/). Loaded when first asked for (<domino-match-record>).
 */
import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import { playerView, replaySteps, type MatchRecord, type MatchState } from '../../engine/index.js';
import { ENGLISH, type Translator } from '../../i18n/index.js';
import { moveEvents } from '../../machine/index.js';
import '../domino-board/domino-board.js';
import { seatName, type Seating } from '../names.js';
import type { SessionState } from '../session/session.js';
import { miniTileStyles, renderMiniTiles } from '../tile/mini-tiles.js';
import { tileStyles } from '../tile/tile.styles.js';
import { visuallyHidden } from '../visually-hidden.styles.js';
import { Announcer, announcementOf } from '../announcements/announcements.js';
import { resultAnnouncement } from '../announcements/results.js';

/** Who sat where when no seating is given: the person in seat 0, computers elsewhere. */
const LOCAL_SEATING = (players: number): Seating => ({
  seat: 0,
  seats: Array.from({ length: players }, (_, seat) => ({ seat, name: null, kind: seat === 0 ? 'human' : 'computer', connected: true, away: false })),
});

export class DominoReplay extends LitElement {
  static override styles = [
    tileStyles,
    miniTileStyles,
    css`
      dialog {
        inline-size: min(48em, calc(100vw - 2em));
        max-block-size: calc(100vh - 2em);
        box-sizing: border-box;
        padding: 1em;
        border: none;
        border-radius: 0.75em;
        color: var(--domino-color);
        background: var(--domino-background);
        font-family: var(--domino-font-family, system-ui, sans-serif);
        box-shadow: 0 1em 3em rgba(0, 0, 0, 0.35);
      }
      dialog::backdrop {
        background: rgba(0, 0, 0, 0.45);
      }
      h2 {
        margin: 0 0 0.25em;
        font-size: 1.2em;
      }
      p {
        margin: 0.25em 0;
      }
      .position {
        font-weight: 600;
      }
      .seats {
        display: grid;
        gap: 0.25em;
        margin: 0.5em 0;
        padding: 0;
        list-style: none;
      }
      .seat {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.25em 0.75em;
      }
      .seat.turn .name {
        text-decoration: underline;
      }
      domino-board {
        max-block-size: 45vh;
        margin-inline: auto;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5em;
        justify-content: center;
        margin-block-start: 0.75em;
      }
      button {
        all: unset;
        box-sizing: border-box;
        padding: 0.5em 1em;
        border: 2px solid var(--domino-accent);
        border-radius: 999px;
        color: var(--domino-accent);
        font-weight: 600;
        cursor: pointer;
      }
      button[aria-disabled='true'] {
        opacity: 0.5;
        cursor: default;
      }
      button:focus-visible {
        outline: 3px solid var(--domino-color);
        outline-offset: 3px;
      }
      .help {
        font-size: 0.9em;
        color: var(--domino-muted);
      }
      .live {
        ${visuallyHidden}
      }
    `,
  ];

  static override properties: PropertyDeclarations = {
    t: { attribute: false },
    record: { attribute: false },
    seating: { attribute: false },
    step: { state: true },
  };

  t: Translator = ENGLISH;
  record: MatchRecord | null = null;
  /** Who sat where (names as the game gave them); by default the person in seat 0. */
  seating: Seating | null = null;
  /** The step shown: an index into `steps`. */
  step = 0;
  private stepsOf: { record: MatchRecord; steps: MatchState[] } | null = null;
  private readonly announcer = new Announcer((text) => {
    const live = this.renderRoot.querySelector('.live');
    if (live) live.textContent = text;
  });

  /** Every state of the match in order (replaySteps), made once per record. */
  get steps(): MatchState[] {
    const record = this.record;
    if (!record) return [];
    if (this.stepsOf?.record !== record) this.stepsOf = { record, steps: [...replaySteps(record)] };
    return this.stepsOf.steps;
  }

  /** Opens the dialog at the first step. */
  open(): void {
    this.step = 0;
    this.renderRoot.querySelector('dialog')?.showModal();
    this.announcer.announce(this.positionText(0));
  }

  /** Shows step `index` (kept within the match) and says what happened there. */
  go(index: number): void {
    const last = this.steps.length - 1;
    const next = Math.max(0, Math.min(last, index));
    if (next === this.step) return;
    this.step = next;
    this.announcer.announce(`${this.stepText(next)} ${this.positionText(next)}`);
  }

  private get seatingNow(): Seating {
    return this.seating ?? LOCAL_SEATING(this.record?.config.players ?? 2);
  }

  /** A state as the announcements read it: the person's view of it, after its move. */
  private sessionStateOf(state: MatchState): SessionState {
    const { seat, seats } = this.seatingNow;
    return { phase: 'playing', view: playerView(state, seat), seat, seats: [...seats], legal: [], rejection: null, pending: false };
  }

  /** Where step `index` is: "Round 2, move 14 of 31", or the deal of a round. */
  positionText(index: number): string {
    const state = this.steps[index];
    if (!state || !this.record) return '';
    const round = state.round.number;
    const total = this.record.rounds[round - 1]?.moves.length ?? 0;
    const move = state.log.length;
    return move === 0 ? this.t.t('replayDeal', { round, total }) : this.t.t('replayPosition', { round, move, total });
  }

  /** What happened at step `index`, in the words of play: a deal, or the move and what it scored or ended. */
  stepText(index: number): string {
    const state = this.steps[index];
    const before = this.steps[index - 1];
    if (!state) return '';
    if (!before || state.log.length === 0) return this.t.t('replayDealt', { round: state.round.number });
    const now = this.sessionStateOf(state);
    return moveEvents(before, state)
      .map((event) =>
        event.type === 'roundEnd' || event.type === 'matchEnd' ? resultAnnouncement(this.t, event, now) : announcementOf(this.t, event, now),
      )
      .filter((text) => text)
      .join(' ');
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const rtl = this.t.dir === 'rtl';
    const moves: Record<string, () => number> = {
      ArrowLeft: () => this.step + (rtl ? 1 : -1),
      ArrowRight: () => this.step + (rtl ? -1 : 1),
      Home: () => 0,
      End: () => this.steps.length - 1,
    };
    const to = moves[event.key];
    if (!to || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.go(to());
  };

  private close(): void {
    this.renderRoot.querySelector('dialog')?.close();
  }

  override render() {
    const { t } = this;
    const steps = this.steps;
    const state = steps[this.step];
    const last = steps.length - 1;
    const seating = this.seatingNow;
    const control = (action: string, label: string, to: number, disabled: boolean) =>
      html`<button type="button" data-action=${action} aria-disabled=${disabled ? 'true' : 'false'} @click=${() => this.go(to)}>${label}</button>`;
    return html`<dialog aria-labelledby="replay-title" @keydown=${this.onKeyDown} @close=${this.onClosed}>
      <h2 id="replay-title">${t.t('replayTitle')}</h2>
      <p class="position">${this.positionText(this.step)}</p>
      ${state
        ? html`<ul class="seats">
              ${state.hands.map((hand, seat) => {
                const name = seatName(t, seat, seating);
                const side = state.config.teams ? seat % 2 : seat;
                return html`<li class="seat ${state.turn === seat ? 'turn' : ''}">
                  <span class="name">${name}</span>
                  <span class="score">${t.t('points', { count: state.scores[side] ?? 0 })}</span>
                  ${renderMiniTiles(t, hand, t.t('revealedHand', { name }))}
                </li>`;
              })}
            </ul>
            <domino-board .t=${t} .table=${state.table} .openEnds=${state.openEnds}></domino-board>`
        : ''}
      <div class="controls" role="group" aria-label=${t.t('replayControls')}>
        ${control('first', t.t('replayFirst'), 0, this.step === 0)} ${control('previous', t.t('replayPrevious'), this.step - 1, this.step === 0)}
        ${control('next', t.t('replayNext'), this.step + 1, this.step >= last)} ${control('last', t.t('replayLast'), last, this.step >= last)}
        <button type="button" data-action="close" @click=${this.close}>${t.t('replayClose')}</button>
      </div>
      <p class="help">${t.t('replayKeys')}</p>
      <div class="live" role="status" aria-live="polite"></div>
    </dialog>`;
  }

  private readonly onClosed = (): void => {
    this.announcer.cancel();
    this.dispatchEvent(new Event('replay-close'));
  };
}

if (!customElements.get('domino-replay')) customElements.define('domino-replay', DominoReplay);

declare global {
  interface HTMLElementTagNameMap {
    'domino-replay': DominoReplay;
  }
}
