/**
 * Helpers for the browser tests of <domino-game>: they read only what the page shows (through the
 * component harnesses of harness/: the shadow DOM, the accessible names, aria-disabled), never the
 * match state, and wait for the computer through the DOM, for conditions, with generous ceilings.
 * They do not define the element: a test file imports the sources (src/index.js) or a built bundle itself.
 */
import { expect } from '@open-wc/testing';
import { a11ySnapshot, findAccessibilityNode } from '@web/test-runner-commands';
import { enExtra } from '../../src/i18n/en-extra.js';
import { en, type Message, type MessageKey } from '../../src/i18n/index.js';
import type { DominoGame } from '../../src/index.js';
import { hasAccessibilityTree } from './browser-engine.js';
import { animationsOf, game, litElementsOf, tileNameOf } from './harness/index.js';
import type {
  DominoMatchEndDetail,
  DominoMoveDetail,
  DominoRoundEndDetail,
  DominoScoreDetail,
  DominoTurnDetail,
} from '../../src/ui/domino-game/events.js';

export type { DominoGame };

export const VARIANTS = ['draw', 'block', 'fives', 'doubles'] as const;
export type VariantName = (typeof VARIANTS)[number];

/** Creates a <domino-game> with these attributes in `parent` (the body by default). */
export async function mount(attributes: Record<string, string>, parent: HTMLElement = document.body): Promise<DominoGame> {
  const el = build(attributes);
  parent.append(el);
  await el.updateComplete;
  return el;
}

/**
 * A <domino-game> not yet on the page (to listen before it starts). Saving is off unless asked for,
 * so that no test resumes another's match.
 */
export function build(attributes: Record<string, string>): DominoGame {
  const el = document.createElement('domino-game');
  for (const [name, value] of Object.entries({ persist: 'none', ...attributes })) el.setAttribute(name, value);
  return el;
}

// ---- Reading the widget (through its harness: harness/ says where everything is) --------------

export { game, gamesOnPage, sameTile, textOf, tileNameOf, type GameHarness } from './harness/index.js';

export const root = (el: DominoGame) => el.shadowRoot!;
export const handOf = (el: DominoGame) => game(el).hand().host;
export const boardOf = (el: DominoGame) => game(el).board().host;

export const handTiles = (el: DominoGame): HTMLButtonElement[] => (game(el).hasHand() ? game(el).hand().tiles() : []);
export const handNames = (el: DominoGame): string[] => handTiles(el).map(tileNameOf);
export const playableTiles = (el: DominoGame): HTMLButtonElement[] => (game(el).hasHand() ? game(el).hand().playable() : []);
export const placeButtons = (el: DominoGame): HTMLButtonElement[] => (game(el).hasBoard() ? game(el).board().places() : []);
export const mainButton = (el: DominoGame) => game(el).mainButton();
export const mainLabel = (el: DominoGame) => game(el).mainLabel();
export const liveRegion = (el: DominoGame) => game(el).liveRegion();
export const notice = (el: DominoGame) => game(el).notice();
/** The names of the tiles on the table, from their accessible names. */
export const tableNames = (el: DominoGame): string[] => (game(el).hasBoard() ? game(el).board().laidNames() : []);

