/** One key as WebDriver wants it: a named key's code point, else the character itself; throws otherwise. */
export function webDriverKey(key: string): string;
export class WebKitLauncher {
  constructor(options: { driver: string; browser: string; xvfb: string });
  readonly name: string;
  readonly type: string;
  readonly concurrency: number;
  active: Map<string, string>;
  command(method: string, path: string, body?: unknown): Promise<unknown>;
  /** A new WebDriver session (a MiniBrowser window, Xvfb and the driver started on first use); its id. */
  newWindow(): Promise<string>;
  /** Ends every session, then the driver and Xvfb. */
  stop(): Promise<void>;
  sendKeys(sessionId: string, keys: string[]): Promise<void>;
  sendMouseClick(sessionId: string, x: number, y: number, button?: string): Promise<unknown>;
  setViewport(sessionId: string, viewport: { width: number; height: number }): Promise<void>;
}
export function webkitLauncher(options: { driver: string; browser: string; xvfb: string }): WebKitLauncher;
export function webkitViewportPlugin(): unknown;
