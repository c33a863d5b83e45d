/** The time waited as a running clock, m:ss (minutes as many as it takes), in the language's digits. */
export function waitedClock(language: string, ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = new Intl.NumberFormat(language, { useGrouping: false }).format(Math.floor(seconds / 60));
  const rest = new Intl.NumberFormat(language, { minimumIntegerDigits: 2 }).format(seconds % 60);
  return `${minutes}:${rest}`;
}
