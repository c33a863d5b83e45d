/** A room's settings as the engine's match configuration. */
import type { MatchConfig } from 'domino-game/engine';
import type { RoomSettings } from 'domino-game/protocol';

export function matchConfigOf(settings: RoomSettings): MatchConfig {
  return {
    variant: settings.variant,
    players: settings.players,
    ...(settings.target !== undefined ? { target: settings.target } : {}),
    ...(settings.teams !== undefined ? { teams: settings.teams } : {}),
    ...(settings.houseRules ? { houseRules: settings.houseRules } : {}),
  };
}
