/**
 * What Hint and Undo do, loaded on first use with the texts shown on demand (teach.ts has the buttons
 * and keys): asking the worker for the hint and saying it, taking a move back and saying so.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { tileName, type Tile } from '../../../engine/index.js';
import type { Hint, HintReason, PlaceReason } from '../../../ai/worker-player.js';
import type { Translator } from '../../../i18n/index.js';
import { endName, seatName } from '../../names.js';
import type { SessionState } from '../../session/session.js';
import type { LocalSession } from '../../session/local-session.js';
import type { EffectiveSettings } from '../effective-settings.js';
import type { LazyParts } from '../lazy-parts.js';
import type { LocalMatchController } from '../local-match.js';

/** What Hint and Undo need of the root (teach.ts and the actions alike). */
export interface TeachHost {
  element: ReactiveElement;
  /** The match against the computer: the only one taught. */
  local: LocalSession;
  match: Pick<LocalMatchController, 'hintTaken'>;
  settings: { now(): Pick<EffectiveSettings, 'hints' | 'undo'> };
  lazy: Pick<LazyParts, 'load'>;
  /** Whether the match shown is the local one (online, nothing here applies). */
  offline(): boolean;
  t(): Translator;
  announce(text: string): void;
}

/** The hint shown, for the position it was asked in. */
export interface ShownHint {
  position: string;
  tile: Tile | null;
  end: string | null;
  text: string;
}

/** A position of the round: a hint holds until someone moves (or a move is taken back). */
const positionOf = ({ view }: SessionState): string => `${view.round.number}:${view.log.length}`;

function reasonText(t: Translator, reason: HintReason, state: SessionState): string {
  switch (reason.why) {
    case 'draw':
      return t.t('teachWhyDraw');
    case 'pass':
      return t.t('teachWhyPass');
    case 'only':
      return t.t('teachWhyOnly');
    case 'domino':
      return t.t('teachWhyDomino');
    case 'scores':
      return t.t('teachWhyScores', { count: reason.points });
    case 'lacks':
      return t.t('teachWhyLacks', { number: reason.number, name: seatName(t, reason.seat, state) });
    case 'heaviest':
      return t.t('teachWhyHeaviest');
    case 'double':
      return t.t('teachWhyDouble');
    case 'best':
      return t.t('teachWhyBest');
  }
}

function placeText(t: Translator, place: PlaceReason): string {
  switch (place.why) {
    case 'same':
      return t.t('teachWhereSame');
    case 'follow':
      return t.t('teachWhereFollow', { number: place.number, count: place.count });
    case 'best':
      return t.t('teachWhereBest');
  }
}

/** What the hint shows: the tile, the end (and why there) when the tile fits more than one, and the line that says it. */
export function describeHint(t: Translator, hint: Hint, state: SessionState): Omit<ShownHint, 'position'> {
  const { move, reason } = hint;
  const why = reasonText(t, reason, state);
  if (move.type !== 'play') return { tile: null, end: null, text: t.t(move.type === 'draw' ? 'teachHintDraw' : 'teachHintPass', { reason: why }) };
  const tile = tileName(move.tile);
  const places = state.legal.filter((m) => m.type === 'play' && tileName(m.tile) === tile).length;
  if (places < 2) return { tile: move.tile, end: null, text: t.t('teachHintPlay', { tile, reason: why }) };
  const end = endName(t, move.end, state.view.openEnds.map((e) => e.id));
  const reasons = hint.place ? `${why} ${placeText(t, hint.place)}` : why;
  return { tile: move.tile, end: move.end, text: t.t('teachHintPlayAt', { tile, end, reason: reasons }) };
}

export class TeachActionsController implements ReactiveController {
  private hinted: ShownHint | null = null;
  private asking = false;
  /** Whether one of the buttons had the focus before this render (it may be about to go). */
  private buttonHadFocus = false;

  constructor(private readonly host: TeachHost) {
    host.element.addController(this);
  }

  shown(state: SessionState): ShownHint | null {
    return this.hinted?.position === positionOf(state) ? this.hinted : null;
  }

  hint(): void {
    const { local, match, element } = this.host;
    const state = local.state;
    if (!state || state.legal.length === 0 || this.asking || this.shown(state)) return;
    this.asking = true;
    void local
      .hint()
      .then((hint) => {
        const now = local.state;
        // The position may have moved on while the computer thought (an undo, a new game).
        if (!hint || !now || positionOf(now) !== positionOf(state)) return;
        match.hintTaken();
        this.hinted = { position: positionOf(now), ...describeHint(this.host.t(), hint, now) };
        this.host.announce(this.hinted.text);
        element.requestUpdate();
      })
      .catch((error: unknown) => console.warn('<domino-game>: no hint could be found.', error))
      .finally(() => (this.asking = false));
  }

  undo(): void {
    const { local } = this.host;
    const t = this.host.t();
    if (!local.canUndo) {
      this.host.announce(t.t('teachNothingToUndo'));
      return;
    }
    // Said first: the undo gives the turn back, and the turn's own announcement follows ("Your turn.").
    this.host.announce(t.t('teachTakenBack'));
    local.undo();
    this.hinted = null;
  }

  hostUpdate(): void {
    this.buttonHadFocus = (this.host.element.renderRoot as ShadowRoot).activeElement?.matches('.hint-button, .undo-button') ?? false;
  }

  hostUpdated(): void {
    // A button that vanishes once used (nothing more to undo) hands the focus to your tiles, not the page.
    const root = this.host.element.renderRoot as ShadowRoot;
    if (this.buttonHadFocus && !root.activeElement) root.querySelector('domino-hand')?.focusTile();
  }
}
