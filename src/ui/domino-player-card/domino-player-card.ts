import { LazyElement, setOrRemove, type ViewMaker } from '../players/lazy-element.js';

/**
 * `<domino-player-card>`: a player's card from a room server: their name, their ratings in every family
 * they have played ("?" after a provisional one), their rating over their last rated matches of one family
 * as a small chart with its summary in words, and their record (wins, the last matches: when, against
 * whom, the place, the rating's change). The leaderboard opens it in a dialog from a name; it works alone
 * too. Its code loads on its first connection, beside the package's entry.
 *
 * @attr server - The room server's base URL, as `<domino-game server>` takes it.
 * @attr player - The player's public id (22 base64url characters).
 * @attr family - The family of the chart and the record: `two` (the default), `each` or `teams`.
 * @attr lang - The language (else the page's, else the browser's, else English).
 * @attr theme - The colours: `light`, `dark` or `auto` (the default: the visitor's system setting).
 */
export class DominoPlayerCard extends LazyElement {
  /** The attributes the element follows. */
  static observedAttributes = ['server', 'player', 'family', 'lang', 'theme'];

  /** The room server's base URL, as `<domino-game server>` takes it. */
  get server(): string | null {
    return this.getAttribute('server');
  }
  set server(value: string | null) {
    setOrRemove(this, 'server', value);
  }

  /** The family of the chart and the record: `two` (the default), `each` or `teams`. */
  get family(): string | null {
    return this.getAttribute('family');
  }
  set family(value: string | null) {
    setOrRemove(this, 'family', value);
  }

  /** The player's public id. */
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
    return import('./player-card-view.js').then((module) => module.playerCardView);
  }
}

if (!customElements.get('domino-player-card')) customElements.define('domino-player-card', DominoPlayerCard);

declare global {
  interface HTMLElementTagNameMap {
    'domino-player-card': DominoPlayerCard;
  }
}
