/**
 * Where a widget keeps its settings, running match and statistics: localStorage under a key per widget
 * (the `storage-key` attribute, else one derived from the page and the element, so two widgets on a
 * page do not collide). `persist="none"` turns saving off; without storage the game plays unsaved.
 */
import { browserStore, emptyStats, SavedGame, type PlayerSettings, type Saved } from '../../storage/index.js';

export function storageKeyOf(element: HTMLElement): string {
  const explicit = element.getAttribute('storage-key');
  if (explicit) return explicit;
  const which = element.id || String([...document.querySelectorAll(element.localName)].indexOf(element));
  return `${location.pathname}#${which}`;
}

export class Persistence {
  private readonly saved: SavedGame | null;
  private pendingMatch: (() => unknown) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(element: HTMLElement) {
    const store = element.getAttribute('persist') === 'none' ? null : browserStore();
    this.saved = store ? new SavedGame(store, storageKeyOf(element)) : null;
  }

  get enabled(): boolean {
    return this.saved !== null;
  }

  load(): Saved {
    return this.saved?.load() ?? { settings: {}, stats: emptyStats(), match: null };
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

  /** Saves the match soon: snapshots come in bursts (a move, its points, the turn), one write does. */
  saveMatchSoon(snapshot: () => unknown): void {
    if (!this.saved) return;
    this.pendingMatch = snapshot;
    this.timer ??= setTimeout(() => this.flush(), 0);
  }

  /** Writes what is waiting at once (the page is being hidden or the element removed). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snapshot = this.pendingMatch;
    this.pendingMatch = null;
    if (snapshot) this.saved?.saveMatch(snapshot());
  }
}
