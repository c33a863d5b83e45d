/**
 * A seat's side of provable deals (docs/PROTOCOL.md "Provable deals"): it answers each deal's
 * commitment with a seed of its own (once), keeps the hand it was dealt from the round's first view,
 * and checks the round's deal against the proof revealed at its end. The online session feeds it what
 * the server says and sends the seeds it makes; nothing here touches the line.
 */
import { verifyDeal, type DealProof, type PlayerView, type SpectatorView, type Tile } from '../../engine/index.js';

/** What the check of a round's deal found: for the round shown, or null. */
export type DealCheckResult = { round: number; ok: boolean } | null;

/** A fresh seed for a deal: 32 random bytes, hex. */
function freshSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class DealChecker {
  /** The last round's deal, checked once its round is over. */
  result: DealCheckResult = null;
  /** The seed this seat sent for each deal, by the commitment it answered. */
  private readonly sentSeeds = new Map<string, string>();
  /** The hand this seat was dealt in the round shown, from the round's first view (before anyone moved). */
  private dealtHand: { round: number; hand: Tile[] } | null = null;
  /** The commitment of the proof checked last: a round's proof is checked once. */
  private checkedProof: string | null = null;

  constructor(
    /** Sends this seat's seed for the deal committed to. */
    private readonly sendSeed: (commitment: string, seed: string) => void,
    /** Hears each check's result. */
    private readonly checked: (result: DealCheckResult) => void,
  ) {}

  /** A deal was committed to (the room's next deal): a seat answers it with a seed of its own, once. */
  answer(commitment: string | undefined): void {
    if (!commitment || this.sentSeeds.has(commitment)) return;
    const seed = freshSeed();
    this.sentSeeds.set(commitment, seed);
    this.sendSeed(commitment, seed);
  }

  /** This seat's view: the round's first one gives the hand dealt. */
  seatViewed(view: PlayerView): void {
    if (view.log.length === 0 && !view.revealed) this.dealtHand = { round: view.round.number, hand: view.hand };
  }

  /** Checks the round's deal against its proof (Web Crypto), once per round, and tells what it found. */
  async check(view: PlayerView | SpectatorView, proof: DealProof): Promise<void> {
    if (!view.revealed) return;
    if (this.result?.round === view.round.number && this.checkedProof === proof.commitment) return;
    this.checkedProof = proof.commitment;
    const ownSeed = this.sentSeeds.get(proof.commitment);
    const dealtHand = this.dealtHand?.round === view.round.number ? this.dealtHand.hand : undefined;
    let ok: boolean;
    try {
      ok = (await verifyDeal(view, proof, { ...(ownSeed ? { ownSeed } : {}), ...(dealtHand ? { dealtHand } : {}) })).ok;
    } catch {
      // No Web Crypto here (an insecure origin): the deal cannot be checked, which is not a proof it is wrong.
      return;
    }
    this.result = { round: view.round.number, ok };
    this.checked(this.result);
  }

  /** The seat is given up or another room begins: no round's check or dealt hand stands. */
  forget(): void {
    this.result = null;
    this.dealtHand = null;
  }
}
