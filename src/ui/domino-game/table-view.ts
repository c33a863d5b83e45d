/**
 * The table the root shows for a session's state: the players' line, the board, the hand, the button
 * row, the settings dialog, the summaries and the how-to-play fold; and what its buttons do (the main
 * action, opening the dialog, the fold's texts). Online, the room's bar sits above it and online play
 * decides what the main button offers.
 */
import { html, nothing } from 'lit';
import { tileName, type Play } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import type { InternalEvent } from '../internal-events.js';
import type { LocalSession } from '../session/local-session.js';
import type { Session, SessionState } from '../session/session.js';
import type { SettingsSource } from './effective-settings.js';
import type { GameElement } from './game-element.js';
import { hintOf, mainActionOf, type MainAction } from './guidance.js';
import type { LazyParts } from './lazy-parts.js';
import type { LocalMatchController } from './local-match.js';
import type { OnlineEntryController } from './online-play.js';
import { renderPlayers, renderStatusLine, type RoundHistory } from './parts.js';
import type { PlayController } from './play.js';
import type { TableStory } from './table-story.js';
import type { Teaching } from './teach.js';

const HOW_TO = { draw: 'howDraw', block: 'howBlock', fives: 'howFives', doubles: 'howDoubles' } as const;

/** What the table needs of the root: the parts whose pieces it shows. */
export interface TableHost {
  element: GameElement;
  /** Where the match is played: every intent goes through it. */
  session(): Session;
  local: LocalSession;
  settings: SettingsSource;
  match: LocalMatchController;
  lazy: LazyParts;
  story: TableStory;
  play: PlayController;
  teach: Teaching;
  online: OnlineEntryController;
  rounds: RoundHistory;
}

export class TableView {
  constructor(private readonly host: TableHost) {}

  render(t: Translator, state: SessionState) {
    const { phase, view, legal } = state;
    const { play, match, lazy, teach, story, settings } = this.host;
    const online = this.host.online.mode;
    const playable = new Set(legal.filter((m): m is Play => m.type === 'play').map((m) => tileName(m.tile)));
    const button = mainActionOf(phase, legal);
    const action = online ? online.allow(button) : button;
    const thinking = phase === 'playing' && view.turn !== null && view.turn !== state.seat;
    const chosenOnline = this.host.online.chosen;
    const over = phase === 'roundOver' || phase === 'matchOver';
    // The play area keeps one height (table.styles.ts): the table takes what is left. At a round's end
    // the round's end (summary.ts) shares the stage with the final table, and takes the hand's room too:
    // every hand, yours included, lies face up at its seat's chip.
    const roundEnd = over ? lazy.roundEnd(t, state, this.host.rounds.rows, online ? null : this.host.local) : undefined;
    return html`<div class="play">${online?.bar()} ${renderPlayers(t, state, { thinking, presence: online?.presence, revealed: over ? lazy.revealed(t, state) : undefined })}
      ${renderStatusLine(t, view)}
      <div class="stage">
        <domino-board
          exportparts="table, place"
          .table=${view.table}
          .openEnds=${view.openEnds}
          .places=${play.places()}
          .placing=${play.choosing}
          .hintedEnd=${teach.endFor(state)}
          .marks=${story.marks(t, state)}
          .origin=${story.origin(state)}
          @place-chosen=${play.onPlaceChosen}
          @place-cancel=${play.cancel}
        ></domino-board>
        <p class="happened">${story.line}</p>
        <p class="hint" part="hint">${teach.lineFor(state) ?? hintOf(t, state, { choosing: play.choosing !== null })}</p>
        ${roundEnd ?? nothing}
      </div>
      ${online?.watching
        ? nothing
        : html`<domino-hand
            ?hidden=${roundEnd !== undefined}
            exportparts="tile, playable, unplayable, selected, hinted"
            .tiles=${view.hand}
            .hinted=${teach.tileFor(state)}
            .playable=${playable}
            .selected=${play.choosing}
            .deal=${phase === 'playing' ? view.round.number : 0}
            ?active=${playable.size > 0}
            @tile-chosen=${play.onTileChosen}
          ></domino-hand>`}
      <div class="actions">
        ${action
          ? html`<button class="main" part="main-button" type="button" @click=${() => this.onMainAction(action.action)}>
              ${t.t(action.label)}
            </button>`
          : nothing}
        ${teach.buttons(t, state)}
        <button class="secondary" part="settings-button" type="button" aria-haspopup="dialog" @click=${this.openSettings}>
          ${t.t('settings')}
        </button>
      </div></div>
      <domino-settings
        .settings=${settings.now()}
        .locked=${settings.locked()}
        .stats=${match.stats}
        .online=${this.host.element.server ? chosenOnline : null}
        @settings-change=${(e: InternalEvent<'settings-change'>) => match.change(e.detail.settings)}
        .restart=${!chosenOnline && state.pending && phase !== 'matchOver'}
        @stats-reset=${() => match.resetStats()}
        @new-game=${() => match.giveUpAndStartNew()}
        @play-against=${() => this.host.online.playAgainst()}
      ></domino-settings>
      ${match.notice && state.pending ? html`<p class="notice">${t.t(match.notice)}</p>` : nothing}
      ${lazy.problem ? html`<p class="notice problem">${t.t(lazy.problem)}</p>` : nothing}
      <details class="how" part="how-to-play" @toggle=${this.onHowToPlayToggle}>
        <summary>${t.t('howToPlay')}</summary>
        <p>${t.t(HOW_TO[view.config.variant])}</p>
      </details>`;
  }

  private onMainAction(action: MainAction): void {
    this.host.session().send({ type: action });
    if (action === 'new-match') this.host.match.newMatchAsked();
  }

  /** The how-to-play text is one of the texts loaded on demand: it shows once they are here. */
  private readonly onHowToPlayToggle = (event: Event): void => {
    if ((event.currentTarget as HTMLDetailsElement).open) void this.host.lazy.texts();
  };

  /** The dialog's code and texts load on first use: a first visit does not need them. */
  private readonly openSettings = async (event: Event): Promise<void> => {
    const opener = event.currentTarget as HTMLElement;
    if (!(await this.host.lazy.settingsDialog())) return;
    const dialog = this.host.element.renderRoot.querySelector('domino-settings');
    await dialog?.updateComplete;
    dialog?.open(opener);
  };
}
