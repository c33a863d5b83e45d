/**
 * The DOM events a site listens to: domino-move, domino-score, domino-round-end, domino-match-end and
 * domino-turn, bubbling and composed, with their typed details.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import {
  act,
  actUntil,
  build,
  game,
  countMessages,
  messagePattern,
  handNames,
  listen,
  mainLabel,
  mount,
  record,
  settle,
  tableNames,
  waitFor,
  waitForYou,
  type DominoGame,
} from './helpers.js';

describe('events', function () {
  this.timeout(120_000);
  let el: DominoGame | undefined;
  let host: HTMLElement | undefined;
  afterEach(() => {
    el?.remove();
    host?.remove();
    el = host = undefined;
  });

  it('nothing but domino-* events reaches the page: what the children tell the root stays in the widget', async () => {
    const internal = ['tile-chosen', 'place-chosen', 'place-cancel', 'settings-change', 'stats-reset', 'play-against'];
    const leaked: string[] = [];
    const told: string[] = [];
    const listeners = internal.map((name) => [name, () => leaked.push(name)] as const);
    for (const [name, listener] of listeners) window.addEventListener(name, listener, true);
    // Any event at all that is composed (so crosses shadow roots) and is not the widget's public one.
    const dispatch = EventTarget.prototype.dispatchEvent;
    EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
      if (internal.includes(event.type)) told.push(event.type);
      if (event instanceof CustomEvent && event.composed && !event.type.startsWith('domino-')) leaked.push(event.type);
      return dispatch.call(this, event);
    };
    try {
      el = await mount({ variant: 'fives', players: '2', tempo: 'instant', seed: 'private-events', level: 'easy', persist: 'none' });
      const heard = record(el);
      for (let i = 0; i < 6; i++) await act(el, (count) => count - 1);
      heard.stop();
      expect(heard.moves.length, 'the moves were made through the children').to.be.greaterThan(3);
      // The settings dialog's events too: open it and change the tempo.
      const tempo = (await game(el).openSettings()).select('tempo')!;
      tempo.value = 'fast';
      tempo.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(el);
    } finally {
      EventTarget.prototype.dispatchEvent = dispatch;
      for (const [name, listener] of listeners) window.removeEventListener(name, listener, true);
    }
    expect(told, 'the children told the root').to.include.members(['tile-chosen', 'settings-change']);
    expect(leaked).to.deep.equal([]);
  });

  it('a listener added just after the element is put on the page hears the first turn, even at tempo instant', async () => {
    for (const seed of ['first-1', 'first-2', 'first-3']) {
      el = build({ tempo: 'instant', seed, level: 'easy' });
      document.body.append(el);
      const heard: string[] = [];
      for (const name of ['domino-turn', 'domino-move'] as const) el.addEventListener(name, (e) => heard.push(e.type));
      await settle(el);
      await waitFor(`an event (seed ${seed})`, () => heard.length > 0);
      expect(heard[0], `the first event heard (seed ${seed})`).to.equal('domino-turn');
      el.remove();
    }
  });

  it('bubble and compose out of a shadow root the widget sits in, and are typed', async () => {
    // The widget inside another component's shadow root: the page still hears its events, and from
    // outside they appear to come from that component.
    host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    el = await mount({ variant: 'fives', seed: 'events-1', target: '30', level: 'easy', tempo: 'instant' }, shadow as unknown as HTMLElement);
    // Where each event came from is only known while it is dispatched.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each event's own detail type is read below
    const heard: { type: string; bubbles: boolean; composed: boolean; custom: boolean; detail: any; outer: boolean; inner: boolean }[] = [];
    const names = ['domino-move', 'domino-score', 'domino-round-end', 'domino-match-end', 'domino-turn'] as const;
    const onEvent = (e: Event) =>
      heard.push({
        type: e.type,
        bubbles: e.bubbles,
        composed: e.composed,
        custom: e instanceof CustomEvent,
        detail: (e as CustomEvent).detail,
        outer: e.target === host,
        inner: e.composedPath()[0] === el,
      });
    for (const name of names) document.addEventListener(name, onEvent);
    try {
      await actUntil(el, () => mainLabel(el!) === 'New game');
    } finally {
      for (const name of names) document.removeEventListener(name, onEvent);
    }
    for (const name of names) expect(heard.some((e) => e.type === name), `${name} reached the document`).to.equal(true);
    for (const e of heard) {
      expect(e.custom && e.bubbles && e.composed, `${e.type} is a bubbling, composed CustomEvent`).to.equal(true);
      expect(e.outer, 'retargeted to the outer host').to.equal(true);
      expect(e.inner, 'dispatched by the widget').to.equal(true);
    }
    // The details, typed as the site reads them (GlobalEventHandlersEventMap).
    document.addEventListener('domino-turn', (e) => {
      const seat: number = e.detail.seat;
      const yours: boolean = e.detail.yours;
      void seat, yours;
    }, { once: true });
    const details = (name: string) => heard.filter((e) => e.type === name).map((e) => e.detail);
    for (const d of details('domino-turn')) {
      expect(Object.keys(d).sort()).to.deep.equal(['seat', 'yours']);
      expect(d.yours).to.equal(d.seat === 0);
    }
    for (const d of details('domino-move')) expect(Object.keys(d).sort()).to.deep.equal(['move', 'points', 'seat']);
    for (const d of details('domino-score')) expect(Object.keys(d).sort()).to.deep.equal(['points', 'scores', 'seat', 'side']);
    for (const d of details('domino-round-end')) {
      expect(Object.keys(d).sort()).to.deep.equal(['points', 'reason', 'round', 'scores', 'side', 'winner']);
    }
    const [end] = details('domino-match-end');
    expect(Object.keys(end).sort()).to.deep.equal(['scores', 'winner']);
    expect(end.scores[end.winner]).to.be.at.least(30);
  });

  it('say whose turn it is, and yours only when you can act', async () => {
    // Listening before the widget is on the page, the first turn is heard too.
    el = build({ variant: 'draw', seed: 'events-2', target: '10', level: 'easy', tempo: 'instant' });
    const events = record(el);
    document.body.append(el);
    try {
      for (let i = 0; i < 12; i++) {
        const { did } = await act(el);
        if (did === 'New game') break;
      }
      expect(events.turns.length).to.be.greaterThan(3);
      expect(events.all[0]?.type, 'the first event says whose turn it is').to.equal('domino-turn');
      // Every move is made by the seat whose turn was announced last.
      let turn: number | null = null;
      for (const { type, detail } of events.all) {
        if (type === 'domino-turn') turn = (detail as { seat: number }).seat;
        if (type === 'domino-move') {
          expect((detail as { seat: number }).seat).to.equal(turn);
        }
        if (type === 'domino-round-end') turn = null;
      }
    } finally {
      events.stop();
    }
  });

  it('name your drawn tile, and the live region says the same tile', async () => {
    // In this deal you must draw on your first turns (Draw variant).
    el = await mount({ variant: 'draw', seed: 'kb-draw', target: '50', level: 'easy', tempo: 'instant' });
    const events = record(el);
    const listening = listen(el);
    const said = listening.said;
    let draws = 0;
    try {
      for (let i = 0; i < 60 && draws < 3; i++) {
        const ask = await waitForYou(el);
        if (ask.kind === 'button' && ask.label === 'Draw') {
          const before = handNames(el);
          const movesBefore = events.moves.length;
          ask.button.click();
          await settle(el);
          const drawnNow = handNames(el).filter((t) => !before.includes(t));
          expect(drawnNow).to.have.length(1);
          const mine = events.moves.slice(movesBefore).filter((m) => m.seat === 0);
          expect(mine).to.have.length(1);
          expect(mine[0]!.move.type).to.equal('draw');
          expect(mine[0]!.move.tile?.join('-'), 'domino-move names the tile you drew').to.equal(drawnNow[0]);
          const yourDraw = (s: string) => countMessages(s, ['announceDrawYou', 'announceDraw']) > 0;
          await waitFor('the announcement', () => said.some(yourDraw));
          const announced = said.filter(yourDraw).pop()!;
          expect(announced, 'the live region names the tile you drew').to.match(messagePattern('announceDrawYou', { tile: drawnNow[0]! }));
          said.length = 0;
          draws++;
        } else {
          await act(el);
        }
      }
      expect(draws).to.be.greaterThan(0);
    } finally {
      listening.stop();
      events.stop();
    }
  });

  it("never name another seat's drawn tile, nor fire for a property set in code", async () => {
    el = await mount({ variant: 'draw', seed: 'events-4', players: '3', target: '10', level: 'easy', tempo: 'instant' });
    const events = record(el);
    try {
      await actUntil(el, () => events.moves.some((m) => m.seat !== 0 && m.move.type === 'draw') || mainLabel(el!) === 'New game');
      for (const { seat, move } of events.moves) {
        if (seat !== 0 && move.type === 'draw') expect(move).to.deep.equal({ type: 'draw' });
        // A computer's play names a tile that was never in your hand and now lies on the table.
        if (seat !== 0 && move.type === 'play') expect(handNames(el)).not.to.include(move.tile!.join('-'));
      }
      expect(events.moves.some((m) => m.seat !== 0 && m.move.type === 'draw')).to.equal(true);
      // Setting properties fires nothing of the game's events.
      await waitForYou(el);
      const count = events.all.length;
      el.tempo = 'fast';
      el.setAttribute('level', 'hard');
      await settle(el);
      expect(events.all.slice(count)).to.deep.equal([]);
      expect(tableNames(el).length).to.be.greaterThan(0);
    } finally {
      events.stop();
    }
  });
});
