/**
 * What a person sees of the widget on their screen, measured: a control hidden by a box inside the
 * widget, or lying outside the viewport, or under another control; a header of the score table broken
 * over lines; a band of empty room in the play area; the final table's tiles. Each check returns what it
 * found, in words, so that a test shows every finding at once (phone.test.ts, round-end-screen.test.ts).
 */
import { game, type DominoGame } from './helpers.js';

type Box = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right' | 'width' | 'height'>;

/** A screen the widget is seen on, in CSS pixels. */
export interface ScreenSize {
  name: string;
  width: number;
  height: number;
  /** The widget sits in a column this wide (a sidebar, the demo's), else it takes the page's width. */
  column?: number;
}

/**
 * The element's parent, through shadow roots (a slot's assignment is not followed: the widget slots
 * nothing). Asked without instanceof: the widget may live in a frame's window, whose classes are its own.
 */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const rootNode = node.getRootNode();
  return 'host' in rootNode ? (rootNode as ShadowRoot).host : null;
}

/** The computed style, from the element's own window (a frame's, maybe). */
const styleOf = (node: Element): CSSStyleDeclaration => node.ownerDocument.defaultView!.getComputedStyle(node);

/**
 * What keeps `target` (or the part `within` of it, of its box) from being seen whole without scrolling a
 * box inside the widget: no size, or an ancestor up to the widget that clips (overflow other than
 * visible) and does not hold that whole box.
 */
export function clipped(target: Element, widget: DominoGame, within: (box: DOMRect) => Box = (box) => box): string | null {
  const box = within(target.getBoundingClientRect());
  if (box.width < 1 || box.height < 1) return 'it has no size';
  for (let node = parentOf(target); node && node !== widget; node = parentOf(node)) {
    const style = styleOf(node);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const area = node.getBoundingClientRect();
    const top = area.top + node.clientTop;
    const left = area.left + node.clientLeft;
    if (box.top < top - 0.5 || box.bottom > top + node.clientHeight + 0.5 || box.left < left - 0.5 || box.right > left + node.clientWidth + 0.5) {
      const where = `${box.top.toFixed(0)}–${box.bottom.toFixed(0)} in ${top.toFixed(0)}–${(top + node.clientHeight).toFixed(0)}`;
      return `${node.localName}.${[...node.classList].join('.')} (overflow ${style.overflowY}) hides it: ${where}`;
    }
  }
  return null;
}

/** The first line of a block of text: its box, as tall as a line. */
export const firstLineOf = (block: Element) => (box: DOMRect): Box => {
  const line = parseFloat(styleOf(block).lineHeight) || box.height;
  return { top: box.top, left: box.left, right: box.right, width: box.width, height: Math.min(line, box.height), bottom: box.top + Math.min(line, box.height) };
};

/** A control in words: its tag and the start of its name. */
export const describeControl = (control: Element): string =>
  `${control.localName} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}"`;

/** Whether two boxes share some area (more than half a pixel each way). */
export const overlaps = (a: Box, b: Box): boolean => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/**
 * Each control that cannot be seen in a viewport of `width` × `height` without scrolling anything: not
 * whole inside it (its rect, in the viewport's coordinates), hidden by a box inside the widget, or
 * lying over another of `controls`.
 */
export function offScreen(widget: DominoGame, controls: readonly Element[], width: number, height: number): string[] {
  const found: string[] = [];
  const boxes = controls.map((control) => control.getBoundingClientRect());
  controls.forEach((control, i) => {
    const box = boxes[i]!;
    const name = describeControl(control);
    if (box.top < -0.5 || box.left < -0.5 || box.bottom > height + 0.5 || box.right > width + 0.5) {
      found.push(`${name} lies at ${box.left.toFixed(0)},${box.top.toFixed(0)}–${box.right.toFixed(0)},${box.bottom.toFixed(0)}, outside ${width}×${height}`);
    }
    const why = clipped(control, widget);
    if (why) found.push(`${name}: ${why}`);
    for (let j = i + 1; j < controls.length; j++) {
      if (overlaps(box, boxes[j]!)) found.push(`${name} and ${describeControl(controls[j]!)} overlap`);
    }
  });
  return found;
}

