/**
 * Quick match before the table (docs/PROTOCOL.md, "Quick match"): the person's identity on this server
 * (the site's token, else the anonymous one this browser keeps, its name asked first), the line that
 * lists the pools and waits in one, and what <domino-quick-match> shows of it. A table found is handed
 * to online play, which keeps the seat and opens the room as after a reload.
 */
import { html, type TemplateResult } from 'lit';
import type { Translator } from '../../../i18n/index.js';
import { browserStore, type KeyValueStore } from '../../../storage/index.js';
import '../../domino-quick-match/domino-quick-match.js';
import type { QuickMatchScreen } from '../../domino-quick-match/domino-quick-match.js';
import type { InternalEvent } from '../../internal-events.js';
import { identityFor, identityKey, identifyMessage, keepIdentityName, readIdentity } from '../../session/identity.js';
import { QuickMatchSession, type QuickMatchTable } from '../../session/quick-match-session.js';
import { poolText } from '../../domino-quick-match/domino-quick-match.js';
import type { OnlineControllerHost } from './controller-host.js';

/** What quick match needs of online play. */
export interface QuickMatchHost extends Pick<OnlineControllerHost, 't' | 'announce'> {
  element: OnlineControllerHost['element'] & { readonly playerToken: string | null };
  server: string;
  /** A table was found: keep its seat and open its room. */
  matched(table: QuickMatchTable): void;
  /** Back to the match against the computer. */
  back(): void;
}

/** Where the identity is kept when the page has no storage: this page's memory, shared by its widgets. */
const pageMemory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  read: (key) => pageMemory.get(key) ?? null,
  write: (key, value) => (pageMemory.set(key, value), true),
  remove: (key) => void pageMemory.delete(key),
};

/** The refusals of an identity, said with the server's reason (the server writes it in English). */
const identityProblem = (t: Translator, code: string, reason: string): string =>
  code === 'bad-identity' ? t.t('quickBadIdentity', { reason }) : code === 'banned' ? t.t('quickBanned') : t.t('problemOther');

export class QuickMatchController {
  /** The line to the server, from the pools' list to the table found (or back to the computer). */
  private session: QuickMatchSession | null = null;
  /** Shows the time waited while waiting. */
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The pool waited in last: what the wait's announcements and the seeking after a table are about. */
  private announcedWait: string | null = null;
  /** The name is asked first (no site token, no name kept), then the line opens, waiting in `pendingPool` if given. */
  private askingName = false;
  private pendingPool: string | null = null;
  private readonly store: KeyValueStore;
  private readonly key: string;
  /** The players this person asked not to be paired with, from this widget (taken by the server). */
  readonly avoided = new Set<string>();

  constructor(private readonly host: QuickMatchHost) {
    this.store = browserStore() ?? memoryStore;
    this.key = identityKey(host.server, location.href);
  }

  /** Quick match is on screen (from the pools to a table found). */
  get active(): boolean {
    return this.session !== null || this.askingName;
  }

  /** Opens quick match: the name first when the person has none, else the pools; `pool`: wait there at once ("Play again"). */
  open(pool: string | null = null): void {
    this.close();
    if (!this.host.element.playerToken && readIdentity(this.store, this.key)?.name == null) {
      this.askingName = true;
      this.pendingPool = pool;
      return this.changed();
    }
    this.connect(pool);
  }

  close(): void {
    this.askingName = false;
    this.stopTicking();
    this.session?.dispose();
    this.session = null;
    this.announcedWait = null;
  }

  /** A line identified as this person (the site's token, else the kept identity). */
  private line(): QuickMatchSession {
    return new QuickMatchSession(this.host.server, {
      identify: () => identifyMessage(this.host.element.playerToken, this.store, this.key) ?? { type: 'identify', token: '' },
    });
  }

  /**
   * "Don't pair me with them" from a table: the room's line holds no identity, so a line of its own
   * identifies, asks, and closes once the server took it (said politely).
   */
  avoid(player: string, name: string): void {
    const line = this.line();
    line.onAvoided(() => {
      line.dispose();
      this.avoided.add(player);
      this.host.announce(this.host.t().t('avoidPersonDone', { name }));
      this.changed();
    });
    line.avoid(player);
  }

  private connect(pool: string | null): void {
    const session = this.line();
    session.onChange(() => {
      if (this.session === session) this.follow(session);
    });
    session.onMatched((table) => {
      if (this.session !== session) return;
      this.session = null;
      this.stopTicking();
      session.dispose();
      this.host.announce(this.host.t().t('quickMatched'));
      this.host.matched(table);
    });
    this.session = session;
    if (pool) session.seek(pool);
    this.changed();
  }

  /** What changed on the line: the wait's clock runs while waiting, and the wait's start and end are said. */
  private follow(session: QuickMatchSession): void {
    const t = this.host.t();
    const wait = session.wait;
    if (wait && !this.ticker) this.ticker = setInterval(() => this.host.element.requestUpdate(), 1000);
    if (!wait) this.stopTicking();
    const pool = wait && session.pools?.find((p) => p.id === wait.pool);
    if (pool && this.announcedWait !== pool.id) this.host.announce(t.t('quickWaitStarted', { pool: poolText(t, pool) }));
    this.announcedWait = wait ? (pool ? pool.id : this.announcedWait) : null;
    this.changed();
  }

  private stopTicking(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private changed(): void {
    this.host.element.requestUpdate();
  }

  private screenNow(t: Translator): QuickMatchScreen | null {
    if (this.askingName) return { kind: 'name', name: readIdentity(this.store, this.key)?.name ?? '' };
    const session = this.session;
    if (!session) return null;
    const { wait, pools, problem } = session;
    const problemText = problem ? identityProblem(t, problem.code, problem.message) : '';
    // A refused identity leaves nothing to pick: the person goes back (or the site gives another token).
    if (problem && (problem.code === 'bad-identity' || problem.code === 'banned')) return { kind: 'problem', text: problemText };
    const pool = wait && pools?.find((p) => p.id === wait.pool);
    if (wait && pool) {
      const line = session.status === 'open' ? '' : t.t(session.status === 'reconnecting' ? 'onlineReconnecting' : 'onlineConnecting');
      return { kind: 'wait', pool, waiting: wait.waiting, waited: performance.now() - wait.since, computers: wait.computers, line };
    }
    if (session.status === 'reconnecting' && !pools) return { kind: 'problem', text: t.t('problemUnreachable') };
    return { kind: 'pools', pools: session.player ? pools : null, problem: problemText };
  }

  /** Quick match's screen instead of the table; null when it is not on. */
  screen(): TemplateResult | null {
    const screen = this.screenNow(this.host.t());
    if (!screen) return null;
    return html`<domino-quick-match
      .screen=${screen}
      @quick-name=${(e: InternalEvent<'quick-name'>) => this.named(e.detail.name)}
      @quick-seek=${(e: InternalEvent<'quick-seek'>) => this.session?.seek(e.detail.pool, e.detail.computers)}
      @quick-cancel=${() => this.cancel()}
      @quick-back=${() => this.host.back()}
    ></domino-quick-match>`;
  }

  private named(name: string): void {
    identityFor(this.store, this.key);
    keepIdentityName(this.store, this.key, name);
    const pool = this.pendingPool;
    this.askingName = false;
    this.pendingPool = null;
    this.connect(pool);
  }

  private cancel(): void {
    this.session?.cancel();
    this.host.announce(this.host.t().t('quickWaitCancelled'));
  }
}
