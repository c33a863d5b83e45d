/**
 * The match against the computer, kept in step with the settings and saved: resumed from the saved
 * game when it joins the page (or started anew), the settings applied as they change (the tempo at
 * once; the game, players and level from the next match), the person's choices saved, and the
 * statistics kept. It goes on, saved and unheard, while the person plays online.
 */
import type { ReactiveController } from 'lit';
import type { MessageKey } from '../../i18n/index.js';
import { emptyStats, recordMatch, type PlayerSettings, type Stats } from '../../storage/index.js';
import type { LocalSession } from '../session/local-session.js';
import type { SessionState } from '../session/session.js';
import { configOf, sameGame, type SettingsSource } from './effective-settings.js';
import type { PartHost } from './game-element.js';
import type { PersistenceController } from './persistence.js';
import type { ShownMatchNews } from './shown-match.js';
import { localSeats } from './settings.js';

/** What the local match needs of the root. */
export interface LocalMatchHost extends PartHost, Pick<ShownMatchNews, 'onMatchEvent'> {
  /** The match played in the page. */
  local: LocalSession;
  persistence: PersistenceController;
  settings: SettingsSource;
  /** The root's language: the person's choice may change it. */
  locale: { update(): Promise<void> };
  /** Whether the match shown is the local one. */
  offline(): boolean;
}

export class LocalMatchController implements ReactiveController {
  /** Won and played, per level and variant; null until the saved game is read. */
  stats: Stats | null = null;
  /** A text's key, not the text: a notice follows the language when it changes. */
  notice: MessageKey | '' = '';
  /** The person took a hint in this match: it counts apart, and is saved with the match. */
  private hinted = false;

  private readonly session: LocalSession;
  private readonly persistence: PersistenceController;
  private readonly settings: SettingsSource;

  /** Added after the persistence: it starts the match once where to save is known. */
  constructor(private readonly host: LocalMatchHost) {
    this.session = host.local;
    this.persistence = host.persistence;
    this.settings = host.settings;
    host.element.addController(this);
    // A finished match counts in the statistics when it was the one shown (the person played it to its end).
    host.onMatchEvent((event, state) => {
      if (event.type === 'matchEnd' && host.offline()) this.count(event.winningSide, state);
    });
  }

  /** Says a text of the catalogs in the live region. */
  private announce(key: MessageKey): void {
    this.host.announce(this.host.t().t(key));
  }

  hostConnected(): void {
    if (!this.persistence.opened) this.startFromSaved();
  }

  /** Resumes the saved match if there is a sound one, else starts a new match with the settings. */
  private startFromSaved(): void {
    const { persistence, session } = this;
    persistence.open();
    const saved = persistence.load();
    this.settings.player = saved.settings;
    this.stats = saved.stats;
    this.hinted = saved.hinted;
    const settings = this.settings.now();
    const input = {
      config: configOf(settings),
      seats: localSeats(settings.players, session.seat),
      level: settings.level,
      tempo: settings.tempo,
      undo: settings.undo,
      // A match the site did not seed gets a fresh seed from the session.
      ...(settings.seed === null ? {} : { seed: settings.seed }),
    };
    session.subscribe(() => this.saveSoon());
    void this.host.locale.update();
    if (saved.match === null) {
      session.start(input);
      return;
    }
    void session.resumeOrStart(input, saved.match, saved.rounds).then(
      (resumed) => {
        if (!resumed) {
          this.hinted = false;
          console.warn('<domino-game>: the saved match could not be resumed; a new one starts.');
          persistence.dropMatch();
        }
        // A resumed match keeps its settings; newer ones wait for the next match.
        else this.sync({ notice: false });
      },
      (error: unknown) => {
        // Its code could not load (the connection dropped): the saved match stays for a reload to resume, unless
        // the new match shown meanwhile is saved over it (it is once the statechart runs; without it, never).
        this.hinted = false;
        console.warn('<domino-game>: the saved match could not be loaded; it stays saved, and a reload resumes it.', error);
      },
    );
  }

  private saveSoon(): void {
    this.persistence.saveMatchSoon(() => {
      // Nothing to save before the actor runs (a new match's opening): a reload then deals the match afresh.
      const snapshot = this.session.persistedSnapshot();
      return snapshot && { snapshot, hinted: this.hinted, rounds: this.session.roundEnds };
    });
  }

  /** A hint was shown: this match counts apart from now on, after a reload too. */
  hintTaken(): void {
    if (this.hinted) return;
    this.hinted = true;
    this.saveSoon();
  }

  /**
   * Brings the match in line with the settings: the tempo at once; the game, players and level from
   * the next match (with `notice`, the person is told so).
   */
  sync({ notice }: { notice: boolean }): void {
    const { session } = this;
    const now = session.settings;
    if (!now) return;
    const settings = this.settings.now();
    if (settings.tempo !== now.tempo) session.configure({ tempo: settings.tempo });
    if (settings.undo !== now.undo) session.configure({ undo: settings.undo });
    const config = configOf(settings);
    if (settings.level === now.level && sameGame(config, now.config)) return;
    session.configure({ level: settings.level, config, seats: localSeats(settings.players, session.seat) });
    if (notice) {
      this.notice = 'settingsNextMatch';
      this.host.element.requestUpdate();
      this.announce(this.notice);
    }
  }

  /** The person changed settings in the dialog: kept, and applied. */
  change(settings: PlayerSettings): void {
    this.settings.player = { ...this.settings.player, ...settings };
    this.persistence.saveSettings(this.settings.player);
    this.sync({ notice: true });
    void this.host.locale.update();
  }

  resetStats(): void {
    this.stats = emptyStats();
    this.persistence.saveStats(this.stats);
    this.host.element.requestUpdate();
    this.announce('statsResetDone');
  }

  /** A new match was asked for: the settings waiting for it apply. */
  newMatchAsked(): void {
    this.notice = '';
    this.hinted = false;
    this.host.element.requestUpdate();
    this.sync({ notice: false });
  }

  /**
   * From the settings dialog, confirmed there: the match being played is given up (it counts as played,
   * not won) and a new one starts with the settings that were waiting for it.
   */
  giveUpAndStartNew(): void {
    const state = this.session.state;
    if (state && state.phase !== 'matchOver') this.count(null, state);
    this.session.send({ type: 'new-match' });
    this.newMatchAsked();
    this.announce('newGameStarted');
  }

  /** Statistics: a finished match counts as played, and as won when your side won it (null: given up). */
  count(winningSide: number | null, state: SessionState): void {
    // Statistics are per level of the computers: a local match's.
    const level = this.session.level;
    if (!this.stats || !level) return;
    const { config } = state.view;
    const yourSide = config.teams ? state.seat % 2 : state.seat;
    this.stats = recordMatch(this.stats, {
      level,
      variant: config.variant,
      won: winningSide === yourSide,
      helped: this.hinted || this.session.undoUsed,
    });
    this.persistence.saveStats(this.stats);
    this.host.element.requestUpdate();
  }
}
