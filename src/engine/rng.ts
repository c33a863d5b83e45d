/**
 * The dealing generator: sfc32 seeded through cyrb128. Its whole state is four 32-bit integers kept in
 * the match state, so a saved or transmitted match deals its next rounds exactly as it would have.
 * Integer arithmetic only: the same seed gives the same deals in every browser and in Node.
 */
export type RngState = [number, number, number, number];

/** What may seed the generator: a string, or a finite number. */
export const isSeed = (value: unknown): value is number | string =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** Hashes any seed to a generator state. */
export function seedRng(seed: number | string): RngState {
  const text = String(seed);
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  // sfc32 mixes poorly for its first outputs; discarding a few is the usual remedy.
  for (let i = 0; i < 12; i++) nextUint32(state);
  return state;
}

/** A generator state from the platform's cryptographic source, for unseeded matches. */
export function randomRngState(): RngState {
  const words = new Uint32Array(4);
  globalThis.crypto.getRandomValues(words);
  // sfc32's counter word may be anything; keep every word an unsigned 32-bit number, as saved states are.
  const state: RngState = [words[0]!, words[1]!, words[2]!, words[3]!];
  return state;
}

/** Advances `state` in place and returns the next unsigned 32-bit output. */
export function nextUint32(state: RngState): number {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  state[0] = a >>> 0;
  state[1] = b >>> 0;
  state[2] = c >>> 0;
  state[3] = d >>> 0;
  return t >>> 0;
}

/** A uniform integer in [0, n), n ≤ 2^32, without modulo bias. */
export function nextInt(state: RngState, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = nextUint32(state);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle of `items` in place. */
export function shuffleInPlace<T>(state: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(state, i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

export function isRngState(value: unknown): value is RngState {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)
  );
}
