/**
 * Upgrades refused for a per-address limit (429) are answered after a pause. Cheap as a refusal is (no
 * handshake), the TCP connection and Node's HTTP parsing still cost the process about a tenth of a
 * millisecond of its core each: a loop that tries again as soon as it is refused made thousands a
 * second, a third of a core and its garbage. Answered a second later, each such loop costs one a
 * second. A paused refusal holds its socket, so at most `most` wait at once; past that, and when the
 * server stops, they are answered at once.
 */
import type { Duplex } from 'node:stream';

export class PausedRefusals {
  /** Each socket waiting for its answer, with what to answer. */
  private readonly waiting = new Map<Duplex, { response: string; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly pauseMs: number,
    private readonly most: number,
  ) {}

  refuse(socket: Duplex, response: string): void {
    if (this.pauseMs <= 0 || this.waiting.size >= this.most) {
      socket.end(response);
      return;
    }
    const timer = setTimeout(() => this.answer(socket), this.pauseMs);
    timer.unref();
    this.waiting.set(socket, { response, timer });
    // A client that gave up waiting needs no answer.
    socket.once('close', () => {
      clearTimeout(timer);
      this.waiting.delete(socket);
    });
  }

  /** How many wait for their answer. */
  get size(): number {
    return this.waiting.size;
  }

  /** Answers every refusal still waiting, now. */
  answerAll(): void {
    for (const socket of [...this.waiting.keys()]) this.answer(socket);
  }

  private answer(socket: Duplex): void {
    const waiting = this.waiting.get(socket);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.waiting.delete(socket);
    socket.end(waiting.response);
  }
}
