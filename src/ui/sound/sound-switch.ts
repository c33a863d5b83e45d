/**
 * The game's sounds, off by default: their code (sound.ts) loads the first time a sound is due with
 * sound on, so a first visit does not carry it.
 */
import type { MatchEmitted, SessionState } from '../session/session.js';

type Player = import('./sound.js').SoundPlayer;

export class SoundSwitch {
  private player: Promise<Player | null> | null = null;

  /** An event of the match shown, with sound on: its sound. */
  heard(event: MatchEmitted, state: SessionState): void {
    this.player ??= import('./sound.js').then(
      (module) => new module.SoundPlayer(),
      () => null,
    );
    void this.player.then((player) => player?.heard(event, state));
  }
}
