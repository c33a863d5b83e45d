// The room server's flags that raise its per-address limits out of the way, for the tests and the
// benchmarks: their clients all connect from 127.0.0.1, many at once and faster than people. The limits
// themselves are tested on their own (server/test/limits.test.ts).
export const RAISED_LIMITS = Object.freeze([
  '--rooms-per-minute-per-address', '100000',
  '--max-connections-per-address', '100000',
  '--connections-per-minute-per-address', '100000',
  '--messages-per-second-per-address', '100000',
  '--message-burst-per-address', '100000',
]);
