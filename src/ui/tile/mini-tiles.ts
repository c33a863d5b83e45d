/**
 * A hand shown face up in small standing tiles, as a list that reads as the hand and each tile by its
 * name: the summary's hands at their seats and the replay's hands.
 */
import { css, html } from 'lit';
import { tileName, type Tile } from '../../engine/index.js';
import type { Translator } from '../../i18n/index.js';
import { renderTile } from './tile.js';

/** The list's look; it needs tile.styles.ts beside it for the tiles themselves. */
export const miniTileStyles = css`
  .mini-tiles {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15em;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .mini {
    display: block;
    inline-size: 0.9em;
    block-size: 1.8em;
  }
  .mini .tile-svg {
    display: block;
    inline-size: 100%;
    block-size: 100%;
  }
`;

/** `tiles` as a list named `label` (whose hand it is), each tile named as it is on the table. */
export function renderMiniTiles(t: Translator, tiles: readonly Tile[], label: string) {
  return html`<ul class="mini-tiles" aria-label=${label}>
    ${tiles.map((tile) => html`<li class="mini" aria-label=${t.t('tileOnTable', { tile: tileName(tile) })}>${renderTile(tile, { vertical: true })}</li>`)}
  </ul>`;
}
