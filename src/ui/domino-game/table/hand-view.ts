/** Your hand under the table: the tiles you may play glow, the hinted one is marked, a new round deals it. */
import { html } from 'lit';
import { tileName, type Play } from '../../../engine/index.js';
import type { SessionState } from '../../session/session.js';
import type { PlayController } from '../play.js';
import type { Teaching } from '../teach/teach.js';

/** What the hand needs of the root: the tile being chosen and the hinted one. */
export interface HandHost {
  play: Pick<PlayController, 'choosing' | 'onTileChosen'>;
  teach: Pick<Teaching, 'tileFor'>;
}

export class HandView {
  constructor(private readonly host: HandHost) {}

  /** `hidden`: the round's end has the hand's room (your tiles lie face up at your chip). */
  render(state: SessionState, hidden: boolean) {
    const { phase, view, legal } = state;
    const { play, teach } = this.host;
    const playable = new Set(legal.filter((m): m is Play => m.type === 'play').map((m) => tileName(m.tile)));
    return html`<domino-hand
            ?hidden=${hidden}
            exportparts="tile, playable, unplayable, selected, hinted"
            .tiles=${view.hand}
            .hinted=${teach.tileFor(state)}
            .playable=${playable}
            .selected=${play.choosing}
            .deal=${phase === 'playing' ? view.round.number : 0}
            ?active=${playable.size > 0}
            @tile-chosen=${play.onTileChosen}
          ></domino-hand>`;
  }
}
