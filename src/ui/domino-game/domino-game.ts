import { LitElement, html } from 'lit';
import { styles } from './domino-game.styles.js';

/**
 * An embeddable game of dominoes.
 *
 * This is a placeholder: the game itself (variants, players, computer opponents) is being built.
 *
 * @summary An embeddable domino game.
 *
 * @tag domino-game
 *
 * @cssprop [--domino-font-family=system-ui, sans-serif] - The font family of all the text of the game.
 * @cssprop [--domino-color=#1f2328] - The text colour.
 * @cssprop [--domino-background=#ffffff] - The background of the game.
 */
export class DominoGame extends LitElement {
  static override styles = styles;

  override render() {
    return html`
      <div class="placeholder">
        <h1>Domino</h1>
        <p>The game is coming soon.</p>
      </div>
    `;
  }
}

if (!customElements.get('domino-game')) {
  customElements.define('domino-game', DominoGame);
}

declare global {
  interface HTMLElementTagNameMap {
    'domino-game': DominoGame;
  }
}
