import { LitElement, html, type PropertyDeclaration, type PropertyDeclarations, type PropertyValues } from 'lit';
// The match's code first: in the bundle it then follows the engine's, and compresses better beside it.
import { LocalSession } from '../session/local-session.js';
import '../domino-board/domino-board.js';
import '../domino-hand/domino-hand.js';
import { GameParts } from './game-host.js';
import { warnOnce } from './settings.js';
import { styles } from './domino-game.styles.js';
import { tableStyles } from './table/table.styles.js';

export type { DominoEventMap } from './events.js';

/** Where the small link under every embed points (the product page asks embeds to keep it). */
export const HOME_PAGE_URL = 'https://www.npmjs.com/package/domino-game';

/**
 * An embeddable game of dominoes: Draw, Block, All Fives and Doubles for 2 to 4 players, against the
 * computer or with friends online. Configure it with attributes; listen to its events for moves and scores.
 *
 * @summary An embeddable domino game.
 * @tag domino-game
 *
 * @fires {CustomEvent<DominoMoveDetail>} domino-move - Every play, draw and pass: `{ seat, move, points }`.
 * @fires {CustomEvent<DominoScoreDetail>} domino-score - Points scored during play (All Fives): `{ seat, side, points, scores }`.
 * @fires {CustomEvent<DominoRoundEndDetail>} domino-round-end - A round finished: `{ round, reason, winner, side, points, scores }`.
 * @fires {CustomEvent<DominoMatchEndDetail>} domino-match-end - The match is won: `{ winner, scores }`.
 * @fires {CustomEvent<DominoTurnDetail>} domino-turn - A seat is to act: `{ seat, yours }`.
 * @fires {CustomEvent<DominoRoomDetail>} domino-room - Online: the room changed (a seat taken or left, a connection, the start): `{ room, seat, phase, seats }`.
 *
 * @cssprop [--domino-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - The font of all the text of the game.
 * @cssprop [--domino-color=light-dark(#1f2328, #e6e8eb)] - The text colour (light theme, dark theme).
 * @cssprop [--domino-background=light-dark(#ffffff, #16191d)] - The background of the game and its dialog.
 * @cssprop [--domino-accent=light-dark(#0b5cad, #7ab8ff)] - Buttons, focus rings, the chip of the player to act.
 * @cssprop [--domino-on-accent=var(--domino-background)] - Text on the accent colour (the main button).
 * @cssprop [--domino-muted=color-mix(in srgb, var(--domino-color) 78%, var(--domino-background))] - Secondary text (the status line, notices).
 * @cssprop [--domino-chip=color-mix(in srgb, var(--domino-color) 8%, var(--domino-background))] - A player's chip in the top line.
 * @cssprop [--domino-chip-turn=color-mix(in srgb, var(--domino-accent) 20%, var(--domino-background))] - The chip of the player to act.
 * @cssprop [--domino-panel=color-mix(in srgb, var(--domino-color) 5%, var(--domino-background))] - The round and match summary.
 * @cssprop [--domino-link=var(--domino-accent)] - The link under the game.
 * @cssprop [--domino-error=light-dark(#b3261e, #ffb4ab)] - What went wrong with something typed (a name for online play).
 * @cssprop [--domino-table=#1f6b4f] - The table's colour.
 * @cssprop [--domino-felt=radial-gradient(…), repeating-linear-gradient(…), repeating-linear-gradient(…)] - The felt's texture, background layers over the table's colour (`none`: a plain table).
 * @cssprop [--domino-table-text=#ffffff] - Text and lines on the table.
 * @cssprop [--domino-tile=#f8f1de] - A tile's face (ivory).
 * @cssprop [--domino-tile-side=#c9b98f] - A tile's body, showing beneath its face as its thickness.
 * @cssprop [--domino-tile-edge=#5b5346] - A tile's outline and divider.
 * @cssprop [--domino-pip=#1b1b1b] - The pips.
 * @cssprop [--domino-pip-1=var(--domino-pip)] - The pips of a one (with `--domino-pip-2` … `--domino-pip-6`: pips coloured by number, as many sets are).
 * @cssprop [--domino-pip-2=var(--domino-pip)] - The pips of a two.
 * @cssprop [--domino-pip-3=var(--domino-pip)] - The pips of a three.
 * @cssprop [--domino-pip-4=var(--domino-pip)] - The pips of a four.
 * @cssprop [--domino-pip-5=var(--domino-pip)] - The pips of a five.
 * @cssprop [--domino-pip-6=var(--domino-pip)] - The pips of a six.
 * @cssprop [--domino-spinner=#ffd84d] - The spinner's face.
 * @cssprop [--domino-glow=#f2b705] - The glow of a playable tile.
 * @cssprop [--domino-place=rgba(8, 40, 30, 0.85)] - A place where the chosen tile can go.
 * @cssprop [--domino-place-edge=#ffffff] - The outline of such a place.
 * @cssprop [--domino-hand-tile-width=2.6em] - The width of a tile in your hand.
 * @cssprop [--domino-play-height=clamp(600px, 520px + 25cqi, 720px)] - The height from the players' line to the button row, which stays the same through a match (by default it grows with the widget's width).
 *
 * @csspart players - The line of players at the top.
 * @csspart status - The line above the table: round, target, boneyard.
 * @csspart hint - The line that says what to do.
 * @csspart main-button - Draw, Pass, Next round or New game.
 * @csspart summary - The round or match summary.
 * @csspart home-link - The link under the game.
 * @csspart tile - A tile in your hand; with `playable` or `unplayable`, and `selected`.
 * @csspart table - The table.
 * @csspart place - A place on the table where the chosen tile can go.
 * @csspart how-to-play - The short rules of the variant being played (a fold).
 * @csspart settings-button - Opens the settings dialog.
 * @csspart hint-button - Against the computer: shows the move the hard computer would make, and why (key H).
 * @csspart undo-button - Against the computer: takes your last move of the round back (keys Ctrl+Z, U).
 * @csspart hinted - The tile in your hand that a hint points to.
 */
