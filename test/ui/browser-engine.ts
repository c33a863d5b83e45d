import { executeServerCommand, sendKeys, setViewport as setDriverViewport } from '@web/test-runner-commands';

/**
 * The browser engine a test runs in (web-test-runner.config.mjs runs the suite in three), for the few
 * checks that need what only one engine's driver gives: Chrome's accessibility tree, media emulation.
 */
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** Read from the user agent: Firefox says Firefox; Chromium says Chrome; WebKit says neither. */
export function engineOf(userAgent: string): Engine {
  if (/\bFirefox\//.test(userAgent)) return 'firefox';
  if (/\b(?:Chrome|Chromium|HeadlessChrome)\//.test(userAgent)) return 'chromium';
  return 'webkit';
}

export const engine: Engine = engineOf(navigator.userAgent);

/** Whether Chrome's accessibility tree (the a11y snapshot command, over CDP) can be read here. */
export const hasAccessibilityTree = engine === 'chromium';

/**
 * Presses `key` with `modifier` held ("Shift", "Tab"). WebKit's WebDriver launcher takes the chord in
 * one press (its command has no separate down and up); the others hold the modifier down around it.
 */
export async function pressWith(modifier: string, key: string): Promise<void> {
  if (engine === 'webkit') {
    await sendKeys({ press: `${modifier}+${key}` });
    return;
  }
  await sendKeys({ down: modifier });
  await sendKeys({ press: key });
  await sendKeys({ up: modifier });
}

/**
 * Sizes the page (CSS pixels). The command set has no setViewport for WebDriver browsers: in WebKit the
 * config's webkit-viewport command sizes MiniBrowser's window instead.
 */
export async function setViewport(viewport: { width: number; height: number }): Promise<void> {
  if (engine === 'webkit') await executeServerCommand('webkit-viewport', viewport);
  else await setDriverViewport(viewport);
}
