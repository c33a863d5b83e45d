/**
 * The matcher: which seekers of one pool sit down together now, as a pure function of who waits, since
 * when, at what rating, and what they asked for. Run in waves (every second or so) by whoever holds the
 * pool; the tables it returns become rooms.
 *
 * As lichess' pools do, the closest ratings meet first and the gap a seeker accepts widens with its wait,
 * so a lone strong player still gets a game, later. A seeker is at most at one table (one identity
 * seeking from two tabs is one seeker: its earliest seek counts), never with itself, never with someone
 * either of them asked not to be paired with, and not with the one it just played while someone else
 * would do. In a pool of more than two seats, seats still empty after `computerFillAfterMs` go to the
 * computer, but only at a table of people who all agreed to it.
 */

/** One identity waiting in a pool. */
export interface Seeker {
  /** The identity's public id. */
  id: string;
  /** The rating it is matched by (the shown number). */
  rating: number;
  /** When it started waiting (ms). */
  since: number;
  /** It agreed on the wait screen that computers take the seats nobody fills in time. */
  computers: boolean;
  /** Identities it asked not to be paired with (and those who asked not to be paired with it). */
  avoid: readonly string[];
  /** Whom it played last in this pool: not again straight away while another would do. */
  lastOpponents: readonly string[];
}

export interface PoolRules {
  seats: 2 | 3 | 4;
  /** Ratings a seeker accepts at once, either side of its own. */
  initialGap: number;
  /** How much wider the accepted gap grows each second of waiting. */
  gapPerSecond: number;
  /** The widest gap ever accepted. */
  maxGap: number;
  /** After this long (ms), a pool of more than two seats may fill its empty seats with computers. */
  computerFillAfterMs: number;
}

export const DEFAULT_MATCHING: Omit<PoolRules, 'seats'> = { initialGap: 100, gapPerSecond: 15, maxGap: 1000, computerFillAfterMs: 30_000 };

/** A table the matcher formed: the seekers seated (in seat order) and how many seats go to computers. */
export interface Table {
  seekers: string[];
  computers: number;
}

/** The rating gap a seeker accepts after waiting until `now`. */
export function acceptedGap(seeker: Seeker, rules: PoolRules, now: number): number {
  const waited = Math.max(0, now - seeker.since) / 1000;
  return Math.min(rules.maxGap, rules.initialGap + rules.gapPerSecond * waited);
}

/** Whether two seekers may ever sit together: distinct identities, neither avoiding the other. */
function allowed(a: Seeker, b: Seeker): boolean {
  return a.id !== b.id && !a.avoid.includes(b.id) && !b.avoid.includes(a.id);
}

/** Whether two seekers accept each other's rating now: within the gap of the one who waited longer. */
function closeEnough(a: Seeker, b: Seeker, rules: PoolRules, now: number): boolean {
  return Math.abs(a.rating - b.rating) <= Math.max(acceptedGap(a, rules, now), acceptedGap(b, rules, now));
}

const justPlayed = (a: Seeker, b: Seeker): boolean => a.lastOpponents.includes(b.id) || b.lastOpponents.includes(a.id);

/** One seeker per identity: its earliest seek. */
function distinct(seekers: readonly Seeker[]): Seeker[] {
  const byId = new Map<string, Seeker>();
  for (const seeker of seekers) {
    const kept = byId.get(seeker.id);
    if (!kept || seeker.since < kept.since) byId.set(seeker.id, seeker);
  }
  return [...byId.values()];
}

/** Tables formed from `seekers` at `now`; the seekers not seated keep waiting. */
export function formTables(seekers: readonly Seeker[], rules: PoolRules, now: number): Table[] {
  const waiting = distinct(seekers).sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
  return rules.seats === 2 ? pairs(waiting, rules, now) : groups(waiting, rules, now);
}

/**
 * Two seats: every acceptable pair, closest ratings first (the longer wait breaks ties); a pair that just
 * played each other only when neither of them has anyone else acceptable now.
 */
function pairs(waiting: Seeker[], rules: PoolRules, now: number): Table[] {
  const candidates: { a: Seeker; b: Seeker; gap: number; repeat: boolean; since: number }[] = [];
  for (let i = 0; i < waiting.length; i++) {
    for (let j = i + 1; j < waiting.length; j++) {
      const a = waiting[i]!;
      const b = waiting[j]!;
      if (!allowed(a, b) || !closeEnough(a, b, rules, now)) continue;
      candidates.push({ a, b, gap: Math.abs(a.rating - b.rating), repeat: justPlayed(a, b), since: Math.min(a.since, b.since) });
    }
  }
  const options = new Map<string, number>();
  for (const { a, b, repeat } of candidates) {
    if (repeat) continue;
    options.set(a.id, (options.get(a.id) ?? 0) + 1);
    options.set(b.id, (options.get(b.id) ?? 0) + 1);
  }
  // A repeat goes last, and only for two who have no fresh option between them.
  const usable = candidates.filter((c) => !c.repeat || ((options.get(c.a.id) ?? 0) === 0 && (options.get(c.b.id) ?? 0) === 0));
  usable.sort((x, y) => Number(x.repeat) - Number(y.repeat) || x.gap - y.gap || x.since - y.since);
  const seated = new Set<string>();
  const tables: Table[] = [];
  for (const { a, b } of usable) {
    if (seated.has(a.id) || seated.has(b.id)) continue;
    seated.add(a.id).add(b.id);
    tables.push({ seekers: [a.id, b.id], computers: 0 });
  }
  return tables;
}

/**
 * More than two seats: the longest waiter first, with the closest-rated others it and they accept; a
 * table short of people after the wait is filled with computers when everyone at it agreed, and has
 * two people at least (one person and computers is a game against the computer, played offline).
 */
function groups(waiting: Seeker[], rules: PoolRules, now: number): Table[] {
  const seated = new Set<string>();
  const tables: Table[] = [];
  for (const first of waiting) {
    if (seated.has(first.id)) continue;
    const group = [first];
    const others = waiting
      .filter((s) => !seated.has(s.id) && s !== first)
      .sort((a, b) => Math.abs(a.rating - first.rating) - Math.abs(b.rating - first.rating) || a.since - b.since);
    const fits = (s: Seeker, repeats: boolean) => group.every((g) => allowed(g, s) && closeEnough(g, s, rules, now) && (repeats || !justPlayed(g, s)));
    for (const repeats of [false, true]) {
      for (const other of others) {
        if (group.length === rules.seats) break;
        if (!group.includes(other) && fits(other, repeats)) group.push(other);
      }
    }
    const full = group.length === rules.seats;
    const filled = !full && group.length >= 2 && group.every((s) => s.computers && now - s.since >= rules.computerFillAfterMs);
    if (!full && !filled) continue;
    for (const s of group) seated.add(s.id);
    tables.push({ seekers: group.map((s) => s.id), computers: rules.seats - group.length });
  }
  return tables;
}
