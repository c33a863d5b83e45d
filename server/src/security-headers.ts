/**
 * The security headers of every HTTP response the server makes (the demo, the widget's files, 404s,
 * /healthz, /metrics): what the demo page may load and who may frame it.
 *
 * The Content Security Policy allows what the widget really does and nothing else:
 * - scripts only from this origin (`script-src 'self'`: no inline script, no eval);
 * - its computer players' Web Worker, started from a same-origin `blob:` script that imports the page's
 *   own bundle (src/ai/worker-player.ts: `worker-src 'self' blob:`; the import itself is `script-src`);
 * - its WebSocket to this origin (`connect-src 'self'`, which CSP 3 engines match to ws: and wss: of
 *   the same host and port: server/test/demo-policy.test.ts checks Chromium, Firefox and WebKit);
 * - style sheets from this origin, and style attributes (`style-src-attr 'unsafe-inline'`): the
 *   board places each tile with one (src/ui/domino-board/), and a style attribute cannot run script;
 *   `<style>` elements stay refused (lit's styles are constructed sheets, which CSP does not govern);
 * - the demo's empty `data:` icon (`img-src`).
 */

/** `Referrer-Policy` values (the Referrer Policy spec's list). */
export const REFERRER_POLICIES = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
] as const;
export type ReferrerPolicy = (typeof REFERRER_POLICIES)[number];

export interface SecurityOptions {
  /**
   * Who may frame the server's pages: CSP `frame-ancestors` sources (`'self'`, `'none'`, or origins
   * such as `https://a.example`), as parseFrameAncestors gives them.
   */
  frameAncestors: readonly string[];
  referrerPolicy: ReferrerPolicy;
}

export const DEFAULT_SECURITY: SecurityOptions = { frameAncestors: ["'self'"], referrerPolicy: 'no-referrer' };

/** The headers every response carries, by name (lower case, as node:http sends them). */
export function securityHeaders(options: SecurityOptions = DEFAULT_SECURITY): Record<string, string> {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors.join(' ')}`,
  ].join('; ');
  const headers: Record<string, string> = {
    'content-security-policy': policy,
    'referrer-policy': options.referrerPolicy,
    'x-content-type-options': 'nosniff',
  };
  // X-Frame-Options, for engines without frame-ancestors, says the same where it can: it has no list.
  const frameOptions = sameAncestors(options.frameAncestors, "'self'") ? 'SAMEORIGIN' : sameAncestors(options.frameAncestors, "'none'") ? 'DENY' : null;
  if (frameOptions) headers['x-frame-options'] = frameOptions;
  return headers;
}

const sameAncestors = (ancestors: readonly string[], only: string) => ancestors.length === 1 && ancestors[0] === only;

/**
 * `--frame-ancestors`: space-separated `'self'`, `'none'` (alone) or origins (`https://a.example`,
 * `https://*.example.com:8443`). `self` and `none` are taken without their quotes too, since a shell
 * removes them. Throws with the reason on anything else: nothing but these may reach the header.
 */
export function parseFrameAncestors(text: string): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new Error("give 'self', 'none' or origins such as https://a.example");
  const sources = words.map((word) => {
    const keyword = /^'?(self|none)'?$/i.exec(word);
    if (keyword) return `'${keyword[1]!.toLowerCase()}'`;
    if (!isOriginSource(word)) throw new Error(`"${word}" is not 'self', 'none' or an origin such as https://a.example`);
    return word.toLowerCase();
  });
  if (sources.includes("'none'") && sources.length > 1) throw new Error("'none' stands alone");
  return [...new Set(sources)];
}

/**
 * An http(s) origin, its host possibly starting with `*.` (CSP's wildcard for subdomains). Only
 * letters, digits, dots and hyphens in the host: nothing that could end the directive (`;`, `,`).
 */
function isOriginSource(word: string): boolean {
  const found = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}))?$/i.exec(word);
  return found !== null && (found[6] === undefined || Number(found[6]) <= 65535);
}

/** `--referrer-policy`: one of REFERRER_POLICIES; throws with the list otherwise. */
export function parseReferrerPolicy(text: string): ReferrerPolicy {
  const policy = REFERRER_POLICIES.find((p) => p === text.trim().toLowerCase());
  if (!policy) throw new Error(`"${text}" is not a referrer policy: one of ${REFERRER_POLICIES.join(', ')}`);
  return policy;
}
