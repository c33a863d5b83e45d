/**
 * Embedding on someone else's page: several widgets at once, hostile page CSS, invalid attributes,
 * attributes changed mid-match, and the element taken off the page and put back.
 */
import '../../src/index.js';
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import {
  act,
  actUntil,
  build,
  game,
  deepActive,
  en,
  handNames,
  handTiles,
  mainLabel,
  messagePattern,
  mount,
  notice,
  placeButtons,
  playableTiles,
  record,
  settle,
  tableNames,
  waitFor,
  waitForYou,
  type DominoGame,
} from './helpers.js';
import { inFixture } from './harness/index.js';

const statusText = (el: DominoGame) => game(el).status();
const playerCount = (el: DominoGame) => game(el).chips().length;

describe('embedding', function () {
  this.timeout(120_000);
  const placed: Element[] = [];
  afterEach(async () => {
    for (const node of placed.splice(0)) node.remove();
    await resetMouse();
  });
  async function add(attributes: Record<string, string>, parent?: HTMLElement) {
    const el = await mount(attributes, parent);
    placed.push(el);
    return el;
  }

  describe('two widgets on one page', () => {
    it('play independently', async () => {
      const a = await add({ variant: 'draw', seed: 'two-a', target: '10', level: 'easy', tempo: 'instant' });
      const b = await add({ variant: 'fives', seed: 'two-b', target: '10', level: 'easy', tempo: 'instant' });
      const eventsA = record(a);
      const eventsB = record(b);
      try {
        await waitForYou(a);
        await waitForYou(b);
        expect(statusText(a)).to.include(en.variantDraw);
        expect(statusText(b)).to.include(en.variantFives);
        const handB = handNames(b);
        const tableB = tableNames(b);
        for (let i = 0; i < 4; i++) await act(a);
        await waitForYou(a);
        expect(eventsA.moves.filter((m) => m.seat === 0).length).to.be.at.least(4);
        // B is still waiting for you, unchanged, and heard nothing of A's game.
        expect(handNames(b)).to.deep.equal(handB);
        expect(tableNames(b)).to.deep.equal(tableB);
        expect(eventsB.all).to.deep.equal([]);

        const handA = handNames(a);
        const tableA = tableNames(a);
        const countA = eventsA.all.length;
        for (let i = 0; i < 3; i++) await act(b);
        await waitForYou(b);
        expect(eventsB.moves.filter((m) => m.seat === 0).length).to.be.at.least(3);
        expect(handNames(a)).to.deep.equal(handA);
        expect(tableNames(a)).to.deep.equal(tableA);
        expect(eventsA.all.length).to.equal(countA);

        // The keyboard in one widget leaves the other alone.
        await waitForYou(a);
        await waitForYou(b);
        handTiles(a)[0]!.focus();
        const focusB = handTiles(b).findIndex((t) => t.tabIndex === 0);
        await sendKeys({ press: 'ArrowRight' });
        expect(deepActive()).to.equal(handTiles(a)[1 % handTiles(a).length]);
        expect(handTiles(b).findIndex((t) => t.tabIndex === 0)).to.equal(focusB);
        expect(placeButtons(b)).to.have.length(0);
      } finally {
        eventsA.stop();
        eventsB.stop();
      }
    });

    it('deal the same tiles for the same seed, each to its own match', async () => {
      const attributes = { variant: 'block', seed: 'twins', target: '10', level: 'easy', tempo: 'instant' };
      const a = await add(attributes);
      const b = await add(attributes);
      await waitForYou(a);
      await waitForYou(b);
      expect(handNames(a)).to.deep.equal(handNames(b));
      await act(a);
      await waitForYou(a);
      expect(handNames(a)).not.to.deep.equal(handNames(b));
    });
  });

  describe('on a page with hostile CSS', () => {
    let hostile: HTMLStyleElement | undefined;
    afterEach(() => hostile?.remove());

    const measure = (el: DominoGame) => {
      const tile = handTiles(el)[0]!.getBoundingClientRect();
      const hint = getComputedStyle(game(el).hintLine());
      const svg = handTiles(el)[0]!.shadowRoot ? null : game(el).hand().drawingOf(handTiles(el)[0]!)!.getBoundingClientRect();
      return {
        tile: [Math.round(tile.width), Math.round(tile.height)],
        svg: svg && [Math.round(svg.width), Math.round(svg.height)],
        hintFont: hint.fontSize,
        hintColor: hint.color,
        letterSpacing: hint.letterSpacing,
        textTransform: hint.textTransform,
        board: Math.round(game(el).board().host.getBoundingClientRect().height),
      };
    };

    it('looks and plays the same', async () => {
      const attributes = { variant: 'draw', seed: 'hostile', target: '10', level: 'easy', tempo: 'instant' };
      const before = await add(attributes);
      await waitForYou(before);
      const expected = measure(before);
      before.remove();

      hostile = document.createElement('style');
      hostile.textContent = `
        html { font-size: 5px; }
        body { font: 2px/0 serif; letter-spacing: 20px; text-transform: uppercase; color: transparent;
               direction: rtl; text-align: right; word-spacing: 30px; white-space: pre; visibility: visible; }
        div, p, ul, li, section, span { display: inline !important; margin: 40px !important; padding: 0 !important;
               position: static !important; float: left; }
        button { all: unset; display: none !important; }
        svg, circle, rect, line { display: none !important; fill: red; }
        [hidden] { display: block !important; }
        [role="status"] { position: static !important; clip-path: none !important; }
        [aria-disabled="true"] { pointer-events: none !important; }
        * { box-sizing: content-box; transition: none; animation: none; }
      `;
      document.head.append(hostile);
      const el = await add(attributes);
      await waitForYou(el);
      expect(measure(el)).to.deep.equal(expected);
      expect(expected.tile[0]).to.be.greaterThan(20);

      // Real taps still play.
      const events = record(el);
      try {
        for (let i = 0; i < 3; i++) {
          const ask = await waitForYou(el);
          // A person's pointer lands on a tile once the deal has come to rest.
          await waitFor('your tiles to come to rest', () => game(el).hand().still());
          const target = ask.kind === 'button' ? ask.button : ask.tiles[0]!;
          target.scrollIntoView({ block: 'center' });
          const r = target.getBoundingClientRect();
          await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
          await settle(el);
          const places = placeButtons(el);
          if (places.length > 0) {
            const p = places[0]!.getBoundingClientRect();
            await sendMouse({ type: 'click', position: [Math.round(p.left + p.width / 2), Math.round(p.top + p.height / 2)] });
            await settle(el);
          }
        }
        expect(events.moves.filter((m) => m.seat === 0).length).to.be.at.least(3);
      } finally {
        events.stop();
      }
      // The ghost of a drag stays hidden, the live region stays out of sight.
      expect(getComputedStyle(game(el).ghost()).display).to.equal('none');
      expect(game(el).liveRegion().getBoundingClientRect().width).to.be.at.most(1);
    });
  });

  describe('invalid attributes', () => {
    let warnings: string[] = [];
    let errors: string[] = [];
    const originalWarn = console.warn;
    const onError = (e: ErrorEvent | PromiseRejectionEvent) => errors.push(String('message' in e ? e.message : e.reason));
    beforeEach(() => {
      warnings = [];
      errors = [];
      console.warn = (...args: unknown[]) => {
        warnings.push(args.map(String).join(' '));
      };
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onError);
    });
    afterEach(() => {
      console.warn = originalWarn;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    });

    /** Values no other test uses, so that a page-wide "warn once" cannot hide a warning. */
    const unique = (text: string) => `${text}${Math.random().toString(36).slice(2, 7)}`;
    const mentions = (value: string) => warnings.filter((w) => w.includes(value)).length;

    it('fall back to the defaults with one warning each, never an exception', async () => {
      const bad = {
        variant: unique('chess'),
        players: unique('9'),
        target: unique('-'),
        level: unique('godlike'),
        tempo: unique('warp'),
      };
      const el = await add({ ...bad, seed: 'invalid' });
      await waitForYou(el);
      for (let i = 0; i < 3; i++) {
        el.requestUpdate();
        await settle(el);
      }
      el.setAttribute('seed', 'invalid-2'); // read the attributes again
      await settle(el);
      for (const [name, value] of Object.entries(bad)) expect(mentions(value), `warnings about ${name}="${value}"`).to.equal(1);
      expect(warnings).to.have.length(Object.keys(bad).length);
      expect(errors).to.deep.equal([]);
      // The defaults: Draw to 100, two players, and a game that plays.
      expect(statusText(el)).to.include(en.variantDraw);
      expect(statusText(el)).to.match(messagePattern('roundLine', { round: 1, target: 100 }));
      expect(playerCount(el)).to.equal(2);
      await act(el);
      expect(errors).to.deep.equal([]);
    });

    it('teams: "maybe" warns once and plays without partnerships; "false" means off', async () => {
      const maybe = unique('maybe');
      const el = await add({ players: '4', teams: maybe, seed: 'teams', level: 'easy', tempo: 'instant' });
      await waitForYou(el);
      el.requestUpdate();
      await settle(el);
      expect(mentions(maybe), `warnings about teams="${maybe}"`).to.equal(1);
      expect(game(el).teams(), 'no partnerships').to.have.length(0);
      const off = await add({ players: '4', teams: 'false', seed: 'teams', level: 'easy', tempo: 'instant' });
      await waitForYou(off);
      expect(game(off).teams(), 'teams="false": no partnerships').to.have.length(0);
      const on = await add({ players: '4', teams: '', seed: 'teams', level: 'easy', tempo: 'instant' });
      await waitForYou(on);
      expect(game(on).teams(), 'teams: partnerships').to.have.length(2);
      expect(errors).to.deep.equal([]);
    });

    it('set mid-match warn once too, and the match goes on', async () => {
      const el = await add({ variant: 'block', seed: 'invalid-3', target: '10', level: 'easy', tempo: 'instant' });
      await waitForYou(el);
      const tempo = unique('ludicrous');
      const players = unique('1');
      el.setAttribute('tempo', tempo);
      el.setAttribute('players', players);
      await settle(el);
      el.setAttribute('level', 'hard');
      await settle(el);
      expect(mentions(tempo)).to.equal(1);
      expect(mentions(players)).to.equal(1);
      expect(errors).to.deep.equal([]);
      await act(el);
      await waitForYou(el);
      expect(statusText(el)).to.include(en.variantBlock);
    });
  });

  describe('attributes changed mid-match', () => {
    it('apply from the next match, and the widget says so', async () => {
      const el = await add({ variant: 'draw', seed: 'change', target: '10', level: 'easy', tempo: 'instant' });
      await act(el);
      await waitForYou(el);
      expect(notice(el)).to.equal(null);
      el.setAttribute('variant', 'block');
      el.setAttribute('players', '3');
      await settle(el);
      const shown = notice(el);
      expect(shown, 'a notice').to.exist;
      expect(shown!.textContent!.trim()).to.equal(en.settingsNextMatch);
      const box = shown!.getBoundingClientRect();
      expect(box.width * box.height, 'the notice is visible').to.be.greaterThan(0);
      // This match goes on as it was.
      expect(statusText(el)).to.include(en.variantDraw);
      expect(playerCount(el)).to.equal(2);
      await actUntil(el, () => mainLabel(el) === 'New game');
      expect(statusText(el)).to.include(en.variantDraw);
      // The next one has the new settings, and the notice has served.
      await act(el);
      await waitForYou(el);
      expect(statusText(el)).to.include(en.variantBlock);
      expect(playerCount(el)).to.equal(3);
      expect(notice(el)).to.equal(null);
    });

    it('tempo applies at once, without a notice', async () => {
      const el = await add({ variant: 'draw', seed: 'tempo', target: '50', level: 'easy', tempo: 'instant' });
      const events = record(el);
      /** How long the computer takes to answer your next move. */
      const answerTime = async () => {
        const ask = await waitForYou(el);
        if (ask.kind === 'button' && ask.label !== 'Draw' && ask.label !== 'Pass') return null;
        const count = events.moves.length;
        const start = performance.now();
        await act(el);
        const theirs = () => events.moves.slice(count).some((m) => m.seat !== 0);
        await waitFor('the computer', theirs);
        return performance.now() - start;
      };
      try {
        el.setAttribute('tempo', 'normal');
        await settle(el);
        expect(notice(el)).to.equal(null);
        let slow: number | null = null;
        for (let i = 0; i < 5 && slow === null; i++) slow = await answerTime();
        // The normal tempo pauses 800 ms before a computer's move: a floor, whatever the machine's speed.
        expect(slow, 'a computer move at the normal tempo').to.be.at.least(600);
        el.setAttribute('tempo', 'instant');
        await settle(el);
        let fast: number | null = null;
        for (let i = 0; i < 5 && fast === null; i++) fast = await answerTime();
        // Without the pause the answer comes sooner, by about the pause (no bound of its own: a busy
        // machine may take its time over both).
        expect(fast, 'a computer move at the instant tempo').to.be.below(slow!);
        expect(notice(el)).to.equal(null);
      } finally {
        events.stop();
      }
    });
  });

  describe('taken off the page and put back', () => {
    it('goes on with the same match', async () => {
      const el = await add({ variant: 'fives', seed: 'move-me', target: '100', level: 'easy', tempo: 'instant' });
      for (let i = 0; i < 2; i++) await act(el);
      await waitForYou(el);
      const hand = handNames(el);
      const table = tableNames(el);
      const status = statusText(el);
      el.remove();
      await new Promise((r) => setTimeout(r, 50));
      const elsewhere = document.createElement('section');
      document.body.append(elsewhere);
      placed.push(elsewhere);
      elsewhere.append(el);
      await settle(el);
      await waitForYou(el);
      expect(handNames(el)).to.deep.equal(hand);
      expect(tableNames(el)).to.deep.equal(table);
      expect(statusText(el)).to.equal(status);
      // And it plays on, with its events.
      const events = record(el);
      try {
        await act(el);
        await waitForYou(el);
        expect(events.moves.some((m) => m.seat === 0)).to.equal(true);
        expect(events.moves.some((m) => m.seat === 1)).to.equal(true);
      } finally {
        events.stop();
      }
    });

    it('goes on when taken off while the computer thinks', async () => {
      const el = await add({ variant: 'draw', seed: 'move-me-2', target: '100', level: 'easy', tempo: 'fast' });
      const ask = await waitForYou(el);
      expect(ask.kind).to.equal('play');
      const events = record(el);
      try {
        const tile = playableTiles(el)[0]!;
        tile.click();
        await settle(el);
        placeButtons(el)[0]?.click();
        await settle(el);
        const hand = handNames(el);
        expect(events.moves.filter((m) => m.seat !== 0)).to.have.length(0);
        el.remove(); // the computer was about to move
        await new Promise((r) => setTimeout(r, 400));
        document.body.append(el);
        await waitForYou(el);
        expect(events.moves.filter((m) => m.seat !== 0).length, 'the computer moved after all').to.be.at.least(1);
        const drew = events.moves.filter((m) => m.seat === 0 && m.move.type === 'draw').length;
        expect(handNames(el).length).to.equal(hand.length + drew);
      } finally {
        events.stop();
      }
    });
  });

  it('is found by its tag and built by the page before its module loads', async () => {
    // Markup first, attributes as strings; the element upgrades and plays.
    const holder = document.createElement('div');
    placed.push(holder);
    holder.innerHTML = '<domino-game variant="doubles" players="3" target="10" level="easy" tempo="instant" seed="markup" persist="none"></domino-game>';
    document.body.append(holder);
    const el = inFixture<DominoGame>(holder, 'domino-game');
    await waitForYou(el);
    expect(statusText(el)).to.include(en.variantDoubles);
    expect(playerCount(el)).to.equal(3);
    expect(build({}).getAttribute('persist')).to.equal('none');
  });
});
