import type { LocalSession } from '../../src/ui/session/local-session.js';

/**
 * Resolves once the session's actor runs: a new match opens from the engine alone, and the statechart,
 * asked for as the root asks for it once the table is playable, takes it over. What a test sends next
 * goes through the actor.
 */
export function actorRunning(session: LocalSession): Promise<void> {
  if (session.persistedSnapshot()) return Promise.resolve();
  void session.loadStatechart();
  return new Promise((resolve) => {
    const stop = session.subscribe(() => {
      if (!session.persistedSnapshot()) return;
      stop();
      resolve();
    });
  });
}
