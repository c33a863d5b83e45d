export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[];
export const FIREFOX_CANDIDATES: readonly string[];
export const WEBKIT_DRIVER_CANDIDATES: readonly string[];
export const MINIBROWSER_CANDIDATES: readonly string[];
export const XVFB_CANDIDATES: readonly string[];
export const ENGINE_INSTALL_HINT: { firefox: string; webkit: string };
/** `env[variable]` when set (throws unless it is an executable), else the first executable of `candidates`. */
export function findExecutable(variable: string, candidates: readonly string[], env: NodeJS.ProcessEnv): string | undefined;
/** Firefox's executable, or undefined when none is found; throws when FIREFOX_PATH is not an executable. */
export function findFirefox(env?: NodeJS.ProcessEnv): string | undefined;
/** WebKitWebDriver, MiniBrowser and Xvfb, or undefined when one is missing; throws when a variable names no executable. */
export function findWebKit(env?: NodeJS.ProcessEnv): { driver: string; browser: string; xvfb: string } | undefined;
/** The engines asked for by `--browser a,b` in argv, else $BROWSERS, else all; throws on an unknown name. */
export function chosenEngines(argv?: readonly string[], env?: NodeJS.ProcessEnv): EngineName[];
