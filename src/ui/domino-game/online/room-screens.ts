/**
 * What online play shows, from the session's state: a screen of <domino-lobby> before the room's
 * table, the bar above the table, and the settings a new room starts with.
 */
import type { MessageKey, Translator } from '../../../i18n/index.js';
import type { RoomSettings } from '../../../net/protocol.js';
import type { LobbyScreen } from '../../domino-lobby/domino-lobby.js';
import type { RoomBarState, TableOffers, TableWatch } from '../../domino-room-bar/domino-room-bar.js';
import type { OnlineProblem, OnlineSession } from '../../session/online-session.js';
import type { EffectiveSettings, SettingName } from '../effective-settings.js';
import { linkTo } from './online-link.js';

const PROBLEMS: Partial<Record<OnlineProblem['code'], MessageKey>> = {
  'no-such-room': 'problemNoSuchRoom',
  'room-full': 'problemRoomFull',
  'bad-token': 'problemBadToken',
  replaced: 'problemReplaced',
  'too-many': 'problemTooMany',
  'watching-off': 'problemWatchingOff',
  'bad-key': 'problemBadKey',
  'room-closed': 'problemRoomClosed',
};


/**
 * A new room's settings: the person's (the site's attributes and their own choices). House rules stay
 * at home: a room plays each variant by its standard rules, which everyone at the table can look up.
 */
export function newRoomSettings(s: EffectiveSettings): RoomSettings {
  return {
    variant: s.variant,
    players: s.players,
    ...(s.target !== null ? { target: s.target } : {}),
    ...(s.teams ? { teams: true } : {}),
    level: s.level,
    tempo: s.tempo,
  };
}

/** What the lobby needs besides the session. */
export interface ScreenContext {
  t: Translator;
  /** The person's settings when they chose online play; null until then. */
  settings: EffectiveSettings | null;
  locked: ReadonlySet<SettingName>;
  /** The name typed last. */
  name: string;
}

/** A screen of the lobby instead of the table; null when the room's table shows. */
export function lobbyScreen(session: OnlineSession | null, { t, settings, locked, name }: ScreenContext): LobbyScreen | null {
  if (!session) return settings && { kind: 'create', settings: newRoomSettings(settings), locked, name };
  const { problem, room, seat, status } = session;
  if (problem) return { kind: 'problem', text: t.t(PROBLEMS[problem.code] ?? 'problemOther') };
  if (status === 'closed') return { kind: 'problem', text: t.t('problemOther') };
  if (session.state) return null;
  if (session.watching) return { kind: 'wait', text: t.t(room ? 'watchWaiting' : 'onlineConnecting') };
  if (!room) return status === 'reconnecting' ? { kind: 'problem', text: t.t('problemUnreachable') } : { kind: 'wait', text: t.t('onlineConnecting') };
  if (seat === null) {
    // Before the start a newcomer takes an open seat, after it a seat a computer plays; unless the host closed the room.
    if (!room.newcomers) return { kind: 'problem', text: t.t('problemRoomClosed') };
    const free = room.seats.some((s) => s.kind === (room.phase === 'lobby' ? 'open' : 'computer'));
    return free ? { kind: 'join', room, name } : { kind: 'problem', text: t.t('problemRoomFull') };
  }
  if (room.phase !== 'lobby') return { kind: 'wait', text: t.t('onlineConnecting') };
  return {
    kind: 'room',
    room,
    seat,
    link: session.keys?.invite ? linkTo(location.href, 'room', room.id, session.keys.invite) : null,
    watchLink: session.keys?.watch ? linkTo(location.href, 'watch', room.id, session.keys.watch) : null,
    locked,
    line: status === 'open' ? '' : t.t('onlineReconnecting'),
  };
}

/** Above the room's table: the line's state, what the game waits for, what the room offers; null without a table. */
export function roomBarState(session: OnlineSession | null, t: Translator, offers: TableOffers | undefined): RoomBarState | null {
  const state = session?.state;
  if (!session || !state) return null;
  const { room, seat, status } = session;
  const line = t.t(status === 'open' ? 'onlineConnected' : status === 'reconnecting' ? 'onlineReconnecting' : 'onlineConnecting');
  // After a round, and after the match (play again): once this seat is ready, it waits for the others.
  const over = state.phase === 'roundOver' || state.phase === 'matchOver';
  const note = room && seat !== null && over && room.seats[seat]?.ready ? t.t('waitingForOthers') : '';
  const rated = state.phase === 'matchOver' ? ratedLines(session, t) : null;
  return { line, note, ...(offers ? { room: offers } : {}), watch: watchState(session, t, over ? state.view.round.number : null), ...(rated ? { rated } : {}) };
}

/** A rating's change as a signed whole number: +16, −9, ±0. */
const signed = (t: Translator, change: number): string => `${change > 0 ? '+' : change < 0 ? '−' : '±'}${t.number(Math.abs(change))}`;

/**
 * At a quick-match table once its match is over: each person's rating before and after (with "?" while
 * provisional, "forfeit" when so), or why the match was not rated; null at a friends' table.
 */
export function ratedLines(session: OnlineSession, t: Translator): string[] | null {
  const room = session.room;
  const result = room?.rated?.result;
  if (!room?.rated) return null;
  if (!result) return [t.t('ratedPending')];
  if (result.outcome === 'over-pair-cap') return [t.t('ratedOverPairCap')];
  return result.changes.map(({ seat, before, after, provisional, forfeit }) => {
    const change = signed(t, after - before);
    return t.t('ratingChange', {
      name: room.seats[seat]?.name ?? '',
      before: t.number(before),
      after: `${t.number(after)}${provisional ? '?' : ''}`,
      change: forfeit ? `${change}, ${t.t('ratingForfeit')}` : change,
    });
  });
}

/** The bar's spectator label (or, for a seat, the number watching) and what the deal check of `roundOver` (a round just over, or null) found. */
function watchState(session: OnlineSession, t: Translator, roundOver: number | null): TableWatch {
  const watchers = session.room?.watchers ?? 0;
  const label = session.watching ? t.t('watchingLabel') : watchers > 0 ? t.t('watchersCount', { n: watchers }) : '';
  const check = roundOver !== null && session.dealCheck?.round === roundOver ? session.dealCheck : null;
  return { label, verified: check?.ok ? t.t('dealVerified') : '', warning: check && !check.ok ? t.t('dealNotVerified') : '' };
}
