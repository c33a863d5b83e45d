/**
 * The root's host object: one object that every part of <domino-game> is constructed from, as Lit
 * hands a ReactiveController its host. Each part declares the narrow side it needs (LocalMatchHost,
 * PlayHost, LiveRegionHost, …); GameHost is all of them at once, and GameParts builds it once per
 * element, each part in turn. Parts reach one another through it (the play moves the table's story,
 * Hint marks the match as hinted) and subscribe to the news of the match shown through it
 * (ShownMatchNews), instead of the root forwarding events to them.
 */
import type { Translator } from '../../i18n/index.js';
import { LocaleProvider } from '../context/locale.js';
import { loadTableLayout, tableDrawable } from '../domino-board/domino-board.js';
import type { LocalSession } from '../session/local-session.js';
import type { MatchEmitted, Session } from '../session/session.js';
import { SoundSwitch } from '../sound/sound-switch.js';
import { SettingsSource } from './effective-settings.js';
import type { RawSettings } from './settings.js';
import { emitDomEvent } from './events.js';
import type { GameElement } from './game-element.js';
import { LazyParts } from './lazy-parts.js';
import { LiveRegionController, type LiveRegionHost } from './live-region.js';
import { LocalMatchController, type LocalMatchHost } from './local-match.js';
import { OnlineEntryController, type OnlineEntryHost } from './online/online-play.js';
import { RoundHistory } from './round-history.js';
import { PersistenceController } from './persistence.js';
import { PlayController, type PlayHost } from './play.js';
import { ShownMatch, type MatchEventListener } from './shown-match.js';
import { TableStory } from './table/table-story.js';
import { TableView, type TableHost } from './table/table-view.js';
import { Teaching } from './teach/teach.js';
import type { TeachHost } from './teach/teach-actions.js';

export type GameHost = LocalMatchHost & OnlineEntryHost & TeachHost & PlayHost & LiveRegionHost & TableHost & {
  element: GameElement;
  /** Where the match is played now: the local match, or online the room's. */
  session(): Session;
  local: LocalSession;
  settings: SettingsSource;
  locale: LocaleProvider;
  match: LocalMatchController;
};

/**
 * The parts of one <domino-game>, made in the order their controllers run and their subscriptions
 * hear: the persistence before the match (so it flushes first), the match before online play (on
 * arrival the saved game is open when it looks for a kept seat).
 */
export class GameParts implements GameHost {
  /** The site's settings, the person's choices over them, the site's lock. */
  readonly settings: SettingsSource;
  /** The language of every text (the player's choice, the `lang` attribute, the page's, the browser's, else English), given to the elements inside. */
  readonly locale: LocaleProvider;
  private readonly shown = new ShownMatch(() => this.session().state);
  /** Where the settings, the match and the statistics are saved. */
  readonly persistence: PersistenceController;
  readonly lazy: LazyParts;
  /** Each seat's last play, the line of what just happened, where a tile laid comes from. */
  readonly story: TableStory;
  readonly rounds: RoundHistory;
  readonly liveRegion: LiveRegionController;
  readonly match: LocalMatchController;
  readonly online: OnlineEntryController;
  readonly play: PlayController;
  /** Hint and Undo against the computer. */
  readonly teach: Teaching;
  readonly table: TableView;
  /** The game's sounds, loaded when they are turned on. */
  private readonly sounds = new SoundSwitch();

  constructor(
    readonly element: GameElement & RawSettings & { lockSettings: string | null },
    /** The match played in the page; the settings, saving and statistics work on it alone. */
    readonly local: LocalSession,
  ) {
    this.settings = new SettingsSource(element);
    this.locale = new LocaleProvider(element, () => this.settings.now().lang);
    this.persistence = new PersistenceController(this);
    this.lazy = new LazyParts(this);
    this.onMatchEvent((event, state) => {
      if (this.settings.now().sound) this.sounds.heard(event, state);
    });
    this.story = new TableStory(this);
    this.onMatchEvent((event, state) => {
      // A match can start while the element connects (tempo "instant"): the page hears its first events
      // once the element has rendered, so a listener added just after it was put on the page is not late.
      if (element.hasUpdated) emitDomEvent(element, event, state);
      else void element.updateComplete.then(() => emitDomEvent(element, event, state));
    });
    this.rounds = new RoundHistory(this);
    this.liveRegion = new LiveRegionController(this);
    this.match = new LocalMatchController(this);
    this.online = new OnlineEntryController(this);
    this.play = new PlayController(this);
    this.teach = new Teaching(this);
    this.table = new TableView(this);
    // The match against the computer stays (and is saved) while the person plays online, unheard.
    local.onEvent((event) => {
      if (!this.online.chosen) this.hearEvent(event);
    });
  }

  session(): Session {
    return this.online.mode?.session ?? this.local;
  }

  offline(): boolean {
    return this.session() === this.local;
  }

  t(): Translator {
    return this.locale.translator;
  }

  announce(text: string): void {
    this.liveRegion.announce(text);
  }

  loadFirstMoves(): Promise<unknown> {
    return Promise.all([this.local.loadStatechart(), loadTableLayout()]);
  }

  tablePlayable(): boolean {
    const state = this.session().state;
    if (state === null) return false;
    const othersFirst = state.legal.length === 0 && state.phase === 'playing';
    if (othersFirst || state.view.table.length > 0) {
      if (tableDrawable(state.view.table.length)) return !othersFirst;
      // A table of more tiles is drawn with the table's layout: asked for as soon as it is there, and
      // the table playable once it is drawn.
      loadTableLayout().then(() => this.element.requestUpdate(), () => undefined);
      return false;
    }
    return state.legal.length > 0 || state.phase !== 'dealing';
  }

  onMatchEvent(listener: MatchEventListener): () => void {
    return this.shown.onMatchEvent(listener);
  }

  onSwitch(listener: () => void): () => void {
    return this.shown.onSwitch(listener);
  }

  hearEvent(event: MatchEmitted): void {
    this.shown.hearEvent(event);
  }

  switched(): void {
    this.shown.switched();
  }
}
