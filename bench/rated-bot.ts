/**
 * An identity of hidden strength for bench/rating-quality.ts: the computer at one level, choosing every
 * move in the bench's process from its own view (as a person's widget would, over the wire), seeking its
 * pool again after each match ("Play again" at a quick-match table is a new seek). It keeps one lobby
 * connection (identified once) and opens each table's own URL (`/ws?room=ID`) to resume its seat.
 */
import { randomBytes } from 'node:crypto';
import { chooseMove, type ChooseOptions } from '../src/ai/index.js';
import type { ServerMessage } from '../src/net/protocol.js';
import { Player, wireMove, type Of } from '../server/test/harness.js';

export interface BotOutcome {
  /** Rated matches played (the outcome `rated`). */
  rated: number;
  /** Matches not rated: these two met three times this UTC day already. */
  overPairCap: number;
  /** Rated matches this identity forfeited (left, away, or mostly played for: a bot never should). */
  forfeits: number;
  /** What the server refused it (never expected: a bot answers each view once, with a legal move). */
  refusals: string[];
  /** What ended its play early (never expected). */
  problems: string[];
}

/** The longest any one wait for the server lasts before the bot gives up on it. */
const ANSWER_MS = 120_000;

export class RatedBot {
  id = '';
  readonly outcome: BotOutcome = { rated: 0, overPairCap: 0, forfeits: 0, refusals: [], problems: [] };
  private lobby: Player | null = null;
  private stopped = false;

  constructor(
    private readonly wsUrl: string,
    readonly name: string,
    private readonly pool: string,
    private readonly think: ChooseOptions,
  ) {}

  async identify(): Promise<void> {
    this.lobby = await Player.connect(this.wsUrl, this.name);
    const answer = await this.lobby.request({ type: 'identify', secret: randomBytes(32).toString('base64url'), name: this.name }, 'identity');
    if (answer.type !== 'identity') throw new Error(`${this.name}: identify refused: ${JSON.stringify(answer)}`);
    this.id = answer.player.id;
  }

  /** Seeks and plays match after match while `more()` says so; a wait in the pool ends with `stop()`. */
  async play(more: () => boolean): Promise<void> {
    while (!this.stopped && more()) {
      try {
        const matched = await this.seek();
        if (!matched) return;
        await this.playTable(matched);
      } catch (error) {
        if (this.stopped) return;
        this.outcome.problems.push((error as Error).message);
        return;
      }
    }
  }

  /** Ends a wait in the pool (and the lobby connection). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.lobby?.close();
  }

  private async seek(): Promise<Of<'matched'> | null> {
    const lobby = this.lobby!;
    const from = lobby.mark();
    lobby.send({ type: 'seek', pool: this.pool });
    // As long as the others take: the bench ends the wait by closing the connection.
    const answer = await lobby.waitAny((m) => m.type === 'matched' || m.type === 'error' || m.type === 'seek-cancelled', 'matched', from, 2 ** 31 - 1);
    if (answer.type === 'matched') return answer;
    this.outcome.problems.push(`seek: ${JSON.stringify(answer)}`);
    return null;
  }

  /** Resumes the seat, plays the match to its end with the computer at this bot's level, and reads its rating. */
  private async playTable(matched: Of<'matched'>): Promise<void> {
    const table = await Player.connect(`${this.wsUrl}?room=${matched.room}`, `${this.name} at ${matched.room}`);
    try {
      const from = table.mark();
      const rated = table.waitFor('room', (m) => m.room.rated?.result != null, from, 30 * 60_000);
      let answered = -1;
      const act = (m: ServerMessage) => {
        if (m.type === 'error') this.outcome.refusals.push(`${m.code}: ${m.message}`);
        // Only the newest view is answered, once: an older one may be behind it, and a view sent again at
        // its seq (a turn clock started over) changes nothing to answer.
        if (m.type !== 'view' || table.last('view') !== m || m.seq <= answered) return;
        answered = m.seq;
        const { view } = m;
        if (view.winningSide !== null) return;
        if (view.round.result !== null) table.sendPaced({ type: 'next-round', seq: m.seq });
        else if (view.turn === view.seat) table.sendPaced({ type: 'move', seq: m.seq, move: wireMove(chooseMove(view, this.think)) });
      };
      // Listening before the resume: its first view (the match is dealt) comes right after the welcome.
      table.onMessage(act);
      const welcome = await table.request({ type: 'resume', room: matched.room, token: matched.token }, 'welcome', ANSWER_MS);
      if (welcome.type !== 'welcome') throw new Error(`resume refused: ${JSON.stringify(welcome)}`);
      const result = (await rated).room.rated!.result!;
      if (result.outcome === 'over-pair-cap') this.outcome.overPairCap++;
      else {
        this.outcome.rated++;
        if (result.changes.find((c) => c.id === this.id)?.forfeit) this.outcome.forfeits++;
      }
    } finally {
      await table.close();
    }
  }
}
