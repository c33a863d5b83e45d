/**
 * A domino drawn as SVG, with pips (never digits). A function rather than an element: a table holds up
 * to 28 of them and they have no behaviour of their own. Purely decorative: whatever shows a tile
 * gives it an accessible name.
 *
 * It looks like a real tile: a body whose lower edge shows beneath the face (its thickness, lit from
 * above), an ivory face with a bevelled rim, a groove between the halves, and pips in the standard
 * places of a double-six set. Each pip has the class `p<n>` of its number, so a set may colour them
 * by number (tile.styles.ts).
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { Pip, Tile } from '../../engine/index.js';

/**
 * Pip centres on a 3×3 grid (0..2, [column, row] on a standing half), per number: the standard places
 * (the two and the three on the rising diagonal, the six in two columns of three).
 */
const PIP_SPOTS: Record<Pip, readonly (readonly [number, number])[]> = {
  0: [],
  1: [[1, 1]],
  2: [[2, 0], [0, 2]],
  3: [[2, 0], [1, 1], [0, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

const HALF = 50;
/** The body's lower edge showing beneath the face. */
const DEPTH = 3;
const spot = (i: number) => 13 + i * 12;

function half(pip: Pip, offsetX: number, offsetY: number, vertical: boolean): SVGTemplateResult {
  // A lying tile is a standing one turned a quarter clockwise: the six shows two rows of three. The
  // face ends DEPTH above the body: pips keep to the middle of their half of it.
  const dy = vertical ? (offsetY > 0 ? -DEPTH : 0) : -DEPTH / 2;
  return svg`${PIP_SPOTS[pip].map(([a, b]) => {
    const [x, y] = vertical ? [a, b] : [2 - b, a];
    return svg`<circle class="pip p${pip}" cx=${offsetX + spot(x)} cy=${offsetY + dy + spot(y)} r="5"></circle>`;
  })}`;
}

export interface TileLook {
  vertical?: boolean;
  /** The All Fives / Doubles spinner is drawn distinctly (yellow). */
  spinner?: boolean;
}

/** The tile with tile[0] at the top (vertical) or left (horizontal). */
export function renderTile(tile: Tile, look: TileLook = {}): SVGTemplateResult {
  const vertical = look.vertical ?? false;
  const [w, h] = vertical ? [HALF, 2 * HALF] : [2 * HALF, HALF];
  const second: [number, number] = vertical ? [0, HALF] : [HALF, 0];
  const mid = (vertical ? w : h) / 2 - DEPTH / 2;
  return svg`<svg class="tile-svg ${look.spinner ? 'spinner' : ''}" viewBox="0 0 ${w} ${h}" aria-hidden="true" focusable="false">
    <rect class="body" x="1" y="1" width=${w - 2} height=${h - 2} rx="7"></rect>
    <rect class="face" x="1.75" y="1.75" width=${w - 3.5} height=${h - 2.5 - DEPTH} rx="6.25"></rect>
    ${vertical
      ? svg`<line class="divider" x1="9" y1=${HALF - DEPTH / 2} x2=${HALF - 9} y2=${HALF - DEPTH / 2}></line>`
      : svg`<line class="divider" x1=${HALF} y1=${mid - 15} x2=${HALF} y2=${mid + 15}></line>`}
    ${half(tile[0], 0, 0, vertical)}
    ${half(tile[1], second[0], second[1], vertical)}
  </svg>`;
}
