/**
 * The parts of the game kept out of the first visit, loaded when first needed: the texts shown on
 * demand, the settings dialog, the summaries' body, online play. When one cannot load (the connection
 * dropped), the player is told to reload: browsers remember a module that failed to load for the
 * page's lifetime, and a reload resumes the saved match. The game itself goes on meanwhile.
 */
import type { ReactiveControllerHost } from 'lit';
import { loadExtraTexts, type MessageKey, type Translator } from '../../i18n/index.js';
import type { LocalSession } from '../session/local-session.js';
import type { MatchEmitted, SessionState } from '../session/session.js';
import type { RoundRow } from './round-history.js';

type OnlineModule = typeof import('./online/online-mode.js');

export class LazyParts {
  /** Why a part is missing, until it loads: a text's key, so the notice follows the language. */
  problem: MessageKey | '' = '';
  /** The summaries' story (score by round, why the match ended), once its code and texts have loaded. */
  private summaryPart: typeof import('./summary.js') | null = null;
  private summaryLoading: Promise<unknown> | null = null;

  constructor(
    private readonly host: {
      element: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };
      t(): Translator;
      /** Says a text in the live region. */
      announce(text: string): void;
    },
  ) {}

  /** Loads a part; says so when it cannot. */
  async load(load: () => Promise<unknown>): Promise<boolean> {
    try {
      await load();
      this.problem = '';
      return true;
    } catch (error) {
      console.warn('<domino-game>: a part of the game could not be loaded.', error);
      this.problem = 'loadFailed';
      this.host.announce(this.host.t().t(this.problem));
      return false;
    } finally {
      this.host.element.requestUpdate();
    }
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
