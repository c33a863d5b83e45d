import type { LegalMove, PlayerView } from '../engine/index.js';
import type { ChooseOptions } from './choose.js';

export interface WorkerRequest {
  id: number;
  view: PlayerView;
  options: ChooseOptions;
}

export type WorkerReply = { id: number; move: LegalMove } | { id: number; error: string };
