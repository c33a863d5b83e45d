/**
 * The one way from settings to a match's configuration, shared by every layer that holds settings:
 * the widget's (the site's attributes and the person's choices), the protocol's check of a room's,
 * and the server's room. Light on purpose: the protocol's entry takes it without the statechart.
 */
import type { HouseRules, MatchConfig, PlayerCount, Variant } from '../engine/index.js';

/**
 * What a match is made of, as settings say it: the site's and the person's (the widget's settings) or
 * a room's (the protocol's RoomSettings) alike.
 */
export interface MatchChoices {
  variant: Variant;
  players: PlayerCount;
  /** Absent or null: the variant's default. */
  target?: number | null;
  teams?: boolean;
  houseRules?: Partial<HouseRules>;
}

/** The match configuration of some settings: what they choose, and nothing for the engine's defaults. */
export function matchConfigOf(settings: MatchChoices): MatchConfig {
  const { variant, players, target, teams, houseRules } = settings;
  const config: MatchConfig = { variant, players };
  if (target !== undefined && target !== null) config.target = target;
  if (teams !== undefined) config.teams = teams;
  if (houseRules) config.houseRules = houseRules;
  return config;
}
