import type { DominoGame } from '../../../src/index.js';
import { BoardHarness } from './board.js';
import { HandHarness } from './hand.js';
import { LobbyHarness } from './lobby.js';
import { all, one, textOf } from './query.js';
import { QuickMatchHarness } from './quick-match.js';
import { MatchRecordHarness, ReplayHarness, RoundReviewHarness } from './record.js';
import { RoomBarHarness } from './room-bar.js';
import { SettingsHarness } from './settings.js';
import { ScoreTableHarness } from './summary.js';

const OPEN_CEILING_MS = 30_000;

/** A player's chip in the top row: name, tiles left, whose turn, and what online play adds to it. */
export class PlayerChipHarness {
  constructor(readonly host: HTMLElement) {}
  name = (): string => textOf(one(this.host, '.name'));
  text = (): string => textOf(this.host);
  /** It is this player's turn (the widget marks the chip). */
  isTurn = (): boolean => this.host.classList.contains('turn');
  /** How many tiles the player holds, from the chip's count. */
  tileCount = (): number => {
    const match = /\d+/.exec(textOf(one(this.host, '.count')));
    if (!match) throw new Error(`no tile count on ${this.name()}'s chip`);
    return Number(match[0]);
  };
  /** The "partner" tag, on your partner's chip only. */
  partnerTag = (): HTMLElement | null => one(this.host, '.partner');
  /** The turn's countdown (online), or null. */
  clock = (): HTMLElement | null => one(this.host, '.clock');
  /** The rating shown on the chip at a quick-match table ("1000?"), or null. */
  rating = (): HTMLElement | null => one(this.host, '.rating');
  /** The phrase the player just said (online), or null. */
  bubble = (): HTMLElement | null => one(this.host, '.bubble');
}

/** <domino-game>: the widget as the person sees it. */
export class GameHarness {
  constructor(readonly el: DominoGame) {}
  private find = <E extends Element = HTMLElement>(selector: string): E | null => one<E>(this.el.shadowRoot, selector);
  private findAll = <E extends Element = HTMLElement>(selector: string): E[] => all<E>(this.el.shadowRoot, selector);

  hand = (): HandHarness => new HandHarness(this.find('domino-hand')!);
  hasHand = (): boolean => this.find('domino-hand') !== null;
  board = (): BoardHarness => new BoardHarness(this.find('domino-board')!);
  hasBoard = (): boolean => this.find('domino-board') !== null;
  /** Every board the widget shows (the table's, and a replay's). */
  boards = (): BoardHarness[] => this.findAll('domino-board').map((host) => new BoardHarness(host));
  /** The settings element (its dialog loads on first use). */
  settings = (): SettingsHarness => new SettingsHarness(this.find('domino-settings')!);
  /** The online lobby, when the widget shows one. */
  lobby = (): LobbyHarness | null => {
    const host = this.find('domino-lobby');
    return host ? new LobbyHarness(host) : null;
  };
  /** Quick match's screens, when the widget shows one. */
  quickMatch = (): QuickMatchHarness | null => {
    const host = this.find('domino-quick-match');
    return host ? new QuickMatchHarness(host) : null;
  };
  /** The bar above a room's table, when the widget shows one. */
  roomBar = (): RoomBarHarness | null => {
    const host = this.find('domino-room-bar');
    return host ? new RoomBarHarness(host) : null;
  };

