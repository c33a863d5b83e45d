/**
 * Where a widget keeps its settings, running match and statistics: localStorage under a key per widget
 * (the `storage-key` attribute, else one derived from the page and the element, so two widgets on a
 * page do not collide). `persist="none"` turns saving off; without storage the game plays unsaved.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { browserStore, emptyStats, SavedGame, type PlayerSettings, type Saved, type SavedMatch } from '../../storage/index.js';

/** What the widget says about its saving, as attributes or properties. */
export interface SavingOptions extends HTMLElement {
  storageKey: string | null;
  persist: string | null;
}

export function storageKeyOf(element: SavingOptions): string {
  const explicit = element.storageKey;
  if (explicit) return explicit;
  const which = element.id || String([...document.querySelectorAll(element.localName)].indexOf(element));
  return `${location.pathname}#${which}`;
}

/**
 * A controller, added before the match's: leaving the page or the element writes what is waiting
 * before the match stops (a stopped match would be saved as such and not resume).
 */
export class PersistenceController implements ReactiveController {
  /** Where the widget saves: null with `persist="none"`, without usable storage, or before `open` (seat-keys.ts keeps the online seat in it). */
  saved: SavedGame | null = null;
  private pendingMatch: (() => SavedMatch | null) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Whether `open` has read where to save. */
  opened = false;

  private readonly element: ReactiveControllerHost & SavingOptions;

  constructor(host: { element: ReactiveControllerHost & SavingOptions }) {
    this.element = host.element;
    this.element.addController(this);
  }

  /** Reads where to save from the element (`storage-key`, `persist`): once, when it first joins the page. */
  open(): void {
    const store = this.element.persist === 'none' ? null : browserStore();
    this.saved = store ? new SavedGame(store, storageKeyOf(this.element)) : null;
    this.opened = true;
  }

  hostConnected(): void {
    window.addEventListener('pagehide', this.flush);
  }

  hostDisconnected(): void {
    this.flush();
    window.removeEventListener('pagehide', this.flush);
  }

  /** The server of the online seat kept to resume, unchecked: online play checks the whole entry when it loads. */
  keptServer(): unknown {
    return (Object(this.saved?.readOnlineSeat()) as { server?: unknown }).server;
  }

  load(): Saved {
    return this.saved?.load() ?? { settings: {}, stats: emptyStats(), match: null, hinted: false, rounds: null };
  }

  saveSettings(settings: PlayerSettings): void {
    this.saved?.saveSettings(settings);
  }

  saveStats(stats: Saved['stats']): void {
    this.saved?.saveStats(stats);
  }

  dropMatch(): void {
    this.saved?.dropMatch();
  }

  /** Saves the match soon: snapshots come in bursts (a move, its points, the turn), one write does. Null: nothing to save. */
  saveMatchSoon(snapshot: () => SavedMatch | null): void {
    if (!this.saved) return;
    this.pendingMatch = snapshot;
    this.timer ??= setTimeout(() => this.flush(), 0);
  }

  /** Writes what is waiting at once (the page is being hidden or the element removed). */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.pendingMatch;
    this.pendingMatch = null;
    const saving = snapshot?.();
    if (!saving) return;
    this.saved?.saveMatch(saving.snapshot, saving.hinted, saving.rounds);
  };
}
