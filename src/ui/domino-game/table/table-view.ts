/**
 * The table the root shows for a session's state, put together from its views, each made from the
 * root's host object and taking only what it shows: the players' line (players-line.ts), the stage
 * (stage.ts: the board and the round's end), the hand (hand-view.ts), the button row (button-row.ts),
 * the settings dialog (settings-view.ts) and the notes under it all (notes.ts). Online, the room's bar
 * sits above it, and a spectator has no hand.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translator } from '../../../i18n/index.js';
import type { SessionState } from '../../session/session.js';
import { ButtonRow, type ButtonRowHost } from './button-row.js';
import { HandView, type HandHost } from './hand-view.js';
import { TableNotes, type NotesHost } from './notes.js';
import { PlayersLine, type PlayersLineHost } from './players-line.js';
import { SettingsView, type SettingsViewHost } from './settings-view.js';
import { Stage, type StageHost } from './stage.js';

/** What the table needs of the root: what its views need, and online the room's bar and whether the person only watches. */
export type TableHost = PlayersLineHost &
  StageHost &
  HandHost &
  ButtonRowHost &
  SettingsViewHost &
  NotesHost & { online: { readonly mode: { bar(): TemplateResult | null; readonly watching: boolean } | null } };

export class TableView {
  private readonly players: PlayersLine;
  private readonly stage: Stage;
  private readonly hand: HandView;
  private readonly buttons: ButtonRow;
  private readonly dialog: SettingsView;
  private readonly notes: TableNotes;

  constructor(private readonly host: TableHost) {
    this.players = new PlayersLine(host);
    this.stage = new Stage(host);
    this.hand = new HandView(host);
    this.buttons = new ButtonRow(host);
    this.dialog = new SettingsView(host);
    this.notes = new TableNotes(host);
  }

  render(t: Translator, state: SessionState) {
    const online = this.host.online.mode;
    // The play area keeps one height (table.styles.ts): the table takes what is left. At a round's end
    // the round's end (summary.ts) shares the stage with the final table, and takes the hand's room too:
    // every hand, yours included, lies face up at its seat's chip.
    const roundEnd = this.stage.roundEnd(t, state);
    return html`<div class="play">${online?.bar()} ${this.players.render(t, state)}
      ${this.stage.render(t, state, roundEnd)}
      ${online?.watching ? nothing : this.hand.render(state, roundEnd !== undefined)}
      ${this.buttons.render(t, state)}</div>
      ${this.dialog.render(state)}
      ${this.notes.render(t, state)}`;
  }
}