/** The focused element, through the shadow roots. */
export function deepActive(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

// ---- Waiting --------------------------------------------------------------------------------------
//
// Every wait is for a condition, polled, with a ceiling far above what the condition takes on a slow,
// busy machine: the ceiling only turns a hang into a clear failure, it never measures speed.

/** The ceiling of a wait, unless a test asks for another. */
export const WAIT_CEILING_MS = 30_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Lets the widget and its children finish rendering what has happened so far: waits until none of
 * them has an update pending (an update may ask for another, or render a child that updates).
 */
export async function settle(el: Element, ceiling = WAIT_CEILING_MS): Promise<void> {
  const start = performance.now();
  for (;;) {
    await Promise.all(litElementsOf(el).map((e) => e.updateComplete));
    if (!litElementsOf(el).some((e) => e.isUpdatePending)) return;
    if (performance.now() - start > ceiling) throw new Error(`the widget was still rendering after ${ceiling} ms`);
  }
}

/** The next animation frame: ResizeObservers report in it, before it is painted. */
export const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Settled as painted: the renders due now, then a frame (in which the boxes' ResizeObservers report a
 * size the render changed, e.g. a longer hand leaving the table less room) and the renders that causes.
 */
export async function settleLayout(el: Element, ceiling = WAIT_CEILING_MS): Promise<void> {
  await settle(el, ceiling);
  await nextFrame();
  await settle(el, ceiling);
}

/**
 * Every animation in the page (or a frame's `page`) that ends has ended (the infinite ones, a blinking
 * caret, are left). A tile flying to the table is drawn translucent and smaller on its way, so a check
 * taken meanwhile measures it as it passes, not as the page shows it when still.
 */
export async function animationsDone(page: Document = document, ceiling = WAIT_CEILING_MS): Promise<void> {
  const start = performance.now();
  for (;;) {
    const running = animationsOf(page).filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().endTime !== Infinity);
    if (running.length === 0) return;
    if (performance.now() - start > ceiling) throw new Error(`animations still running after ${ceiling} ms`);
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), pause(50)]);
  }
}

/** The a11y check of @open-wc/testing on `el` as it stands when still (see animationsDone). */
export async function expectAccessible(el: Element): Promise<void> {
  await animationsDone();
  await expect(el).to.be.accessible();
}

export async function waitFor<T>(what: string, check: () => T | null | undefined | false, ceiling = WAIT_CEILING_MS): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - start > ceiling) throw new Error(`timed out waiting for ${what} (${ceiling} ms)`);
    await pause(5);
  }
}

/** Every text the widget's live region held while listening, in order. */
export interface Listening {
  readonly said: string[];
  /** Waits until one of the texts said so far holds `text`. */
  heard(text: string, what?: string): Promise<string>;
  stop(): void;
}

/**
 * Listens to the widget's live region from now on. It holds one announcement at a time, the next
 * replacing it at once (at tempo instant a computer's move may follow within a millisecond), so a
 * test that polls it can miss a text it was told; this keeps each one.
 */
export function listen(el: DominoGame): Listening {
  const said: string[] = [];
  // The whole shadow root is watched and the live region found afresh (a render may replace its
  // element); a text is taken each time the region changed, as a screen reader hears it.
  const observer = new MutationObserver((records) => {
    const live = game(el).liveRegion();
    if (!live || !records.some((r) => live.contains(r.target) || [...r.addedNodes].some((node) => node.contains(live)))) return;
    const text = live.textContent?.trim();
    if (text) said.push(text);
  });
  observer.observe(el.shadowRoot!, { childList: true, characterData: true, subtree: true });
  return {
    said,
    heard: (text, what = `"${text}" said`) => waitFor(what, () => said.find((s) => s.includes(text))),
    stop: () => observer.disconnect(),
  };
}

/** What the widget asks of you now. */
export type Ask =
  | { kind: 'play'; tiles: HTMLButtonElement[] }
  | { kind: 'button'; label: string; button: HTMLButtonElement };

/** Waits (through the computer's turns) until you can lay a tile or the main button shows. */
export async function waitForYou(el: DominoGame, ceiling = WAIT_CEILING_MS): Promise<Ask> {
  await settle(el);
  const ask = await waitFor<Ask>('your turn', () => {
    const button = mainButton(el);
    if (button) return { kind: 'button', label: button.textContent!.trim(), button };
    const tiles = playableTiles(el);
    if (tiles.length > 0) return { kind: 'play', tiles };
    return null;
  }, ceiling);
  // The move before yours may still be drawing (a first visit's table lays its first tile once the
  // layout's code is here).
  await settle(el);
  return ask;
}

// ---- Events ---------------------------------------------------------------------------------------

export interface Recorded {
  moves: DominoMoveDetail[];
  scores: DominoScoreDetail[];
  roundEnds: DominoRoundEndDetail[];
  matchEnds: DominoMatchEndDetail[];
  turns: DominoTurnDetail[];
  /** Every event in order, with its name. */
  all: { type: string; detail: unknown }[];
  /** Problems found when an event arrived (checked as it bubbled to the document). */
  problems: string[];
  stop(): void;
}

/**
 * Records the widget's events as the page sees them: on the document, so they must bubble and be
 * composed, and only those whose target is `el`.
 */
