/**
 * A bench's flags, taken out of the command line's arguments as they are read (so bench/run.ts sees only
 * the section names left): `take` gives a flag's value, `number` one that must be a number (whole with
 * `whole`) of at least `min`, refusing anything else with a message naming the flag.
 */
export function flagReader(args: string[]) {
  const take = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : args.splice(at, 2)[1];
  };
  const number = (flag: string, fallback: number, min: number, whole = false): number => {
    const text = take(flag);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
      throw new Error(`${flag} takes a ${whole ? 'whole number' : 'number'} of at least ${min}, got "${text}"`);
    }
    return value;
  };
  return { take, number };
}