/** The text of `cell` as shown (a text hidden from sight but read out, or not shown at all, is skipped), with its line boxes. */
function shownTexts(cell: Element): { text: string; rects: DOMRect[] }[] {
  const shown: { text: string; rects: DOMRect[] }[] = [];
  const walker = cell.ownerDocument.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
    const box = text.parentElement!.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !text.data.trim()) continue;
    const range = cell.ownerDocument.createRange();
    range.selectNodeContents(text);
    shown.push({ text: text.data.trim(), rects: [...range.getClientRects()].filter((r) => r.width > 0) });
  }
  return shown;
}

/**
 * Each word of the score table's headers, as shown, that does not lie whole on one line inside its cell.
 */
export function brokenWords(el: DominoGame): string[] {
  const found: string[] = [];
  for (const cell of game(el).scores()!.headerCells()) {
    const area = cell.getBoundingClientRect();
    const walker = cell.ownerDocument.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
      const shown = text.parentElement!.getBoundingClientRect();
      if (shown.width <= 1 || shown.height <= 1) continue;
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = cell.ownerDocument.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(`"${match[0]}" on ${lines.size} lines`);
        if (rects.some((r) => r.left < area.left - 0.5 || r.right > area.right + 0.5)) found.push(`"${match[0]}" sticks out of its cell`);
      }
    }
  }
  return found;
}

/**
 * What the score table does not show whole: a cell's text (a side's name, a score) over more than one
 * line or beyond its cell, or the table wider than the box it scrolls in.
 */
export function scoreTableCut(el: DominoGame): string[] {
  const table = game(el).scoreTable()!;
  const found: string[] = [];
  for (const cell of table.rows.length ? [...table.rows].flatMap((row) => [...row.cells]) : []) {
    const area = cell.getBoundingClientRect();
    for (const { text, rects } of shownTexts(cell)) {
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`"${text}" on ${lines.size} lines`);
      if (rects.some((r) => r.left < area.left - 0.5 || r.right > area.right + 0.5)) found.push(`"${text}" sticks out of its cell`);
    }
  }
  for (let node = table.parentElement; node && node !== game(el).roundEnd(); node = node.parentElement) {
    if (node.scrollWidth > node.clientWidth + 1) found.push(`${node.localName}.${node.className}: ${node.scrollWidth} px of content in ${node.clientWidth}`);
  }
  return found;
}

/**
 * The bands of empty room taller than `most` px in the play area, from top to bottom: between one
 * block it stacks and the next (blocks side by side, the table and a summary beside it, count as one).
 * The hand counts by its tiles: its box keeps its height with few tiles or none.
 */
export function emptyBands(el: DominoGame, most: number): string[] {
  const harness = game(el);
  const play = harness.playArea().getBoundingClientRect();
  const shown = [...harness.playAreaBlocks().filter((block) => block !== harness.hand().host), ...harness.hand().tiles()];
  const blocks = shown
    .map((block) => ({ name: `${block.localName}.${[...block.classList].join('.')}`, box: block.getBoundingClientRect() }))
    .filter(({ box }) => box.height > 0)
    .sort((a, b) => a.box.top - b.box.top);
  const found: string[] = [];
  let reached = { name: 'the play area’s top', bottom: play.top };
  for (const { name, box } of [...blocks, { name: 'the play area’s bottom', box: { top: play.bottom, bottom: play.bottom } }]) {
    if (box.top - reached.bottom > most) found.push(`${(box.top - reached.bottom).toFixed(0)} px empty between ${reached.name} and ${name}`);
    if (box.bottom > reached.bottom) reached = { name, bottom: box.bottom };
  }
  return found;
}

/** The long side of the smallest tile laid on the table, in CSS pixels (0 for an empty table). */
export function smallestLaidTile(el: DominoGame): number {
  const sides = game(el)
    .board()
    .laid()
    .map((tile) => {
      const box = tile.getBoundingClientRect();
      return Math.max(box.width, box.height);
    });
  return sides.length > 0 ? Math.min(...sides) : 0;
}