export function record(el: DominoGame): Recorded {
  const recorded: Recorded = { moves: [], scores: [], roundEnds: [], matchEnds: [], turns: [], all: [], problems: [], stop: () => {} };
  const lists = {
    'domino-move': recorded.moves,
    'domino-score': recorded.scores,
    'domino-round-end': recorded.roundEnds,
    'domino-match-end': recorded.matchEnds,
    'domino-turn': recorded.turns,
  } as Record<string, unknown[]>;
  const listener = (event: Event) => {
    if (event.target !== el) return;
    const detail = (event as CustomEvent).detail;
    if (!event.bubbles || !event.composed) recorded.problems.push(`${event.type} does not bubble out of the shadow root`);
    if (!(event instanceof CustomEvent)) recorded.problems.push(`${event.type} is not a CustomEvent`);
    lists[event.type]!.push(detail);
    recorded.all.push({ type: event.type, detail });
  };
  for (const name of Object.keys(lists)) document.addEventListener(name, listener);
  recorded.stop = () => {
    for (const name of Object.keys(lists)) document.removeEventListener(name, listener);
  };
  return recorded;
}

/**
 * Checks the events of a whole match: moves well-formed (computers' draws unnamed), the scores of
 * domino-score and domino-round-end adding up, and one domino-match-end whose winner reached the target.
 */
export function checkMatchEvents(recorded: Recorded, target: number): void {
  expect(recorded.problems).to.deep.equal([]);
  for (const { seat, move, points } of recorded.moves) {
    expect(['play', 'draw', 'pass']).to.include(move.type);
    expect(points).to.be.a('number');
    if (move.type === 'play') {
      expect(move.tile, 'a play names its tile').to.have.length(2);
      expect(move.end, 'a play names its end').to.be.a('string');
    } else {
      expect(points).to.equal(0);
      expect(move.end).to.equal(undefined);
    }
    if (move.type === 'draw' && seat !== 0) expect(move.tile, "another seat's drawn tile").to.equal(undefined);
    if (move.type === 'pass') expect(move.tile).to.equal(undefined);
  }
  // Scores: domino-score adds its points to its side; domino-round-end adds the round's award.
  let running: number[] | null = null;
  let scoreIndex = 0;
  for (const { type, detail } of recorded.all) {
    if (type === 'domino-score') {
      const d = detail as DominoScoreDetail;
      expect(d.points % 5, 'All Fives scores in fives').to.equal(0);
      running ??= d.scores.map(() => 0);
      const expected = running.slice();
      expected[d.side]! += d.points;
      expect(d.scores, `domino-score #${scoreIndex++}`).to.deep.equal(expected);
      running = d.scores.slice();
    } else if (type === 'domino-round-end') {
      const d = detail as DominoRoundEndDetail;
      running ??= d.scores.map(() => 0);
      const expected = running.slice();
      if (d.side !== null) expected[d.side]! += d.points;
      else expect(d.points).to.equal(0);
      expect(d.scores, `domino-round-end of round ${d.round}`).to.deep.equal(expected);
      running = d.scores.slice();
    } else if (type === 'domino-match-end') {
      const d = detail as DominoMatchEndDetail;
      if (running) expect(d.scores).to.deep.equal(running);
    }
  }
  expect(recorded.matchEnds, 'one domino-match-end').to.have.length(1);
  const { winner, scores } = recorded.matchEnds[0]!;
  expect(scores[winner]).to.be.at.least(target);
  for (const [side, score] of scores.entries()) if (side !== winner) expect(score).to.be.below(scores[winner]!);
  // Rounds are numbered 1, 2, 3 …
  expect(recorded.roundEnds.map((r) => r.round)).to.deep.equal(recorded.roundEnds.map((_, i) => i + 1));
}

/** A small seeded generator, so the tests' own choices are reproducible too. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * Takes your next action by clicking (DOM clicks, for the tests that are not about the pointer): the
 * main button, or a glowing tile and, if several places fit, one of them. Returns what it did.
 */
