import { LitElement, html, nothing, type PropertyDeclaration, type PropertyDeclarations, type PropertyValues } from 'lit';
import { tileName, type Play } from '../../engine/index.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
// The match's code first: in the bundle it then follows the engine's, and compresses better beside it.
import { LocalSession } from '../session/local-session.js';
import type { MatchEmitted, Session, SessionState } from '../session/session.js';
import { Persistence } from './persistence.js';
import { SettingsSource } from './effective-settings.js';
import { LocalMatch } from './local-match.js';
import { LocaleProvider } from '../context/locale.js';
import '../domino-board/domino-board.js';
import '../domino-hand/domino-hand.js';
import { PlayController } from './play.js';
import type { InternalEvent } from '../internal-events.js';
import { Announcer, announcementOf, rejectionText } from './announcements.js';
import { emitDomEvent } from './events.js';
import { hintOf, mainActionOf, type MainAction } from './guidance.js';
import { LazyParts } from './lazy-parts.js';
import { OnlinePlay } from './online-play.js';
import { renderPlayers, renderStatusLine, type RoundRow } from './parts.js';
import { warnOnce } from './settings.js';
import { styles } from './domino-game.styles.js';
import { TableStory } from './table-story.js';
import { InOrder } from './in-order.js';
import { Teaching } from './teach.js';
import { SoundSwitch } from '../sound/sound-switch.js';
import { tableStyles } from './table.styles.js';

export type { DominoEventMap } from './events.js';

/** Where the small link under every embed points (the product page asks embeds to keep it). */
export const HOME_PAGE_URL = 'https://www.npmjs.com/package/domino-game';

