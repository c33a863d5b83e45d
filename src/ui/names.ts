/** How seats, sides and ends are called in the interface. */
import type { Translator } from '../i18n/index.js';
import type { ResolvedConfig, Seat, Tile } from '../engine/index.js';

/** Local play: you are seat 0. */
export function seatName(t: Translator, seat: Seat): string {
  return seat === 0 ? t.t('you') : t.t('computer', { n: seat });
}

export function sideName(t: Translator, config: ResolvedConfig, side: number): string {
  if (!config.teams) return seatName(t, side);
  return side === 0 ? t.t('yourTeam') : t.t('team', { n: side + 1 });
}

export const tileText = (tile: Tile): string => `${tile[0]}-${tile[1]}`;

/** An end's name: the four arms by direction, Doubles' branches by their place in the list. */
export function endName(t: Translator, id: string, openEndIds: readonly string[]): string {
  switch (id) {
    case 'left':
      return t.t('endLeft');
    case 'right':
      return t.t('endRight');
    case 'up':
      return t.t('endUp');
    case 'down':
      return t.t('endDown');
    case 'lead':
      return t.t('endLead');
    default:
      return t.t('endBranch', { n: Math.max(1, openEndIds.indexOf(id) + 1) });
  }
}