export async function act(
  el: DominoGame,
  pick: (count: number) => number = () => 0,
): Promise<{ did: string; tile?: string; places?: number }> {
  const ask = await waitForYou(el);
  if (ask.kind === 'button') {
    ask.button.click();
    await settle(el);
    return { did: ask.label };
  }
  const tile = ask.tiles[pick(ask.tiles.length)]!;
  const name = tileNameOf(tile);
  tile.click();
  await settle(el);
  const places = placeButtons(el);
  if (places.length > 0) {
    places[pick(places.length)]!.click();
    await settle(el);
  }
  return { did: 'play', tile: name, places: places.length };
}

/** Plays your seat by clicks until the match is over, and checks the events the page heard. */
export async function playMatch(el: DominoGame, target: number): Promise<void> {
  const recorded = record(el);
  await actUntil(el, () => mainLabel(el) === 'New game');
  recorded.stop();
  checkMatchEvents(recorded, target);
}

/** Acts until `done` holds (checked before each action); throws after `max` actions. */
export async function actUntil(el: DominoGame, done: () => boolean, max = 300): Promise<void> {
  for (let i = 0; i < max; i++) {
    await waitForYou(el);
    if (done()) return;
    await act(el);
  }
  throw new Error('never got there');
}

/**
 * A pattern for English messages of the catalog (every plural form), so that the tests follow its
 * wording: placeholders given in `values` must match exactly, the others match a short text within one
 * sentence. Several keys with the same text count once.
 */
export function messagePattern(keys: MessageKey | MessageKey[], values: Record<string, string | number> = {}, flags = 'g'): RegExp {
  const forms = (Array.isArray(keys) ? keys : [keys]).flatMap((key) => {
    const message = ({ ...en, ...enExtra } as Record<MessageKey, Message>)[key];
    return typeof message === 'string' ? [message] : Object.values(message).filter((f): f is string => typeof f === 'string');
  });
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sources = forms.map((form) =>
    form
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        return name in values ? escape(String(values[name])) : '[^.!]+?';
      })
      .join(''),
  );
  return new RegExp([...new Set(sources)].map((source) => `(?:${source})`).join('|'), flags);
}

/** How many times the messages `keys` occur in `text`. */
export const countMessages = (text: string, keys: MessageKey | MessageKey[]) => text.match(messagePattern(keys))?.length ?? 0;

export { en };

/** The table holds exactly the tiles that domino-move said were played this round, in some order. */
export function checkTableAgainstEvents(el: DominoGame, recorded: Recorded): void {
  const lastRoundEnd = recorded.all.map((e) => e.type).lastIndexOf('domino-round-end');
  const played = recorded.all
    .slice(lastRoundEnd + 1)
    .filter((e) => e.type === 'domino-move' && (e.detail as DominoMoveDetail).move.type === 'play')
    .map((e) => (e.detail as DominoMoveDetail).move.tile!.slice().sort().join('-'));
  const table = tableNames(el).map((name) => name.split('-').sort().join('-'));
  expect(table.slice().sort(), 'the tiles on the table are the tiles played').to.deep.equal(played.slice().sort());
}

/** The buttons in Chrome's accessibility tree (needs the a11y snapshot plugin, and Chromium: see browser-engine.ts). */
export async function axButtons(): Promise<{ role: string; name: string; disabled?: boolean }[]> {
  interface AXNode {
    role: string;
    name: string;
    disabled?: boolean;
    children?: AXNode[];
  }
  const tree = (await a11ySnapshot({})) as unknown as AXNode & { children: AXNode[] };
  const found: AXNode[] = [];
  findAccessibilityNode<AXNode>(tree, (node) => {
    if (node.role === 'button') found.push(node);
    return false;
  });
  return found;
}

/** The main button's accessible name is exactly its visible label, one of the four. */
export async function checkMainButtonName(el: DominoGame): Promise<void> {
  const label = mainLabel(el)!;
  expect(['Draw', 'Pass', 'Next round', 'New game']).to.include(label);
  expect(mainButton(el)!.hasAttribute('aria-label') ? mainButton(el)!.getAttribute('aria-label') : label).to.equal(label);
  // Firefox and WebKit give no accessibility tree to their drivers: there the DOM's name above is the check.
  if (!hasAccessibilityTree) return;
  const names = (await axButtons()).map((b) => b.name);
  expect(names, `a button named exactly "${label}"`).to.include(label);
}
