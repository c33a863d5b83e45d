/** One key as WebDriver wants it: a named key's code point, else the character itself; throws otherwise. */
export function webDriverKey(key: string): string;
export class WebKitLauncher {
  constructor(options: { driver: string; browser: string; xvfb: string });
  readonly name: string;
  readonly type: string;
  readonly concurrency: number;
  active: Map<string, string>;
  command(method: string, path: string, body?: unknown): Promise<unknown>;
  sendKeys(sessionId: string, keys: string[]): Promise<void>;
  sendMouseClick(sessionId: string, x: number, y: number, button?: string): Promise<unknown>;
  setViewport(sessionId: string, viewport: { width: number; height: number }): Promise<void>;
}
export function webkitLauncher(options: { driver: string; browser: string; xvfb: string }): WebKitLauncher;
export function webkitViewportPlugin(): unknown;
