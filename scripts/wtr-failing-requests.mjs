// Lets a browser test see what the game does when a part of it cannot be loaded (a dropped
// connection). Files under /flaky/ are the repository's files (/flaky/dist/domino-game.js is
// dist/domino-game.js), except that the server answers 503 to those whose path contains the text a test
// named, until it names none. Only pages that load from /flaky/ are affected, so test files running at
// the same time are not. The config takes `middleware` and `plugin`; a test says
//   await executeServerCommand('fail-requests', 'chunks/domino-settings-');   // null to stop
const PREFIX = '/flaky/';

export function failingRequests() {
  let failing = null;
  return {
    middleware: async (context, next) => {
      if (context.path.startsWith(PREFIX)) {
        if (failing && context.path.includes(failing)) {
          context.status = 503;
          context.body = 'Unavailable (a test asked for it)';
          return;
        }
        context.path = `/${context.path.slice(PREFIX.length)}`;
      }
      await next();
    },
    plugin: {
      name: 'failing-requests',
      executeCommand({ command, payload }) {
        if (command !== 'fail-requests') return undefined;
        failing = typeof payload === 'string' && payload ? payload : null;
        return true;
      },
    },
  };
}
