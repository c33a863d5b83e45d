export const CHROMIUM_ONLY: Readonly<Record<string, string>>;
export const NOT_IN_WEBKIT: Readonly<Record<string, string>>;
export const CROSS_ENGINE: readonly string[];
/** The browser test files `engine` runs, as paths from the package's root (test/ui/NAME.test.ts). */
export function filesFor(engine: string, env?: NodeJS.ProcessEnv): string[];