const HOW_TO = { draw: 'howDraw', block: 'howBlock', fives: 'howFives', doubles: 'howDoubles' } as const;

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
  /** `off`: no Hint button against the computer (hints: the move the hard computer would make, and why). */
  hints: string | null = null;
  /** `off`: no Undo button against the computer (taking your moves of the round back). */
  undo: string | null = null;
  /** Sounds of the game (a tile laid, a deal, points), off by default: `sound` or `sound="true"`; the player may change it in the settings. */
  sound: string | boolean | null = null;
  /** The colours: `light`, `dark`, or `auto` (the default: the visitor's system setting). A site's colours (the `--domino-*` properties) win over either. */
  theme: string | null = null;

  /** The site's settings, the person's choices over them, the site's lock. */
  private readonly settings = new SettingsSource(this);
  /** The language of every text (the player's choice, the `lang` attribute, the page's, the browser's, else English), given to the elements inside (localeContext). */
  private readonly locale = new LocaleProvider(this, () => this.settings.now().lang);
  /** Where the settings, the match and the statistics are saved; added before the match, so it flushes first. */
  private readonly persistence = new Persistence(this);
  /** The match played in the page; the settings, saving and statistics work on it alone. */
  private readonly local = this.createLocalSession();
  private readonly announcer = new Announcer((text) => {
    const live = this.renderRoot.querySelector('.live');
    if (live) live.textContent = text;
  });
  /** Says a text in the live region. */
  private readonly say = (key: MessageKey): void => this.announcer.say(this.translator.t(key));
  private readonly parts = new LazyParts(this, this.say);
  private readonly match = new LocalMatch(this, this.local, this.persistence, this.settings, this.locale, this.say);
  private readonly online = new OnlinePlay({
    element: this,
    t: () => this.translator,
    say: (text) => this.announcer.say(text),
    locked: () => this.settings.locked(),
    persistence: this.persistence,
    emitted: (event) => this.onEmitted(event),
    parts: this.parts,
    settings: () => this.settings.now(),
    switched: () => this.play.stop(),
  });
  /** Each seat's last play, the line of what just happened, where a tile laid comes from. */
  private readonly tableStory = new TableStory(this);
  /** What the live region says and the line under the table shows, in the order the events came. */
  private readonly told = new InOrder<MatchEmitted>((event, text) => this.tell(event, text));
  private readonly play = new PlayController(this, () => this.session, this.tableStory);
  /** Hint and Undo against the computer. */
  private readonly teach = new Teaching(
    {
      host: this,
      local: this.local,
      match: this.match,
      t: () => this.translator,
      say: (text) => this.announcer.say(text),
      settings: () => this.settings.now(),
    },
    this.parts,
    () => this.session === this.local,
  );
  /** The game's sounds, loaded when they are turned on. */
  private readonly sounds = new SoundSwitch();
  /** The scores after each round heard, from the round-end events (the view keeps no history); summary.ts picks this match's. */
  private readonly rounds: RoundRow[] = [];
  private lastRejection: SessionState['rejection'] = null;
  /** Set at the end of the constructor: the fields' defaults are not the site's. */
  private constructed = false;

  constructor() {
    super();
    // The match against the computer stays (and is saved) while the person plays online, unheard.
    this.local.onEvent((event) => {
      if (!this.online.chosen) this.onEmitted(event);
    });
    this.constructed = true;
  }

  // Every set of a property passes here, an attribute's too (even to the value it had).
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    if (this.constructed && name !== undefined) this.settings.noteSet(name, this[name as keyof this]);
  }

  /** The match in the page, from the person's seat (the session's own choice; a test seats them elsewhere). */
  protected createLocalSession(): LocalSession {
    return new LocalSession(this);
  }

  /** Where the match is played: everything shown and every intent goes through it. */
  private get session(): Session {
    return this.online.mode?.session ?? this.local;
  }

  private get translator(): Translator {
    return this.locale.translator;
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) void this.locale.update();
    // The styles match these values only (case aside): another is warned about, and the theme stays auto.
    if (changed.has('theme') && this.theme !== null && !/^(light|dark|auto)$/i.test(this.theme)) {
      warnOnce('theme', this.theme, 'auto', 'one of light, dark, auto');
    }
    const settingNames = ['variant', 'players', 'target', 'level', 'tempo', 'teams', 'lockSettings', 'undo'] as const;
    if (this.persistence.opened && settingNames.some((name) => changed.has(name))) this.match.sync(true);
  }

  override updated(): void {
    const state = this.session.state;
    const rejection = state?.rejection ?? null;
    if (rejection && rejection !== this.lastRejection) this.announcer.say(rejectionText(this.translator, rejection, state?.view));
    this.lastRejection = rejection;
  }

  /** A domain event of the match being shown: the page hears it, the live region says it, the table and the summaries record it. */
  private onEmitted(event: MatchEmitted): void {
    const state = this.session.state;
    if (!state) return;
    // A match can start while the element connects (tempo "instant"): the page hears its first events
    // once the element has rendered, so a listener added just after it was put on the page is not late.
    this.sounds.heard(event, state, this.settings.now().sound);
    this.tableStory.heard(event);
    if (this.hasUpdated) emitDomEvent(this, event, state);
    else void this.updateComplete.then(() => emitDomEvent(this, event, state));
    if (event.type === 'matchEnd' && this.session === this.local) this.match.count(event.winningSide, state);
    if (event.type === 'roundEnd' || event.type === 'matchEnd') {
      this.rounds.push({ round: state.view.round.number, scores: event.scores });
      // The results' words come with the summary's code, loaded now: what follows is said after them.
      this.told.add(event, this.parts.resultText(() => this.translator, event, state));
    } else this.told.add(event, announcementOf(this.translator, event, state));
    if (event.type === 'turn' && event.seat === state.seat) this.play.stop();
  }

  /** The live region says what `event` was, and the line under the table shows it. */
  private tell(event: MatchEmitted, text: string): void {
    if (text) this.announcer.say(text);
    this.tableStory.said(event, text);
  }

  private onMainAction(action: MainAction): void {
    this.session.send({ type: action });
    if (action === 'new-match') this.match.newMatchAsked();
  }

  // ---- Rendering -------------------------------------------------------------------------------

  override render() {
    const state = this.session.state;
    const t = this.translator;
    // Online, a screen of the lobby stands in for the table until the room's match shows.
    const screen = this.online.mode?.screen();
    return html`<div class="game" dir=${t.dir} @keydown=${this.onKeyDown}>
      ${screen ?? (state && this.renderTable(t, state))}
      <div class="live" role="status" aria-live="polite"></div>
      <div class="ghost" hidden aria-hidden="true"></div>
      <p class="home"><a part="home-link" href=${HOME_PAGE_URL} target="_blank" rel="noopener">${t.t('homeLink')}</a></p>
    </div>`;
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    this.play.onKeyDown(event);
    this.teach.onKeyDown(event);
  };

  private renderTable(t: Translator, state: SessionState) {
    const { phase, view, legal } = state;
    const { play, match, parts, teach } = this;
    const online = this.online.mode;
    const playable = new Set(legal.filter((m): m is Play => m.type === 'play').map((m) => tileName(m.tile)));
    const button = mainActionOf(phase, legal);
    const action = online ? online.allow(button) : button;
    const thinking = phase === 'playing' && view.turn !== null && view.turn !== state.seat;
    const chosenOnline = this.online.chosen;
    const over = phase === 'roundOver' || phase === 'matchOver';
    // The play area keeps one height (table.styles.ts): the table takes what is left; at a round's end
    // the summary shares the stage with the final table (summary.ts), the hands face up at their seats.
    return html`<div class="play">${online?.bar()} ${renderPlayers(t, state, thinking, online?.presence, over ? parts.revealed(t, state) : undefined)}
      ${renderStatusLine(t, view)}
      <div class="stage">
        <domino-board
          exportparts="table, place"
          .table=${view.table}
          .openEnds=${view.openEnds}
          .places=${play.places()}
          .placing=${play.choosing}
          .hintedEnd=${teach.endFor(state)}
          .marks=${this.tableStory.marks(t, state)}
          .origin=${this.tableStory.origin(state)}
          @place-chosen=${play.onPlaceChosen}
          @place-cancel=${play.cancel}
        ></domino-board>
        <p class="happened">${this.tableStory.line}</p>
        <p class="hint" part="hint">${teach.lineFor(state) ?? hintOf(t, state, play.choosing !== null)}</p>
        ${over ? parts.summary(t, state, this.rounds) : nothing}
      </div>
      ${online?.watching
        ? nothing
        : html`<domino-hand
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
      ${over && !online ? parts.afterRound(t, state, this.local) : nothing}
      <domino-settings
        .settings=${this.settings.now()}
        .locked=${this.settings.locked()}
        .stats=${match.stats}
        .online=${this.server ? chosenOnline : null}
        @settings-change=${(e: InternalEvent<'settings-change'>) => match.change(e.detail.settings)}
        .restart=${!chosenOnline && state.pending && phase !== 'matchOver'}
        @stats-reset=${() => match.resetStats()}
        @new-game=${() => match.giveUpAndStartNew()}
        @play-against=${() => this.online.playAgainst()}
      ></domino-settings>
      ${match.notice && state.pending ? html`<p class="notice">${t.t(match.notice)}</p>` : nothing}
      ${parts.problem ? html`<p class="notice problem">${t.t(parts.problem)}</p>` : nothing}
      <details class="how" part="how-to-play" @toggle=${this.onHowToPlayToggle}>
        <summary>${t.t('howToPlay')}</summary>
        <p>${t.t(HOW_TO[view.config.variant])}</p>
      </details>`;
  }

  /** The how-to-play text is one of the texts loaded on demand: it shows once they are here. */
  private onHowToPlayToggle(event: Event): void {
    if ((event.currentTarget as HTMLDetailsElement).open) void this.parts.texts();
  }

  /** The dialog's code and texts load on first use: a first visit does not need them. */
  private async openSettings(event: Event): Promise<void> {
    const opener = event.currentTarget as HTMLElement;
    if (!(await this.parts.settingsDialog())) return;
    const dialog = this.renderRoot.querySelector('domino-settings');
    await dialog?.updateComplete;
    dialog?.open(opener);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.announcer.cancel();
  }
}

if (!customElements.get('domino-game')) customElements.define('domino-game', DominoGame);

declare global {
  interface HTMLElementTagNameMap {
    'domino-game': DominoGame;
  }
}
