import { LitElement, html, nothing, type PropertyDeclaration, type PropertyDeclarations, type PropertyValues } from 'lit';
import { tileName, type LegalMove, type Play, type Tile } from '../../engine/index.js';
import { loadExtraTexts, type MessageKey, type Translator } from '../../i18n/index.js';
import { emptyStats, recordMatch, type Stats } from '../../storage/index.js';
import { LocaleProvider } from '../context/locale.js';
import { PointerFollower } from '../controllers/pointer-follower.js';
import '../domino-board/domino-board.js';
import type { DominoBoard } from '../domino-board/domino-board.js';
import '../domino-hand/domino-hand.js';
import type { DominoHand } from '../domino-hand/domino-hand.js';
import { Announcer, announcementOf, rejectionText } from './announcements.js';
import { emitDomEvent } from './events.js';
import { hintOf, mainActionOf, type MainAction } from './guidance.js';
import { roomInLink, type OnlineEntry } from './online-link.js';
import type { OnlineMode } from './online-mode.js';
import type { InternalEvent } from '../internal-events.js';
import { renderPlayers, renderStatusLine, renderSummary, type RoundRow } from './parts.js';
import { configOf, sameGame, SettingsSource, type EffectiveSettings, type SettingName } from './effective-settings.js';
import { Persistence } from './persistence.js';
import { localSeats, warnOnce } from './settings.js';
import type { DominoSettings } from '../domino-settings/domino-settings.js';
import { LocalSession } from '../session/local-session.js';
import type { MatchEmitted, Session, SessionState } from '../session/session.js';
import { styles } from './domino-game.styles.js';
import { TableStory } from './table-story.js';
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
 * @cssprop [--domino-table-text=#ffffff] - Text and lines on the table.
 * @cssprop [--domino-tile=#fbf8ef] - A tile's face.
 * @cssprop [--domino-tile-edge=#5b5346] - A tile's outline and divider.
 * @cssprop [--domino-pip=#1b1b1b] - The pips.
 * @cssprop [--domino-spinner=#ffd84d] - The spinner's face.
 * @cssprop [--domino-glow=#f2b705] - The glow of a playable tile.
 * @cssprop [--domino-place=rgba(8, 40, 30, 0.85)] - A place where the chosen tile can go.
 * @cssprop [--domino-place-edge=#ffffff] - The outline of such a place.
 * @cssprop [--domino-hand-tile-width=2.6em] - The width of a tile in your hand.
 * @cssprop [--domino-play-height=clamp(640px, 520px + 25cqi, 720px)] - The height from the players' line to the main button, which stays the same through a match (by default it grows with the widget's width).
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
    choosing: { state: true, attribute: false },
    notice: { state: true, attribute: false },
    loadProblem: { state: true, attribute: false },
    stats: { state: true, attribute: false },
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
  /** The colours: `light`, `dark`, or `auto` (the default: the visitor's system setting). A site's colours (the `--domino-*` properties) win over either. */
  theme: string | null = null;

  /** The language of every text, given to the elements inside (localeContext). */
  private readonly locale = new LocaleProvider(this, () => this.settingsNow().lang);
  private get translator(): Translator {
    return this.locale.translator;
  }

  /** The tile whose places you are choosing. */
  private choosing: Tile | null = null;
  /** A text's key, not the text: a notice follows the language when it changes. */
  private notice: MessageKey | '' = '';
  /** Why a part loaded on demand (settings, how to play) is missing, until it loads. */
  private loadProblem: MessageKey | '' = '';

  private get board(): DominoBoard | null {
    return this.renderRoot.querySelector('domino-board');
  }
  private get hand(): DominoHand | null {
    return this.renderRoot.querySelector('domino-hand');
  }
  private get settingsDialog(): DominoSettings | null {
    return this.renderRoot.querySelector('domino-settings');
  }
  private get live(): HTMLElement | null {
    return this.renderRoot.querySelector('.live');
  }

  /** Where the settings, the match and the statistics are saved; added before the match, so it flushes first. */
  private readonly persistence = new Persistence(this);
  /** The match played in the page; the settings, saving and statistics work on it alone. */
  private readonly local = this.createLocalSession();
  /** Online play, once its code has loaded; null while playing the computer. */
  private online: OnlineMode | null = null;
  /** From the choice of online play (while its code loads, too) until the person is back to the computer. */
  private onlineChosen = false;
  /** Where the match is played: everything shown and every intent goes through it. */
  private get session(): Session {
    return this.online?.session ?? this.local;
  }
  private readonly announcer = new Announcer((text) => {
    if (this.live) this.live.textContent = text;
  });
  private lastRejection: SessionState['rejection'] = null;
  /** Each seat's last play, the line of what just happened, where a tile laid comes from. */
  private readonly tableStory = new TableStory(this);
  private stats: Stats | null = null;

  /** The site's settings, the person's choices over them, the site's lock. */
  private readonly settings = new SettingsSource(this);
  /** Set at the end of the constructor: the fields' defaults are not the site's. */
  private constructed = false;

  constructor() {
    super();
    // The match against the computer stays (and is saved) while the person plays online, unheard.
    this.local.onEvent((event) => {
      if (!this.onlineChosen) this.onEmitted(event);
    });
    this.constructed = true;
  }

  // Every set of a property passes here, an attribute's too (even to the value it had).
  override requestUpdate(name?: PropertyKey, oldValue?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, oldValue, options);
    if (this.constructed && name !== undefined) this.settings.noteSet(name, this[name as keyof this]);
  }

  private locked(): Set<SettingName> {
    return this.settings.locked();
  }

  /** The match in the page, from the person's seat (the session's own choice; a test seats them elsewhere). */
  protected createLocalSession(): LocalSession {
    return new LocalSession(this);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.persistence.opened) this.startFromSaved();
    if (!this.onlineChosen) this.onHashChange();
    window.addEventListener('hashchange', this.onHashChange);
  }

  // ---- Online play -----------------------------------------------------------------------------

  /**
   * Online when the page URL invites to a room: on arrival, and when the fragment changes. On arrival
   * also when a seat kept on this server waits to be resumed.
   */
  private readonly onHashChange = (change?: Event) => {
    const room = roomInLink(location.hash);
    if (room) void this.goOnline({ type: 'join', room });
    else if (!change && this.persistence.keptServer() === this.server) void this.goOnline({ type: 'resume' });
  };

  /** Online play's code and texts load on demand: only a person who plays online needs them. */
  private async goOnline(entry: OnlineEntry): Promise<void> {
    if (!this.server) return;
    this.onlineChosen = true;
    this.choosing = null;
    await this.loadOnDemand(async () => {
      await loadExtraTexts();
      const { OnlineMode } = await import('./online-mode.js');
      this.online ??= new OnlineMode({
        element: this,
        t: () => this.translator,
        say: (text) => this.announcer.say(text),
        locked: () => this.locked(),
        persistence: this.persistence,
        emitted: (event) => this.onEmitted(event),
        left: () => {
          this.online = null;
          this.onlineChosen = false;
          this.choosing = null;
        },
      });
    });
    this.onlineChosen = !!this.online;
    this.online?.enter(entry, this.settingsNow());
  }

  private settingsNow(): EffectiveSettings {
    return this.settings.now();
  }

  /** Resumes the saved match if there is a sound one, else starts a new match with the settings. */
  private startFromSaved(): void {
    const persistence = this.persistence;
    persistence.open();
    const saved = persistence.load();
    this.settings.player = saved.settings;
    this.stats = saved.stats;
    const settings = this.settingsNow();
    const local = this.local;
    const input = {
      config: configOf(settings),
      seats: localSeats(settings.players, local.seat),
      level: settings.level,
      tempo: settings.tempo,
      ...(settings.seed !== null ? { seed: settings.seed } : {}),
    };
    local.subscribe(() => persistence.saveMatchSoon(() => local.persistedSnapshot()));
    void this.updateLanguage();
    if (saved.match === null) {
      local.start(input);
      return;
    }
    void local.resumeOrStart(input, saved.match).then((resumed) => {
      if (!resumed) {
        console.warn('<domino-game>: the saved match could not be resumed; a new one starts.');
        persistence.dropMatch();
      }
      // A resumed match keeps its settings; newer ones wait for the next match.
      else this.syncSettings(false);
    });
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) void this.updateLanguage();
    // The styles match these values only (case aside): another is warned about, and the theme stays auto.
    if (changed.has('theme') && this.theme !== null && !/^(light|dark|auto)$/i.test(this.theme)) {
      warnOnce('theme', this.theme, 'auto', 'one of light, dark, auto');
    }
    const settingNames = ['variant', 'players', 'target', 'level', 'tempo', 'teams', 'lockSettings'] as const;
    if (this.persistence.opened && settingNames.some((name) => changed.has(name))) this.syncSettings(true);
  }

  /** The language: the player's choice, the `lang` attribute, the page's, the browser's, else English. */
  private updateLanguage(): Promise<void> {
    return this.locale.update();
  }

  /**
   * Brings the match in line with the settings: the tempo at once; the game, players and level from
   * the next match (and, when `announce`, it says so).
   */
  private syncSettings(announce: boolean): void {
    const local = this.local;
    const now = local.settings;
    if (!now) return;
    const settings = this.settingsNow();
    if (settings.tempo !== now.tempo) local.configure({ tempo: settings.tempo });
    const config = configOf(settings);
    if (settings.level === now.level && sameGame(config, now.config)) return;
    local.configure({ level: settings.level, config, seats: localSeats(settings.players, local.seat) });
    if (announce) {
      this.notice = 'settingsNextMatch';
      this.announcer.say(this.translator.t(this.notice));
    }
  }

  private onSettingsChange(event: InternalEvent<'settings-change'>): void {
    this.settings.player = { ...this.settings.player, ...event.detail.settings };
    this.persistence.saveSettings(this.settings.player);
    this.syncSettings(true);
    void this.updateLanguage();
  }

  private onStatsReset(): void {
    this.stats = emptyStats();
    this.persistence.saveStats(this.stats);
    this.announcer.say(this.translator.t('statsResetDone'));
  }

  /**
   * From the settings dialog, confirmed there: the match being played is given up (it counts as played,
   * not won) and a new one starts with the settings that were waiting for it.
   */
  private onNewGameNow(): void {
    const state = this.local.state;
    if (state && state.phase !== 'matchOver') this.countMatch(null, state);
    this.onMainAction('newGame');
    this.announcer.say(this.translator.t('newGameStarted'));
  }

  // ---- Round and match summaries ---------------------------------------------------------------

  /** The scores after each round heard, from the round-end events (the view keeps no history); summary.ts picks this match's. */
  private readonly rounds: RoundRow[] = [];
  /** The summaries' story (score by round, why the match ended), once its code and texts have loaded. */
  private summaryPart: typeof import('./summary.js') | null = null;

  /** The summary's body loads when a round ends: a first visit does not need it. Until then, its heading shows. */
  private loadSummary(): Promise<unknown> {
    // Once: a render asks again while it loads, and a failed load is not retried (the notice says reload).
    return (this.storyLoading ??= this.loadOnDemand(async () => {
      await loadExtraTexts();
      const part = await import('./summary.js');
      // Its styles join the root's: every browser with the colour functions the theme uses adopts sheets.
      const root = this.renderRoot as ShadowRoot;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, part.summaryStyles.styleSheet!];
      this.summaryPart = part;
    }));
  }
  private storyLoading: Promise<unknown> | null = null;

  private renderStory(t: Translator, state: SessionState) {
    const part = this.summaryPart;
    // A match resumed at a round's end heard no event: the body loads now.
    if (!part) void this.loadSummary();
    return part?.renderSummaryBody(t, state, this.rounds);
  }

  // ---- Events from the match -------------------------------------------------------------------

  private onEmitted(event: MatchEmitted): void {
    const state = this.session.state;
    if (!state) return;
    // A match can start while the element connects (tempo "instant"): the page hears its first events
    // once the element has rendered, so a listener added just after it was put on the page is not late.
    if (this.hasUpdated) emitDomEvent(this, event, state);
    else void this.updateComplete.then(() => emitDomEvent(this, event, state));
    if (event.type === 'matchEnd' && this.session === this.local) this.countMatch(event.winningSide, state);
    if (event.type === 'roundEnd' || event.type === 'matchEnd') {
      this.rounds.push({ round: state.view.round.number, scores: event.scores });
      void this.loadSummary();
    }
    const text = announcementOf(this.translator, event, state);
    if (text) this.announcer.say(text);
    this.tableStory.heard(event, text);
    if (event.type === 'turn' && event.seat === state.seat) this.choosing = null;
  }

  /** Statistics: a finished match counts as played, and as won when your side won it (null: given up). */
  private countMatch(winningSide: number | null, state: SessionState): void {
    // Statistics are per level of the computers: a local match's.
    const level = this.local.level;
    if (!this.stats || !level) return;
    const { config } = state.view;
    const yourSide = config.teams ? state.seat % 2 : state.seat;
    this.stats = recordMatch(this.stats, level, config.variant, winningSide === yourSide);
    this.persistence.saveStats(this.stats);
  }

  /** Whether the main button had the focus before this render (it may be about to go). */
  private mainHadFocus = false;

  protected override update(changed: PropertyValues<this>): void {
    this.mainHadFocus = (this.renderRoot as ShadowRoot).activeElement?.matches('button.main') ?? false;
    super.update(changed);
  }

  override updated(): void {
    // Draw, Pass, Next round and New game vanish once used: the focus goes on to your tiles, not the page.
    if (this.mainHadFocus && !this.renderRoot.querySelector('button.main')) this.hand?.focusTile();
    const rejection = this.session.state?.rejection ?? null;
    if (rejection && rejection !== this.lastRejection) this.announcer.say(rejectionText(this.translator, rejection, this.session.state?.view));
    this.lastRejection = rejection;
  }

  // ---- Your intents ----------------------------------------------------------------------------

  private playsOf(tile: Tile): Play[] {
    const moves: readonly LegalMove[] = this.session.state?.legal ?? [];
    return moves.filter((m): m is Play => m.type === 'play' && tileName(m.tile) === tileName(tile));
  }

  private onTileChosen(event: InternalEvent<'tile-chosen'>): void {
    const { tile, via, pointer } = event.detail;
    const plays = this.playsOf(tile);
    if (plays.length === 0) return;
    if (plays.length === 1 && via === 'click') {
      this.play(plays[0]!);
      return;
    }
    this.choosing = tile;
    if (via === 'drag' && pointer) this.followDrag(tile, pointer);
    else void this.updateComplete.then(() => this.board?.focusPlace(0));
  }

  /** A dragged tile follows the pointer; dropping it on a place (or anywhere on the table when only one fits) plays it. */
  private followDrag(tile: Tile, start: PointerEvent): void {
    const ghost = this.renderRoot.querySelector<HTMLElement>('.ghost');
    const place = (e: PointerEvent) => {
      if (ghost) this.tableStory.drag(ghost, tile, e);
    };
    place(start);
    this.pointer.follow(place, (e) => {
      if (ghost) this.tableStory.drop(ghost);
      if (e.type === 'pointercancel') return;
      const plays = this.playsOf(tile);
      const target = this.board?.placeAt(e.clientX, e.clientY) ?? null;
      if (target) this.play(target);
      else if (plays.length === 1 && this.board?.coversPoint(e.clientX, e.clientY)) this.play(plays[0]!);
      else if (plays.length > 1) void this.board?.focusPlace(0);
      else this.choosing = null;
    });
  }

  /** The pointer that carries a dragged tile. */
  private readonly pointer = new PointerFollower(this);

  private onPlaceChosen(event: InternalEvent<'place-chosen'>): void {
    this.play(event.detail.move);
  }

  private cancelChoosing(): void {
    const tile = this.choosing;
    this.choosing = null;
    if (tile) {
      const index = this.session.state?.view.hand.findIndex((t) => tileName(t) === tileName(tile)) ?? 0;
      this.hand?.focusTile(index);
    }
  }

  private play(move: Play): void {
    const handHadFocus = this.hand?.hasFocus || this.board?.matches(':focus-within');
    this.choosing = null;
    this.tableStory.playing(this.hand?.rectOf(move.tile));
    this.session.send({ type: 'play', tile: move.tile, end: move.end });
    if (handHadFocus) void this.updateComplete.then(() => this.hand?.focusTile());
  }

  private onMainAction(action: MainAction): void {
    switch (action) {
      case 'draw':
        this.session.send({ type: 'draw' });
        break;
      case 'pass':
        this.session.send({ type: 'pass' });
        break;
      case 'nextRound':
        this.session.send({ type: 'next-round' });
        break;
      case 'newGame':
        this.notice = '';
        this.session.send({ type: 'new-match' });
        this.syncSettings(false);
        break;
    }
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === 'Escape' && this.choosing) {
      event.preventDefault();
      this.cancelChoosing();
    }
  }

  // ---- Rendering -------------------------------------------------------------------------------

  override render() {
    const state = this.session.state;
    const t = this.translator;
    // Online, a screen of the lobby stands in for the table until the room's match shows.
    const screen = this.online?.screen();
    return html`<div class="game" dir=${t.dir} @keydown=${this.onKeyDown}>
      ${screen ?? (state && this.renderTable(t, state))}
      <div class="live" role="status" aria-live="polite"></div>
      <div class="ghost" hidden aria-hidden="true"></div>
      <p class="home"><a part="home-link" href=${HOME_PAGE_URL} target="_blank" rel="noopener">${t.t('homeLink')}</a></p>
    </div>`;
  }

  private renderTable(t: Translator, state: SessionState) {
    const { phase, view, legal } = state;
    const playable = new Set(legal.filter((m): m is Play => m.type === 'play').map((m) => tileName(m.tile)));
    const places = this.choosing ? this.playsOf(this.choosing) : [];
    const online = this.online;
    const button = mainActionOf(phase, legal);
    const action = online ? online.allow(button) : button;
    const thinking = phase === 'playing' && view.turn !== null && view.turn !== state.seat;
    // The play area keeps one height (table.styles.ts): the table takes what is left; the summary lies
    // over the table and the lines under it (they say what it says).
    return html`<div class="play">${online?.bar()} ${renderPlayers(t, state, thinking, online?.presence)} ${renderStatusLine(t, view)}
      <div class="stage">
        <domino-board
          exportparts="table, place"
          .table=${view.table}
          .openEnds=${view.openEnds}
          .places=${places}
          .placing=${this.choosing}
          .marks=${this.tableStory.marks(t, state)}
          .origin=${this.tableStory.origin(state)}
          @place-chosen=${this.onPlaceChosen}
          @place-cancel=${this.cancelChoosing}
        ></domino-board>
        <p class="happened">${this.tableStory.line}</p>
        <p class="hint" part="hint">${hintOf(t, state, this.choosing !== null)}</p>
        ${phase === 'roundOver' || phase === 'matchOver' ? html`<div class="over" tabindex="0">${renderSummary(t, state, this.renderStory(t, state))}</div>` : nothing}
      </div>
      <domino-hand
        exportparts="tile, playable, unplayable, selected"
        .tiles=${view.hand}
        .playable=${playable}
        .selected=${this.choosing}
        .deal=${phase === 'playing' ? view.round.number : 0}
        ?active=${playable.size > 0}
        @tile-chosen=${this.onTileChosen}
      ></domino-hand>
      <div class="actions">
        ${action
          ? html`<button class="main" part="main-button" type="button" @click=${() => this.onMainAction(action.action)}>
              ${t.t(action.label)}
            </button>`
          : nothing}
        <button class="secondary" part="settings-button" type="button" aria-haspopup="dialog" @click=${this.openSettings}>
          ${t.t('settings')}
        </button>
      </div></div>
      <domino-settings
        .settings=${this.settingsNow()}
        .locked=${this.locked()}
        .stats=${this.stats}
        .online=${this.server ? this.onlineChosen : null}
        @settings-change=${this.onSettingsChange}
        .restart=${!this.onlineChosen && state.pending && phase !== 'matchOver'}
        @stats-reset=${this.onStatsReset}
        @new-game=${this.onNewGameNow}
        @play-against=${() => (this.online ? this.online.back() : this.goOnline({ type: 'create' }))}
      ></domino-settings>
      ${this.notice && state.pending ? html`<p class="notice">${t.t(this.notice)}</p>` : nothing}
      ${this.loadProblem ? html`<p class="notice problem">${t.t(this.loadProblem)}</p>` : nothing}
      <details class="how" part="how-to-play" @toggle=${this.onHowToPlayToggle}>
        <summary>${t.t('howToPlay')}</summary>
        <p>${t.t(HOW_TO[view.config.variant])}</p>
      </details>`;
  }

  /** The how-to-play text is one of the texts loaded on demand: it shows once they are here. */
  private onHowToPlayToggle(event: Event): void {
    if ((event.currentTarget as HTMLDetailsElement).open) void this.loadOnDemand(() => loadExtraTexts());
  }

  /** The dialog's code and texts load on first use: a first visit does not need them. */
  private async openSettings(event: Event): Promise<void> {
    const opener = event.currentTarget as HTMLElement;
    const loaded = await this.loadOnDemand(async () => {
      await loadExtraTexts();
      await import('../domino-settings/domino-settings.js');
    });
    if (!loaded) return;
    await this.settingsDialog?.updateComplete;
    this.settingsDialog?.open(opener);
  }

  /**
   * Loads a part of the game kept out of the first visit. When it cannot (the connection dropped), the
   * player is told to reload: browsers remember a module that failed to load for the page's lifetime,
   * and a reload resumes the saved match. The game itself goes on meanwhile.
   */
  private async loadOnDemand(load: () => Promise<unknown>): Promise<boolean> {
    try {
      await load();
      this.loadProblem = '';
      this.requestUpdate();
      return true;
    } catch (error) {
      console.warn('<domino-game>: a part of the game could not be loaded.', error);
      this.loadProblem = 'loadFailed';
      this.announcer.say(this.translator.t(this.loadProblem));
      return false;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.announcer.cancel();
    window.removeEventListener('hashchange', this.onHashChange);
  }
}

if (!customElements.get('domino-game')) customElements.define('domino-game', DominoGame);

declare global {
  interface HTMLElementTagNameMap {
    'domino-game': DominoGame;
  }
}
