/**
 * A table of its lead alone, laid out and scaled as layout.ts and fit.ts do it, without their code (a
 * chunk fetched after the first screen): a computer's first lead is drawn on the first screen with this,
 * so the first visit does not wait for the layout. test/ui-logic/lone-lead.test.ts holds it to fitTable
 * for every lead of every variant in boxes from a phone's to a desktop's. Pure: no DOM.
 */
import type { OpenEnd, Placement } from '../../engine/index.js';
import type { EndLayout, FittedLayout } from './geometry.js';
import { MAX_UNIT, MIN_UNIT } from './scales.js';

/**
 * The lead between its ends, each end's box a lying tile's size beside it: a double stands across the
 * line (and a spinner's up and down ends stand above and below it); the scale the largest even one at
 * which all that fits `width` × `height`. Null when no readable scale fits (fitTable decides then).
 */
export function loneLeadLayout(lead: Placement, openEnds: readonly OpenEnd[], width: number, height: number): FittedLayout | null {
  const double = lead.tile[0] === lead.tile[1];
  const upright = openEnds.some((end) => end.id === 'up' || end.id === 'down');
  // The line's height: a standing double's 2, a lying tile's 1; a spinner's arms add 2 above and 2 below.
  const line = double ? 2 : 1;
  const top = upright ? 2 : 0;
  const tileWidth = double ? 1 : 2;
  const lineEnd = 2 + tileWidth;
  const middle = top + (line - 1) / 2;
  const box = (id: string): EndLayout | null => {
    if (id === 'left') return { id, x: 0, y: middle, width: 2, height: 1, direction: 'left' };
    if (id === 'right') return { id, x: lineEnd, y: middle, width: 2, height: 1, direction: 'right' };
    if (id === 'up') return { id, x: 2, y: 0, width: 1, height: 2, direction: 'up' };
    if (id === 'down') return { id, x: 2, y: top + line, width: 1, height: 2, direction: 'down' };
    return null;
  };
  const ends = openEnds.map((end) => box(end.id));
  if (ends.some((end) => end === null)) return null;
  const layoutWidth = lineEnd + 2;
  const layoutHeight = top + line + (upright ? 2 : 0);
  const unit = Math.min(MAX_UNIT, 2 * Math.floor(Math.min(width / layoutWidth, height / layoutHeight) / 2));
  if (unit < MIN_UNIT) return null;
  const tile = { index: 0, x: 2, y: top, width: tileWidth, height: line, orientation: double ? 'vertical' : 'horizontal', flipped: false } as const;
  return { layout: { tiles: [tile], ends: ends as EndLayout[], width: layoutWidth, height: layoutHeight }, unit, fits: true };
}
