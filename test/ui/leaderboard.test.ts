/**
 * <domino-leaderboard> and <domino-player-card> against the real room server, whose store holds the rated
 * players of players/fixture.ts (the wtr config seeds it before the server starts): the top rows in order
 * with rank, name, rating ("?" while provisional) and matches; the viewer's rank, with the rows around it
 * when outside the top; a card opened from a name by keyboard, its chart's summary in words and its
 * record, focus back on the name when it closes; the empty, unreachable and refused states with a retry
 * that works; a bad family said and replaced; a right-to-left language; axe clean in light and dark.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import { enExtra } from '../../src/i18n/en-extra.js';
import type { DominoLeaderboard, DominoPlayerCard } from '../../src/index.js';
import { expectAccessible, waitFor } from './helpers.js';
import { ADA_OPPONENTS, playerId, playerName, VIEWER_INSIDE, VIEWER_OUTSIDE } from './players/fixture.js';

/** The seeded room server's base URL: a path on the page's own origin (the wtr config proxies it). */
const playersServer = async (): Promise<string> => (await executeServerCommand('players-room-server-url')) as string;

/** Ada's shown rating before her first match and after each (fixture.ts's skills, as the server shows them). */
const ADA_RATINGS = [1000, 1160, 1320, 1340, 1500, 1660, 1820, 1840, 2000, 2160, 2180, 2340, 2500];

function mountElement<K extends 'domino-leaderboard' | 'domino-player-card'>(tag: K, attributes: Record<string, string>): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

/** The element's shadow root; an empty fragment until its chunk has loaded and made one. */
const shadow = (el: Element): ShadowRoot | DocumentFragment => el.shadowRoot ?? document.createDocumentFragment();
const textOf = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The rows of one of the leaderboard's tables (`top` or `around`), once shown. */
const rowsOf = (el: DominoLeaderboard, table: 'top' | 'around') => [...shadow(el).querySelectorAll(`table.${table} tbody tr`)];
const cells = (row: Element) => [...row.querySelectorAll('td')].map((cell) => textOf(cell));
const loaded = (el: DominoLeaderboard) => waitFor('the leaderboard', () => rowsOf(el, 'top').length > 0 && rowsOf(el, 'top'));

/** The text a sighted reader sees in a cell (the provisional rating's words are visually hidden). */
const seen = (cell: Element) =>
  [...cell.querySelectorAll('*')]
    .filter((node) => !node.closest('.hidden') && node.children.length === 0)
    .map((node) => node.textContent)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

