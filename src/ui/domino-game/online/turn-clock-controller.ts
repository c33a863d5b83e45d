/**
 * The turn clock of the seat whose turn it is: its countdown shown again every so often while it runs,
 * and the person told once when ten seconds of their own are left.
 */
import type { ReactiveController } from 'lit';
import type { Seat } from '../../../engine/index.js';
import type { OnlineControllerHost } from './controller-host.js';

/** The person is told once, this long before their clock runs out. */
const CLOCK_WARNING_MS = 10_000;
/** How often a running clock's countdown is shown again. */
const CLOCK_TICK_MS = 500;

export interface ShownClock {
  seat: Seat;
  /** Whole seconds left (never below 0: the server decides when the time is up). */
  seconds: number;
  msLeft: number;
}

export class TurnClockController implements ReactiveController {
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The clock (its end) whose ten seconds' warning was said. */
  private warned: number | null = null;

  constructor(private readonly host: OnlineControllerHost) {
    host.element.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** The clock shown, if one runs for the seat whose turn it is. */
  shown(): ShownClock | null {
    const session = this.host.session();
    const clock = session?.clock;
    if (!clock || session.state?.phase !== 'playing' || session.state.view.turn !== clock.seat) return null;
    const msLeft = Math.max(0, clock.endsAt - performance.now());
    return { seat: clock.seat, seconds: Math.ceil(msLeft / 1000), msLeft };
  }

  /** Looks at the room again (it changed): ticks while a clock runs, warns once, stops when none runs. */
  follow(): void {
    const clock = this.shown();
    if (!clock) return this.stop();
    const session = this.host.session()!;
    const endsAt = session.clock!.endsAt;
    if (clock.seat === session.seat && clock.msLeft > 0 && clock.msLeft <= CLOCK_WARNING_MS && this.warned !== endsAt) {
      this.warned = endsAt;
      this.host.announce(this.host.t().t('clockWarning'));
    }
    this.ticker ??= setInterval(() => {
      this.follow();
      this.host.element.requestUpdate();
    }, CLOCK_TICK_MS);
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }
}
