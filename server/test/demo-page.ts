/**
 * Runs inside the demo page that demo-policy.test.ts loads from the real server: bundled there (an
 * IIFE, `dominoDemoPage`) and run by the browser's driver, which no Content Security Policy governs.
 * From the moment it runs it records every `securitypolicyviolation` of the page (composed events:
 * the widget's shadow roots' too), the widget's moves and its Web Workers (bundle-worker-spy); its
 * steps drive the widget as a person would, through the browser tests' harnesses, one poll at a time.
 */
import { workers } from '../../test/ui/bundle-worker-spy.js';
import { game } from '../../test/ui/harness/index.js';

const violations: string[] = [];
const moves: { seat: number; type: string }[] = [];
/** Whether the last turn the widget announced is the person's. */
let personsTurn = false;

addEventListener(
  'securitypolicyviolation',
  (event: SecurityPolicyViolationEvent) => violations.push(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`),
  true,
);
document.addEventListener('domino-move', (event) => {
  const { seat, move } = (event as CustomEvent<{ seat: number; move: { type: string } }>).detail;
  moves.push({ seat, type: move.type });
});
document.addEventListener('domino-turn', (event) => {
  personsTurn = (event as CustomEvent<{ yours: boolean }>).detail.yours;
});

const widget = () => {
  const el = document.querySelector('domino-game');
  if (!el) throw new Error('the demo shows no <domino-game>');
  return game(el as Parameters<typeof game>[0]);
};

/** What the page saw so far. */
export function report() {
  return { violations, moves, workers: { ...workers } };
}

/** The demo's New match button: a fresh <domino-game> with the settings of the demo's form. */
export function newMatch(): void {
  const button = document.querySelector<HTMLButtonElement>('#new-match');
  if (!button) throw new Error('the demo has no New match button');
  personsTurn = false;
  button.click();
}

/** Ceilings that only turn a hang into a failure (a busy 2-core machine is slow). */
const CEILING_MS = 60_000;

/** Waits until `check` holds; a refusal of the policy meanwhile ends the wait at once, saying so. */
async function waitFor<T>(what: string, check: () => T | null | undefined | false): Promise<T> {
  const start = performance.now();
  for (;;) {
    const found = check();
    if (found) return found;
    if (violations.length > 0) throw new Error(`the policy refused, while waiting for the ${what}: ${violations.join('; ')}`);
    if (performance.now() - start > CEILING_MS) throw new Error(`no ${what} within ${CEILING_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The person plays one move (the first tile that fits, at the first place it fits; else the main
 * button: Draw or Pass) once it is their turn, and the computer answers it with a move of its own.
 */
export async function playOneMove(): Promise<void> {
  const table = widget();
  const before = moves.length;
  const theirs = () => moves.slice(before).findIndex((m) => m.seat === 0) + 1;
  const ask = await waitFor('turn of the person', () => personsTurn && (table.mainButton() ?? (table.hasHand() && table.hand().playable()[0])));
  ask.click();
  const places = await waitFor('move or place to choose', () => (theirs() ? [] : table.hasBoard() && table.board().places().length > 0 && table.board().places()));
  places[0]?.click();
  const mine = await waitFor('move of the person', theirs);
  await waitFor('move of the computer after it', () => moves.slice(before + mine).some((m) => m.seat !== 0));
}

/**
 * Settings, Friends online, a name, Create: resolves with the invite link once the room screen shows
 * it (the server answered over the WebSocket).
 */
export async function goOnline(name: string): Promise<string> {
  const table = widget();
  table.settingsButton().click();
  const friends = await waitFor('Friends online in the settings', () => table.settings().openDialog() && table.settings().friendsOnline());
  friends.click();
  const lobby = await waitFor('lobby', () => table.lobby()?.nameField() && table.lobby());
  lobby.typeName(name);
  lobby.submit()!.click();
  return waitFor('invite link', () => table.lobby()?.link()?.value);
}
