/**
 * The stage of the table: the board, the line of what just happened, the line that says what to do and,
 * once a round is over, the round's end beside the final table (summary.ts, loaded then).
 */
import { html, nothing } from 'lit';
import type { Translator } from '../../../i18n/index.js';
import type { LocalSession } from '../../session/local-session.js';
import type { SessionState } from '../../session/session.js';
import type { LazyParts } from '../lazy-parts.js';
import type { PlayController } from '../play.js';
import type { RoundHistory } from '../round-history.js';
import type { Teaching } from '../teach/teach.js';
import { hintOf } from './guidance.js';
import type { TableStory } from './table-story.js';

/** What the stage needs of the root: the play's places, the hint's end and line, the story's marks, and what a round's end shows. */
export interface StageHost {
  play: Pick<PlayController, 'places' | 'choosing' | 'onPlaceChosen' | 'cancel'>;
  teach: Pick<Teaching, 'endFor' | 'lineFor'>;
  story: Pick<TableStory, 'marks' | 'origin' | 'line'>;
  lazy: Pick<LazyParts, 'roundEnd'>;
  rounds: Pick<RoundHistory, 'rows'>;
  /** The match against the computer: its round's review and record show at its end. */
  local: LocalSession;
  /** Online, the round's end has no review and no record. */
  online: { readonly mode: unknown };
}

export class Stage {
  constructor(private readonly host: StageHost) {}

  /** The round's or match's end once it is over (undefined while playing): it takes the hand's room too. */
  roundEnd(t: Translator, state: SessionState): unknown {
    const { lazy, rounds, online, local } = this.host;
    const over = state.phase === 'roundOver' || state.phase === 'matchOver';
    return over ? lazy.roundEnd(t, state, rounds.rows, online.mode ? null : local) : undefined;
  }

  render(t: Translator, state: SessionState, roundEnd: unknown) {
    const { view } = state;
    const { play, teach, story } = this.host;
    return html`<div class="stage">
        <domino-board
          exportparts="table, place"
          .table=${view.table}
          .openEnds=${view.openEnds}
          .places=${play.places()}
          .placing=${play.choosing}
          .hintedEnd=${teach.endFor(state)}
          .marks=${story.marks(t, state)}
          .origin=${story.origin(state)}
          .scrollable=${roundEnd !== undefined}
          @place-chosen=${play.onPlaceChosen}
          @place-cancel=${play.cancel}
        ></domino-board>
        <p class="happened">${story.line}</p>
        <p class="hint" part="hint">${teach.lineFor(state) ?? hintOf(t, state, { choosing: play.choosing !== null })}</p>
        ${roundEnd ?? nothing}
      </div>`;
  }
}
