import { LazyElement, setOrRemove, type ViewMaker } from '../players/lazy-element.js';

/**
 * `<domino-leaderboard>`: a room server's leaderboard of one family of games, the top 100 with each
 * player's rank, name, rating ("?" after it while provisional) and rated matches; with `player`, that
 * player's rank and the rows around it. A name opens the player's card (`<domino-player-card>`) in a
 * dialog. Its code loads on its first connection, beside the package's entry.
 *
 * @attr server - The room server's base URL, as `<domino-game server>` takes it.
 * @attr family - `two` (the default), `each` or `teams`: two players, three or four each for themself, four in teams.
 * @attr player - A player's public id: their row is marked, and their rank shown with the five rows each side.
 * @attr lang - The language (else the page's, else the browser's, else English).
 * @attr theme - The colours: `light`, `dark` or `auto` (the default: the visitor's system setting).
 */
export class DominoLeaderboard extends LazyElement {
  /** The attributes the element follows. */
  static observedAttributes = ['server', 'family', 'player', 'lang', 'theme'];

  /** The room server's base URL, as `<domino-game server>` takes it. */
  get server(): string | null {
    return this.getAttribute('server');
  }
  set server(value: string | null) {
    setOrRemove(this, 'server', value);
  }

  /** `two` (the default), `each` or `teams`. */
  get family(): string | null {
    return this.getAttribute('family');
  }
  set family(value: string | null) {
    setOrRemove(this, 'family', value);
  }

  /** The viewer's public player id: their row marked, their rank shown. */
  get player(): string | null {
    return this.getAttribute('player');
  }
  set player(value: string | null) {
    setOrRemove(this, 'player', value);
  }

  /** `light`, `dark` or `auto`. */
  get theme(): string | null {
    return this.getAttribute('theme');
  }
  set theme(value: string | null) {
    setOrRemove(this, 'theme', value);
  }

  /** @internal */
  protected loadView(): Promise<ViewMaker> {
    return import('./leaderboard-view.js').then((module) => module.leaderboardView);
  }
}

if (!customElements.get('domino-leaderboard')) customElements.define('domino-leaderboard', DominoLeaderboard);

declare global {
  interface HTMLElementTagNameMap {
    'domino-leaderboard': DominoLeaderboard;
  }
}
