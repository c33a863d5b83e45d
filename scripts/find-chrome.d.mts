export const CHROME_CANDIDATES: readonly string[];
export const CHROME_INSTALL_HINT: string;
/** The browser executable, or undefined when none is found; throws when CHROME_PATH is not an executable. */
export function findChrome(env?: NodeJS.ProcessEnv): string | undefined;
