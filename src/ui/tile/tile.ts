/**
 * A domino drawn as SVG, with pips (never digits). A function rather than an element: a table holds up
 * to 28 of them and they have no behaviour of their own. Purely decorative: whatever shows a tile
 * gives it an accessible name.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { Pip, Tile } from '../../engine/index.js';

/** Pip centres on a 3×3 grid (0..2), per number. */
const PIP_SPOTS: Record<Pip, readonly (readonly [number, number])[]> = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
};

const HALF = 50;
const spot = (i: number) => 12 + i * 13;

function half(pip: Pip, offsetX: number, offsetY: number, vertical: boolean): SVGTemplateResult {
  // The six shows two rows of three across a horizontal tile and two columns of three down a vertical one.
  return svg`${PIP_SPOTS[pip].map(([a, b]) => {
    const [x, y] = vertical ? [a, b] : [b, a];
    return svg`<circle class="pip" cx=${offsetX + spot(x)} cy=${offsetY + spot(y)} r="5.2"></circle>`;
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
  return svg`<svg class="tile-svg ${look.spinner ? 'spinner' : ''}" viewBox="0 0 ${w} ${h}" aria-hidden="true" focusable="false">
    <rect class="face" x="1.5" y="1.5" width=${w - 3} height=${h - 3} rx="7"></rect>
    ${vertical
      ? svg`<line class="divider" x1="8" y1=${HALF} x2=${HALF - 8} y2=${HALF}></line>`
      : svg`<line class="divider" x1=${HALF} y1="8" x2=${HALF} y2=${HALF - 8}></line>`}
    ${half(tile[0], 0, 0, vertical)}
    ${half(tile[1], second[0], second[1], vertical)}
  </svg>`;
}