  /** The one main button (Draw, Pass, Next round, New game), when it shows. */
  mainButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('[part~="main-button"]');
  mainLabel = (): string | null => (this.mainButton() ? textOf(this.mainButton()) : null);
  settingsButton = (): HTMLButtonElement => this.find<HTMLButtonElement>('[part="settings-button"]')!;
  /** The settings button's visible text (it follows the language). */
  settingsLabel = (): string => textOf(this.find('[part="settings-button"]'));
  /** Opens the settings dialog by its button and waits for it; the harness of the open dialog. */
  openSettings = async (): Promise<SettingsHarness> => {
    this.settingsButton().click();
    const settings = this.settings();
    const start = performance.now();
    // Its dialog's code loads on first use: polled, with a ceiling that only turns a hang into a failure.
    while (!settings.openDialog()) {
      if (performance.now() - start > OPEN_CEILING_MS) throw new Error(`the settings dialog did not open in ${OPEN_CEILING_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return settings;
  };
  hintButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('[part~="hint-button"]');
  undoButton = (): HTMLButtonElement | null => this.find<HTMLButtonElement>('[part~="undo-button"]');
  /** The buttons of the row under the hand (the main button, hint, undo, settings). */
  actionButtons = (): HTMLButtonElement[] => this.findAll<HTMLButtonElement>('.actions button');
  /** The row of buttons under the hand. */
  actionRow = (): HTMLElement => this.find('.actions')!;
  /** The widget's outer box. */
  frame = (): HTMLElement => this.find('.game')!;
  /** The part of the widget that plays: the players, the table, the hand. */
  playArea = (): HTMLElement => this.find('.play')!;
  /** The polite live region that narrates the match. */
  liveRegion = (): HTMLElement => this.find('[aria-live="polite"]')!;
  /** What the live region holds now. */
  liveText = (): string => textOf(this.find('.live'));
  /** The line under the table that says what waits for the next match. */
  notice = (): HTMLElement | null => this.find('.notice');
  noticeText = (): string => textOf(this.notice());
  /** The status line: the variant, the round, the target. */
  status = (): string => textOf(this.find('[part~="status"]'));
  /** What the widget asks of you. */
  hint = (): string => textOf(this.find('[part~="hint"]'));
  /** The line that says what the widget asks of you, as an element (for its style and box). */
  hintLine = (): HTMLElement => this.find('[part~="hint"]')!;
  /** The visible line that says what just happened. */
  happened = (): string => textOf(this.find('.happened'));
  /** A problem shown (a part that could not be loaded), or null. */
  problem = (): HTMLElement | null => this.find('.problem');
  /** The dragged tile's image. */
  ghost = (): HTMLElement => this.find('.ghost')!;
  /** The drawing of a tile inside the dragged image, or null when it shows none. */
  ghostDrawing = (): SVGSVGElement | null => one<SVGSVGElement>(this.ghost(), 'svg.tile-svg');
  /** The players' chips in the top row. */
  chips = (): HTMLElement[] => this.findAll('.players li.player');
  /** A player's chip, by seat (0 is you, or the first seat when watching). */
  chip = (seat: number): PlayerChipHarness => {
    const host = this.chips()[seat];
    if (!host) throw new Error(`no chip for seat ${seat}`);
    return new PlayerChipHarness(host);
  };
  /** The players' chips, each through its harness. */
  playerChips = (): PlayerChipHarness[] => this.chips().map((chip) => new PlayerChipHarness(chip));
  chipNames = (): string[] => this.chips().map((chip) => new PlayerChipHarness(chip).name());
  chipTexts = (): string[] => this.chips().map(textOf);
  /** The name on the chip whose turn it is, or null. */
  turnName = (): string | null => this.playerChips().find((chip) => chip.isTurn())?.name() ?? null;
  /** The teams' chips, with partnerships. */
  teams = (): HTMLElement[] => this.findAll('.players .team');
  /** The boxes drawn as panels: the chips, the teams, the summary. */
  panels = (): HTMLElement[] => this.findAll('.player, .team, .summary');
  /** The round's or the match's summary, when it shows. */
  summary = (): HTMLElement | null => this.find('[part~="summary"]');
  /** The round is over (its summary or the match's shows). */
  roundOver = (): boolean => this.roundEnd() !== null;
  /** The panel of a round's end: the summary's fold, the review's, the record's buttons. */
  roundEnd = (): HTMLElement | null => this.find('.over');
  /** What the play area stacks, each block once (the players' line, the status line, the table, the lines under it, the round's end, the hand, the button row). */
  playAreaBlocks = (): HTMLElement[] => this.findAll('.play > :not(.stage), .stage > *');
  summaryTitle = (): string => textOf(this.find('[part~="summary"] h2'));
  /** Why the match ended, on the match's summary. */
  why = (): string => textOf(this.find('[part~="summary"] .why'));
  /** The line that gives the match's seed, on its summary. */
  seedLine = (): string => textOf(this.find('[part~="summary"] .seed'));
  /** The score table of the summary. */
  scoreTable = (): HTMLTableElement | null => this.find<HTMLTableElement>('[part~="summary"] table.rounds');
  /** The score table, read as the page shows it; null when no summary shows. */
  scores = (): ScoreTableHarness | null => {
    const table = this.scoreTable();
    return table ? new ScoreTableHarness(table) : null;
  };
  /** At a round's end: each chip's tiles face up (their names) and its pips line. */
  revealedHands = (): { tiles: string[]; pips: string }[] =>
    this.chips().map((chip) => ({
      tiles: all(chip, '.revealed li').map((tile) => tile.getAttribute('aria-label')!.replace(/^\D*/, '')),
      pips: textOf(one(chip, '.revealed .pips')),
    }));
  /** The summary's fold heading (opens and closes it). */
  summaryToggle = (): HTMLElement | null => this.find('[part~="summary"] > summary');
  /** The how-to-play fold. */
  howToPlay = (): HTMLDetailsElement | null => this.find<HTMLDetailsElement>('[part~="how-to-play"]');
  /** Opens or closes the how-to-play fold by its heading. */
  toggleHowToPlay = (): void => {
    const heading = one<HTMLElement>(this.howToPlay(), 'summary');
    if (!heading) throw new Error('the how-to-play fold is not shown');
    heading.click();
  };
  /** The rules the how-to-play fold gives (its first paragraph). */
  howToPlayText = (): string => textOf(one(this.howToPlay(), 'p'));
  /** The match's record under its summary, when it shows. */
  matchRecord = (): MatchRecordHarness | null => {
    const host = this.find('domino-match-record');
    return host ? new MatchRecordHarness(host) : null;
  };
  /** The review of your moves under a round's summary, when it shows. */
  roundReview = (): RoundReviewHarness | null => {
    const host = this.find('domino-round-review');
    return host ? new RoundReviewHarness(host) : null;
  };
  /** The replay dialog, while it is on the page. */
  replay = (): ReplayHarness | null => {
    const host = this.find('domino-replay');
    return host ? new ReplayHarness(host) : null;
  };
  /** What a person can reach at a round's end: the summary's fold, the review's, the record's buttons and links. */
  roundEndControls = (): Element[] =>
    [this.summary(), this.find('domino-round-review'), this.find('domino-match-record')].flatMap((part) =>
      all<Element>(part, 'summary, button, a[href], [tabindex]'),
    );
  /** Every element of the widget's own shadow DOM (not of the elements inside it). */
  ownElements = (): HTMLElement[] => this.findAll('*');
}

/** The harness of a <domino-game>. */
export const game = (el: DominoGame): GameHarness => new GameHarness(el);
