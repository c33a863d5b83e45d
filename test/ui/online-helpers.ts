/**
 * Helpers for the online browser tests: widgets talking to the real room server the test runner
 * starts (scripts/wtr-room-server.mjs). Like helpers.ts they read only what the page shows.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { game, mainButton, placeButtons, playableTiles, settle, waitFor, type DominoGame } from './helpers.js';

/** The room server's base URL. */
export const roomServer = async (): Promise<string> => (await executeServerCommand('room-server-url')) as string;
/** Another room server, whose turn clocks run five times faster (a 15 s clock runs out in 3 s). */
export const fastClockRoomServer = async (): Promise<string> => (await executeServerCommand('fast-clock-room-server-url')) as string;
/** The same with the computers' pause ten times as long: for a test that acts within it. */
export const slowComputerRoomServer = async (): Promise<string> => (await executeServerCommand('slow-computer-room-server-url')) as string;

/** Another, whose quick-match pools play short matches (test/ui/quick-match-pools.json). */
export const quickMatchRoomServer = async (): Promise<string> => (await executeServerCommand('quick-match-room-server-url')) as string;
/** Two room server processes on one Redis behind nginx, with those pools; null where nginx or redis-server is missing. */
export const quickMatchCluster = async (): Promise<string | null> => (await executeServerCommand('quick-match-cluster-url')) as string | null;

/** The lobby's screen, through its harness. */
export const lobbyOf = (el: DominoGame) => game(el).lobby()?.host ?? null;
export const lobbyText = (el: DominoGame): string => game(el).lobby()?.text() ?? '';
/** Above a room's table, the room bar's harness. */
export const roomBarOf = (el: DominoGame) => game(el).roomBar();

/** The names in the lobby's list of seats. */
export const seatNames = (el: DominoGame): string[] => game(el).lobby()?.seatNames() ?? [];

/** The names in the top row above the table. */
export const chipNames = (el: DominoGame): string[] => game(el).chipNames();
export const chipTexts = (el: DominoGame): string[] => game(el).chipTexts();

/** The saved online seat of a widget with this storage key, as localStorage holds it. */
export function keptSeat(key: string): { server: string; room: string; token: string } | null {
  const text = localStorage.getItem(`domino-game:${key}:online`);
  return text ? (JSON.parse(text) as { data: { server: string; room: string; token: string } }).data : null;
}

export function forgetStorage(...keys: string[]): void {
  for (const name of Object.keys(localStorage)) if (keys.some((key) => name.startsWith(`domino-game:${key}:`))) localStorage.removeItem(name);
}

/** Opens the settings dialog and picks Friends online. */
export async function chooseFriendsOnline(el: DominoGame): Promise<void> {
  game(el).settingsButton().click();
  const friends = await waitFor('the settings dialog', () => game(el).settings().openDialog() && game(el).settings().friendsOnline());
  friends.click();
  await waitFor('the create screen', () => game(el).lobby()?.nameField());
}

/** Types a name into the lobby's name field (as typing does: value and input event). */
export function typeName(el: DominoGame, name: string): void {
  game(el).lobby()!.typeName(name);
}

/** Creates a room through the lobby with the settings the widget has; returns the invite link. */
export async function createRoom(el: DominoGame, name: string): Promise<string> {
  await chooseFriendsOnline(el);
  typeName(el, name);
  game(el).lobby()!.submit()!.click();
  const link = await waitFor('the invite link', () => game(el).lobby()?.link()?.value);
  return link;
}

/** Opens an invite link in this page (its fragment), then joins from the join screen. */
export async function joinRoom(el: DominoGame, link: string, name: string): Promise<void> {
  location.hash = new URL(link).hash;
  await waitFor('the join screen', () => game(el).lobby()?.nameField() && lobbyText(el).includes('Join'));
  typeName(el, name);
  game(el).lobby()!.submit()!.click();
  await waitFor('the room screen', () => game(el).lobby()?.link());
}

/** Waits until the widget shows the room's table (with the online bar above it). */
export async function waitForTable(el: DominoGame): Promise<void> {
  await waitFor('the room’s table', () => game(el).hasHand() && game(el).roomBar()?.bar());
  await settle(el);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays the widgets' own turns through their own UI (a glowing tile and, when several fit, a place;
 * Next round; never New game or Play again) until `done` holds.
 */
export async function playOnline(widgets: DominoGame[], done: () => boolean, timeout = 60_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > timeout) {
      // What each widget shows, as a person would see it stuck.
      const where = widgets.map((el) => `"${game(el).hint()}" / ${mainButton(el)?.textContent?.trim() ?? 'no button'} / ${game(el).roomBar()?.text() ?? 'no room bar'} / tiles ${playableTiles(el).length} / live "${game(el).liveText()}"`);
      throw new Error(`the online match did not get there in time: ${where.join(' | ')}`);
    }
    let acted = false;
    for (const el of widgets) {
      await settle(el);
      const button = mainButton(el);
      if (button && !['New game', 'Play again'].includes(button.textContent!.trim())) {
        button.click();
        acted = true;
        continue;
      }
      const tiles = playableTiles(el);
      if (tiles.length === 0) continue;
      tiles[0]!.click();
      await settle(el);
      placeButtons(el)[0]?.click();
      acted = true;
    }
    if (!acted) await pause(20);
  }
}

/** Whether the widget shows the match's final score. */
export const showsFinalScore = (el: DominoGame) => game(el).summaryTitle() === 'Final score';
