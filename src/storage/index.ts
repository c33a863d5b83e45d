export { browserStore, type KeyValueStore } from './store.js';
export { loadOnlineSeat, parseOnlineSeat } from './online-seat.js';
export { emptyStats, parseStats, recordMatch, type FinishedMatch, type Stats, type Tally } from './stats.js';
export {
  MIGRATIONS,
  SAVE_VERSION,
  SavedGame,
  parsePlayerSettings,
  readVersioned,
  resetStorageWarnings,
  type OnlineSeatKey,
  type PlayerSettings,
  type Saved,
  type SavedMatch,
} from './saved.js';