describe('<domino-leaderboard> and <domino-player-card>', function () {
  // Loading the server's answers and the chunks: the ceiling only turns a hang into a failure.
  this.timeout(60_000);
  let server: string;
  const realFetch = window.fetch;

  before(async () => {
    server = await playersServer();
  });
  afterEach(() => {
    window.fetch = realFetch;
    for (const el of document.querySelectorAll('domino-leaderboard, domino-player-card')) el.remove();
  });

  it('shows the top 100 in order: rank, name, rating with "?" while provisional, matches', async () => {
    const el = mountElement('domino-leaderboard', { server });
    const rows = await loaded(el);
    expect(rows.length).to.equal(100);
    expect(textOf(shadow(el).querySelector('h2'))).to.equal('Leaderboard: Two players');
    // Ada: rank 1, not provisional after 12 matches; player i: rank i + 1, one or two matches, provisional.
    expect(cells(rows[0]!)).to.deep.equal(['1', 'Ada', '2,500', '12']);
    expect(rows[0]!.querySelector('.hidden'), 'no provisional words').to.equal(null);
    const board = (await (await realFetch(`${server}/leaderboard?family=two`)).json()) as { top: { rating: number; matches: number }[] };
    for (const [i, row] of rows.entries()) {
      const [rank, name, rating, matches] = [...row.querySelectorAll('td')];
      expect(textOf(rank), `rank of row ${i}`).to.equal(String(i + 1));
      expect(textOf(name), `name of row ${i}`).to.equal(playerName(i));
      expect(textOf(matches)).to.equal(String(board.top[i]!.matches));
      if (i === 0) continue;
      const number = board.top[i]!.rating.toLocaleString('en');
      expect(seen(rating!), `rating of row ${i}`).to.equal(`${number}?`);
      expect(textOf(rating!.querySelector('.hidden')), 'said in words').to.equal(`${number}, provisional`);
    }
    expect(textOf(shadow(el).querySelector('table.top caption'))).to.equal(enExtra.topPlayers);
    expect(shadow(el).querySelector('table.around')).to.equal(null);
    expect(shadow(el).querySelector('tr.own')).to.equal(null);
  });

  it("shows the viewer's rank: outside the top with the five rows each side, inside it by marking the row", async () => {
    const outside = mountElement('domino-leaderboard', { server, player: playerId(VIEWER_OUTSIDE) });
    await loaded(outside);
    expect(textOf(shadow(outside).querySelector('.own-rank'))).to.equal(`Your rank: ${VIEWER_OUTSIDE + 1}`);
    const around = rowsOf(outside, 'around');
    expect(around.map((row) => cells(row)[0])).to.deep.equal(Array.from({ length: 11 }, (_, k) => String(VIEWER_OUTSIDE - 4 + k)));
    const own = around.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(own.map((row) => cells(row)[1])).to.deep.equal([`${playerName(VIEWER_OUTSIDE)} (you)`]);
    expect(rowsOf(outside, 'top').some((row) => row.classList.contains('own'))).to.equal(false);

    const inside = mountElement('domino-leaderboard', { server, player: playerId(VIEWER_INSIDE) });
    const top = await loaded(inside);
    expect(textOf(shadow(inside).querySelector('.own-rank'))).to.equal(`Your rank: ${VIEWER_INSIDE + 1}`);
    expect(shadow(inside).querySelector('table.around'), 'no second table').to.equal(null);
    expect(top.map((row, i) => (row.getAttribute('aria-current') === 'true' ? i : -1)).filter((i) => i >= 0)).to.deep.equal([VIEWER_INSIDE]);
  });

  it("opens a player's card from a name by keyboard, with the chart's summary and the record; focus returns on close", async () => {
    const el = mountElement('domino-leaderboard', { server });
    await loaded(el);
    const name = shadow(el).querySelector<HTMLButtonElement>('button.name')!;
    name.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = shadow(el).querySelector('dialog')!;
    await waitFor('the dialog', () => dialog.open);
    expect(dialog.getAttribute('aria-label')).to.equal('Player card: Ada');
    const card = dialog.querySelector('domino-player-card')!;
    const summary = await waitFor('the chart', () => card.shadowRoot?.querySelector('figcaption'));
    const svg = card.shadowRoot!.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(card.shadowRoot!.getElementById(svg.getAttribute('aria-labelledby')!)).to.equal(summary);
    expect(textOf(summary)).to.equal(`Rated matches: ${ADA_OPPONENTS.length}. From 1,000 to 2,500, highest 2,500.`);
    expect(textOf(card.shadowRoot!.querySelector('.player-name'))).to.equal('Ada');

    await sendKeys({ press: 'Escape' });
    await waitFor('the dialog to close', () => !dialog.open);
    await waitFor('focus back on the name', () => el.shadowRoot!.activeElement === name);
    expect(dialog.querySelector('domino-player-card'), 'the card goes with the dialog').to.equal(null);
  });

  it("a card alone: kind, ratings by family, the line oldest first, wins and the last ten matches", async () => {
    const card = mountElement('domino-player-card', { server, player: playerId(0) });
    const root = await waitFor('the card', () => card.shadowRoot?.querySelector('table.matches') && card.shadowRoot);
    expect(textOf(root.querySelector('.kind'))).to.equal(enExtra.kindSite);
    const ratings = [...root.querySelectorAll('table.ratings tbody tr')].map((row) => textOf(row.querySelector('th')));
    expect(ratings).to.deep.equal([enExtra.familyTwo, enExtra.familyTeams]);
    expect(textOf(root.querySelector('.won'))).to.equal('Won: 9 of 12.');
    const matches = [...root.querySelectorAll('table.matches tbody tr')].map((row) => cells(row));
    expect(matches.length).to.equal(10);
    // Newest first: Ada's last match was against player 12, a win from 2,340 to 2,500.
    expect(matches[0]!.slice(1)).to.deep.equal(['Player 12', '1 of 2', '+160 (2,500)']);
    // A loss (place 2 of 2) that still raised the shown rating: her uncertainty fell more.
    expect(matches[2]!.slice(1)).to.deep.equal(['Player 10', '2 of 2', '+20 (2,180)']);
    // The line: oldest at the left, rising to the last match at the right (y grows downwards).
    const points = root.querySelector('polyline')!.getAttribute('points')!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    expect(points.length).to.equal(ADA_RATINGS.length);
    expect(points[0]![0]).to.be.below(points.at(-1)![0]);
    expect(points[0]![1]).to.be.above(points.at(-1)![1]);

    card.setAttribute('family', 'teams');
    await waitFor('the teams record', () => textOf(root.querySelector('.won')) === 'Won: 1 of 1.');
    expect(cells(root.querySelector('table.matches tbody tr')!)[1]).to.equal('Player 2 and Player 3 with Player 1');
  });

  it('says when nobody is rated yet', async () => {
    const el = mountElement('domino-leaderboard', { server, family: 'each' });
    await waitFor('the empty leaderboard', () => textOf(shadow(el).querySelector('.notice')) === enExtra.leaderboardEmpty);
    expect(textOf(shadow(el).querySelector('h2'))).to.equal(`Leaderboard: ${enExtra.familyEach}`);
    expect(shadow(el).querySelector('table')).to.equal(null);
  });

  it('an unreachable server: the error and a retry that works once it answers', async () => {
    let down = true;
    window.fetch = (input, init) => (down ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init));
    const el = mountElement('domino-leaderboard', { server });
    const problem = await waitFor('the error', () => shadow(el).querySelector('.problem'));
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(textOf(problem)).to.equal(enExtra.serverUnreachable);
    down = false;
    shadow(el).querySelector<HTMLButtonElement>('button.retry')!.click();
    const rows = await loaded(el);
    expect(cells(rows[0]!)[1]).to.equal('Ada');
    expect(shadow(el).querySelector('.problem')).to.equal(null);
  });

  it('a refusal (400) says so with its status, and a retry asks again', async () => {
    let asked = 0;
    window.fetch = () => {
      asked++;
      return Promise.resolve(new Response('{"error":"family must be one of two, each, teams"}', { status: 400 }));
    };
    const el = mountElement('domino-leaderboard', { server });
    await waitFor('the refusal', () => textOf(shadow(el).querySelector('.problem')) === 'The server refused the request (error 400).');
    shadow(el).querySelector<HTMLButtonElement>('button.retry')!.click();
    await waitFor('asked again', () => asked === 2);
  });

  it('a bad family is said on the console once and the default (two) is shown', async () => {
    const said: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => said.push(args.map(String).join(' '));
    try {
      const el = mountElement('domino-leaderboard', { server, family: 'pairs' });
      await loaded(el);
      expect(textOf(shadow(el).querySelector('h2'))).to.equal('Leaderboard: Two players');
      el.setAttribute('player', playerId(VIEWER_INSIDE));
      await waitFor('the row marked', () => shadow(el).querySelector('tr.own'));
    } finally {
      console.error = error;
    }
    expect(said).to.deep.equal(['<domino-leaderboard>: family="pairs" is not valid (one of two, each, teams); using two.']);
  });

  it('in a right-to-left language: mirrored, its texts and numbers, the line from the right', async () => {
    const el = mountElement('domino-leaderboard', { server, lang: 'ar' });
    const rows = await loaded(el);
    const frame = shadow(el).querySelector('.frame')!;
    expect(frame.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(frame).direction).to.equal('rtl');
    expect(textOf(shadow(el).querySelector('h2'))).to.equal('لوحة الصدارة: لاعبان');
    expect(cells(rows[0]!)[2]).to.equal(new Intl.NumberFormat('ar').format(2500));
    const card = mountElement('domino-player-card', { server, player: playerId(0), lang: 'ar' });
    const line = await waitFor('the line', () => card.shadowRoot?.querySelector('polyline'));
    const xs = line.getAttribute('points')!.split(' ').map((p) => Number(p.split(',')[0]));
    expect(xs[0], 'the oldest at the right').to.be.above(xs.at(-1)!);
  });

  for (const theme of ['light', 'dark']) {
    it(`passes the a11y check in the ${theme} theme: the leaderboard with the viewer's row, and a card`, async () => {
      const el = mountElement('domino-leaderboard', { server, theme, player: playerId(VIEWER_INSIDE) });
      await loaded(el);
      await expectAccessible(el);
      const card = mountElement('domino-player-card', { server, theme, player: playerId(0) });
      await waitFor('the card', () => card.shadowRoot?.querySelector('table.matches'));
      await expectAccessible(card as DominoPlayerCard);
    });
  }
});
