/** The scores after each round heard, for the summaries. */
import type { ShownMatchNews } from './shown-match.js';

/** The scores after a round (the view keeps no history: the widget records them as the rounds end). */
export interface RoundRow {
  round: number;
  scores: number[];
}

/** The scores after each round heard, from the round-end events (the view keeps no history); summary.ts picks this match's. */
export class RoundHistory {
  readonly rows: RoundRow[] = [];

  constructor(host: Pick<ShownMatchNews, 'onMatchEvent'>) {
    host.onMatchEvent((event, state) => {
      if (event.type === 'roundEnd' || event.type === 'matchEnd') this.rows.push({ round: state.view.round.number, scores: event.scores });
    });
  }
}
