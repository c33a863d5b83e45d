import type { LocalSession } from '../../src/ui/session/local-session.js';

/**
 * Resolves once the session's actor runs: a new match opens from the engine alone, and the statechart,
 * loaded just after, takes it over at the first turn. What a test sends next goes through the actor.
 */
export function actorRunning(session: LocalSession): Promise<void> {
  if (session.persistedSnapshot()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = session.subscribe(() => {
      if (!session.persistedSnapshot()) return;
      stop();
      resolve();
    });
  });
}
