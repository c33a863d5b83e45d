export { browserStore, type KeyValueStore } from './store.js';
export { emptyStats, parseStats, recordMatch, type Stats, type Tally } from './stats.js';
export {
  MIGRATIONS,
  SAVE_VERSION,
  SavedGame,
  parseOnlineSeat,
  parsePlayerSettings,
  readVersioned,
  resetStorageWarnings,
  type OnlineSeatKey,
  type PlayerSettings,
  type Saved,
} from './saved.js';
