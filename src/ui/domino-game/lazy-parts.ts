/**
 * The parts of the game kept out of the first visit, loaded when first needed: the texts shown on
 * demand, the settings dialog, the summaries' body, online play; and what the first moves need but the
 * first screen does not show (the match's statechart, the table's layout), fetched as soon as the table
 * is playable, in idle time, so that no move waits for it and the first visit's table is playable
 * before it is fetched. When one cannot load (the connection
 * dropped), the player is told to reload: browsers remember a module that failed to load for the
 * page's lifetime, and a reload resumes the saved match. The game itself goes on meanwhile.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { loadExtraTexts, type MessageKey, type Translator } from '../../i18n/index.js';
import type { LocalSession } from '../session/local-session.js';
import type { MatchEmitted, SessionState } from '../session/session.js';
import type { RoundRow } from './round-history.js';

type OnlineModule = typeof import('./online/online-mode.js');

export class LazyParts implements ReactiveController {
  /** Why a part is missing, until it loads: a text's key, so the notice follows the language. */
  problem: MessageKey | '' = '';
  /** The summaries' story (score by round, why the match ended), once its code and texts have loaded. */
  private summaryPart: typeof import('./summary.js') | null = null;
  private summaryLoading: Promise<unknown> | null = null;
  private firstMovesAskedFor = false;

  constructor(
    private readonly host: {
      element: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };
      t(): Translator;
      /** Says a text in the live region. */
      announce(text: string): void;
      /** Loads what the first moves need and the first screen does not show (the statechart, the table's layout). */
      loadFirstMoves(): Promise<unknown>;
      /** Whether the table is playable: the person may move, or the match shown is past its moves. */
      tablePlayable(): boolean;
    },
  ) {
    host.element.addController(this);
  }

  /** The table is playable: what the first moves need comes now, so that none of them waits for it. */
  hostUpdated(): void {
    if (this.firstMovesAskedFor || !this.host.tablePlayable()) return;
    this.firstMovesAskedFor = true;
    this.prefetch(() => this.host.loadFirstMoves());
  }

  /** Loads a part; says so when it cannot. */
  async load(load: () => Promise<unknown>): Promise<boolean> {
    try {
      await load();
      this.problem = '';
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    } finally {
      this.host.element.requestUpdate();
    }
  }

  /**
   * Loads what the first moves need, once the table is playable: when the page is next idle after the
   * next frame (within a fifth of a second, before a person has chosen a tile). Nothing shows when it has loaded; it is said
   * only when it cannot.
   */
  prefetch(load: () => Promise<unknown>): void {
    const run = () =>
      void load().catch((error: unknown) => {
        this.failed(error);
        this.host.element.requestUpdate();
      });
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 200 }) : setTimeout(run, 0));
    // After the frame that shows the table playable (the tiles glowing in the hand drawn by then): its
    // first paint owes nothing to what comes next.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => void whenIdle());
    else whenIdle();
  }

  private failed(error: unknown): void {
    console.warn('<domino-game>: a part of the game could not be loaded.', error);
    this.problem = 'loadFailed';
    this.host.announce(this.host.t().t(this.problem));
  }

  /** The texts shown on demand (the how-to-play text among them). */
  texts(): Promise<boolean> {
    return this.load(() => loadExtraTexts());
  }

  /** The settings dialog's code and texts. */
  settingsDialog(): Promise<boolean> {
    return this.load(async () => {
      await loadExtraTexts();
      await import('../domino-settings/domino-settings.js');
    });
  }

  /** Online play's code and texts (only a person who plays online needs them); null when they cannot load. */
  async onlineMode(): Promise<OnlineModule | null> {
    let module: OnlineModule | null = null;
    await this.load(async () => {
      await loadExtraTexts();
      module = await import('./online/online-mode.js');
    });
    return module;
  }

  /** The summary loads when a round ends: a first visit does not need it. Until then, the table has the stage alone. */
  loadSummary(): Promise<unknown> {
    // Once: a render asks again while it loads, and a failed load is not retried (the notice says reload).
    return (this.summaryLoading ??= this.load(async () => {
      await loadExtraTexts();
      const part = await import('./summary.js');
      // Its styles join the root's: every browser with the colour functions the theme uses adopts sheets.
      const root = this.host.element.renderRoot as ShadowRoot;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, part.summaryStyles.styleSheet!, part.reviewStyles.styleSheet!];
      this.summaryPart = part;
    }));
  }

  /**
   * The round's or match's end for `state` (summary.ts), with the scores after each round heard and,
   * against the computer, the local session for the round's review and the match's record; nothing
   * until it has loaded.
   */
  roundEnd(t: Translator, state: SessionState, rounds: readonly RoundRow[], local: LocalSession | null): unknown {
    // A match resumed at a round's end heard no event: the summary loads now.
    const part = this.summaryPart;
    if (!part) void this.loadSummary();
    return part?.renderRoundEnd(t, state, rounds, local);
  }

  /** What is said of a round's or the match's end, once the summary's code and texts are here ('' if they cannot load). */
  async resultText(event: MatchEmitted, state: SessionState): Promise<string> {
    await this.loadSummary();
    return this.summaryPart?.resultAnnouncement(this.host.t(), event, state) ?? '';
  }

  /** Each seat's tiles face up at its chip once the round is over; undefined until the summary has loaded. */
  revealed(t: Translator, state: SessionState): ((seat: number) => unknown) | undefined {
    const summary = this.summaryPart;
    return summary ? (seat) => summary.renderRevealedHand(t, state, seat) : undefined;
  }
}