export class DominoGame extends LitElement {
  static override styles = [styles, tableStyles];

  // Declared without decorators: their helpers would cost the bundle about a kilobyte.
  static override properties: PropertyDeclarations = {
    // Reflected: the styles pick the theme by the attribute, so a value set as a property works too.
    theme: { reflect: true },
    variant: {},
    players: {},
    target: {},
    level: {},
    tempo: {},
    teams: {},
    seed: {},
    lang: {},
    storageKey: { attribute: 'storage-key' },
    persist: {},
    lockSettings: { attribute: 'lock-settings' },
    server: {},
    playerToken: { attribute: 'player-token' },
    hints: {},
    undo: {},
    sound: {},
  };

  /** The variant: `draw`, `block`, `fives` or `doubles`. */
  variant: string = 'draw';
  /** Players at the table, 2 to 4 (you and the computers). */
  players: string | number = 2;
  /** The score that wins the match; by default 100, or 150 in All Fives. */
  target: string | number | null = null;
  /** The computer's level: `easy`, `medium` or `hard`. */
  level: string = 'medium';
  /** How fast the computers play: `slow`, `normal`, `fast` or `instant`. */
  tempo: string = 'normal';
  /** 4-player partnerships: you and the computer opposite against the other two (`teams`, or `teams="false"`). */
  teams: string | boolean | null = null;
  /** Makes the deals reproducible (the same seed, the same match). */
  seed: string | null = null;
  /** The interface language (else the page's, else the browser's, else English). */
  override lang = '';
  /** The key the game saves under in localStorage (default: from the page and the element). */
  storageKey: string | null = null;
  /** `none` turns saving off: no settings, match or statistics are kept. */
  persist: string | null = null;
  /** Keeps players from changing what the site sets: every attribute given, or the names listed. */
  lockSettings: string | null = null;
  /** The room server's base URL (e.g. the page's own origin): online play with friends. Without it, only the computer. */
  server: string | null = null;
  /**
   * A token the site's back end signs for its logged-in member (a JWT, docs/DEPLOY.md "Signed identities"):
   * quick match then plays as that member. Without it the widget makes an anonymous identity of its own.
   */
  playerToken: string | null = null;
  /** `off`: no Hint button against the computer (hints: the move the hard computer would make, and why). */
  hints: string | null = null;
  /** `off`: no Undo button against the computer (taking your moves of the round back). */
  undo: string | null = null;
  /** Sounds of the game (a tile laid, a deal, points), off by default: `sound` or `sound="true"`; the player may change it in the settings. */
  sound: string | boolean | null = null;
  /** The colours: `light`, `dark`, or `auto` (the default: the visitor's system setting). A site's colours (the `--domino-*` properties) win over either. */
  theme: string | null = null;

  /** Every part of the game, made from one host object (game-host.ts); the root renders and routes. */
  private readonly parts = new GameParts(this, this.createLocalSession());
  /** Set at the end of the constructor: the fields' defaults are not the site's. */
  private constructed = false;

  constructor() {
    super();
    this.constructed = true;
  }

  // Every set of a property passes here, an attribute's too (even to the value it had).
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    if (this.constructed && name !== undefined) this.parts.settings.noteSet(name, this[name as keyof this]);
  }

  /** The match in the page, from the person's seat (the session's own choice; a test seats them elsewhere). */
  protected createLocalSession(): LocalSession {
    return new LocalSession(this);
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) void this.parts.locale.update();
    // The styles match these values only (case aside): another is warned about, and the theme stays auto.
    if (changed.has('theme') && this.theme !== null && !/^(light|dark|auto)$/i.test(this.theme)) {
      warnOnce('theme', this.theme, 'auto', 'one of light, dark, auto');
    }
    const settingNames = ['variant', 'players', 'target', 'level', 'tempo', 'teams', 'lockSettings', 'undo'] as const;
    if (this.parts.persistence.opened && settingNames.some((name) => changed.has(name))) this.parts.match.sync({ notice: true });
  }

  override render() {
    const { parts } = this;
    const state = parts.session().state;
    const t = parts.t();
    // Online, a screen of the lobby stands in for the table until the room's match shows.
    const screen = parts.online.mode?.screen();
    return html`<div class="game" dir=${t.dir} @keydown=${this.onKeyDown}>
      ${screen ?? (state && parts.table.render(t, state))}
      <div class="live" role="status" aria-live="polite"></div>
      <div class="ghost" hidden aria-hidden="true"></div>
      <p class="home"><a part="home-link" href=${HOME_PAGE_URL} target="_blank" rel="noopener">${t.t('homeLink')}</a></p>
    </div>`;
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    this.parts.play.onKeyDown(event);
    this.parts.teach.onKeyDown(event);
  };
}

if (!customElements.get('domino-game')) customElements.define('domino-game', DominoGame);

declare global {
  interface HTMLElementTagNameMap {
    'domino-game': DominoGame;
  }
}
