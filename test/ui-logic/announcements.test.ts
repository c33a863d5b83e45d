/**
 * What the live region says (announcementOf) and why an intent was refused (rejectionText), in
 * English with the game's texts only: nothing here loads the on-demand texts, as a first visit would not,
 * except for the results of a round and the match (results.ts), said once the summary has loaded them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMatch, type MatchState } from '../../src/engine/index.js';
import { CATALOG_LOADERS } from '../../src/i18n/catalog-loaders.js';
import { ENGLISH, Translator } from '../../src/i18n/index.js';
import { announcementOf, rejectionText } from '../../src/ui/announcements/announcements.js';
import { resultAnnouncement } from '../../src/ui/announcements/results.js';
import { loadExtraTexts } from '../../src/i18n/index.js';
import type { RoundEndEmitted } from '../../src/machine/index.js';
import type { SessionRejection } from '../../src/ui/session/session.js';
import { makeDeal } from '../engine/helpers/tiles.js';
import { act, stateOf } from './states.js';

const t = ENGLISH;

// Seat 0 holds the highest double, so it must open with 6-6; seat 1 has no six and must draw, 6-1 first.
function dealt(): MatchState {
  return createMatch({
    variant: 'draw',
    players: 2,
    deal: makeDeal(['6-6 0-0 1-1 2-2 3-3 6-0 5-0', '5-5 4-4 4-3 3-2 2-1 1-0 5-4'], '6-1'),
  });
}

function opened(): MatchState {
  return act(dealt(), 'play 6-6@lead');
}

function rejected(code: string): SessionRejection {
  return { code, message: `refused: ${code}`, type: 'play' };
}

describe('announcementOf: moves', () => {
  test('a lead and a play name the player, the tile and the end', () => {
    const afterLead = opened();
    assert.equal(
      announcementOf(t, { type: 'move', seat: 0, move: { type: 'play', tile: [6, 6], end: 'lead' }, points: 0 }, stateOf(afterLead, 0)),
      'You led 6-6.',
    );
    const afterPlay = act(act(afterLead, 'draw'), 'play 6-1@right');
    assert.equal(
      announcementOf(t, { type: 'move', seat: 1, move: { type: 'play', tile: [6, 1], end: 'right' }, points: 0 }, stateOf(afterPlay, 0)),
      'Computer 1 played 6-1 on the right end.',
    );
  });

  test('your own draw names the drawn tile; the same draw seen from another seat does not', () => {
    const afterDraw = act(opened(), 'draw');
    const draw = { type: 'move', seat: 1, move: { type: 'draw' }, points: 0 } as const;
    assert.equal(announcementOf(t, draw, stateOf(afterDraw, 1)), 'You drew 6-1.');
    assert.equal(announcementOf(t, draw, stateOf(afterDraw, 0)), 'Computer 1 drew a tile.');
  });

  test('a pass; a person online goes by their name', () => {
    const state = stateOf(opened(), 0, {
      seats: [
        { seat: 0, name: 'Ann', kind: 'human', connected: true, away: false },
        { seat: 1, name: 'Bob', kind: 'human', connected: true, away: false },
      ],
    });
    assert.equal(announcementOf(t, { type: 'move', seat: 1, move: { type: 'pass' }, points: 0 }, state), 'Bob passed.');
    assert.equal(announcementOf(t, { type: 'move', seat: 0, move: { type: 'pass' }, points: 0 }, state), 'You passed.');
  });
});

describe('announcementOf: scores, rounds, matches, turns', () => {
  const state = stateOf(opened(), 0);

  test('points scored, with the plural form of the count', () => {
    assert.equal(announcementOf(t, { type: 'score', seat: 1, side: 1, points: 10, scores: [0, 10] }, state), 'Computer 1 scored 10 points.');
    assert.equal(announcementOf(t, { type: 'score', seat: 0, side: 0, points: 1, scores: [1, 0] }, state), 'You scored 1 point.');
  });

  test('a round won by going out, won when blocked, and tied when blocked (said once the summary has loaded)', async () => {
    await loadExtraTexts();
    const roundEnd = { type: 'roundEnd', round: 1, side: 0, scores: [12, 0] } satisfies Partial<RoundEndEmitted>;
    assert.equal(resultAnnouncement(t, { ...roundEnd, reason: 'domino', winner: 0, points: 12 }, state), 'You went out: 12 points.');
    assert.equal(
      resultAnnouncement(t, { ...roundEnd, reason: 'blocked', winner: 1, side: 1, points: 1 }, state),
      'Blocked. Lowest hand: Computer 1, 1 point.',
    );
    assert.equal(
      resultAnnouncement(t, { ...roundEnd, reason: 'blocked', winner: null, side: null, points: 0 }, state),
      'Blocked with a tie for the lowest hand: nobody scores.',
    );
  });

  test('the match: won by you, by another seat, and by a team', async () => {
    await loadExtraTexts();
    assert.equal(resultAnnouncement(t, { type: 'matchEnd', winningSide: 0, scores: [100, 20] }, state), 'You won the match, 100 – 20!');
    assert.equal(resultAnnouncement(t, { type: 'matchEnd', winningSide: 1, scores: [20, 100] }, state), 'Computer 1 won the match, 20 – 100.');
    const teams = stateOf(createMatch({ variant: 'draw', players: 4, teams: true, seed: 'teams' }), 0);
    assert.equal(resultAnnouncement(t, { type: 'matchEnd', winningSide: 0, scores: [100, 20] }, teams), 'Your team won the match, 100 – 20.');
    assert.equal(resultAnnouncement(t, { type: 'matchEnd', winningSide: 1, scores: [20, 100] }, teams), 'Team 2 won the match, 20 – 100.');
  });

  test('the results are not said from the first visit\'s code', () => {
    assert.equal(announcementOf(t, { type: 'matchEnd', winningSide: 0, scores: [100, 20] }, state), '');
  });

  test("your turn is announced; another seat's turn is not", () => {
    assert.equal(announcementOf(t, { type: 'turn', seat: 0, yours: true }, state), 'Your turn.');
    assert.equal(announcementOf(t, { type: 'turn', seat: 1, yours: false }, state), '');
  });
});

describe('rejectionText', () => {
  const view = stateOf(opened(), 1).view;

  test('each refusal the person can cause has its own text', () => {
    assert.equal(rejectionText(t, rejected('not-your-turn'), view), "It's not your turn.");
    assert.equal(rejectionText(t, rejected('dealing'), view), "It's not your turn.");
    assert.equal(rejectionText(t, rejected('tile-does-not-fit'), view), "That tile doesn't fit there.");
    assert.equal(rejectionText(t, rejected('no-such-end'), view), "That tile doesn't fit there.");
    assert.equal(rejectionText(t, rejected('must-play'), view), 'You have a tile that fits: play it.');
    assert.equal(rejectionText(t, rejected('must-draw'), view), 'Draw from the boneyard first.');
  });

  test('anything else gets the general text, not the message meant for developers', () => {
    assert.equal(rejectionText(t, rejected('invalid-intent'), view), "That move isn't allowed now.");
    assert.equal(rejectionText(t, rejected('a-code-from-a-newer-server'), view), "That move isn't allowed now.");
  });

  test('a wrong lead names the tile the round must be opened with, as the leader sees it', () => {
    const leader = stateOf(dealt(), 0);
    assert.deepEqual(leader.view.round.lead, [6, 6]);
    assert.equal(rejectionText(t, rejected('wrong-lead'), leader.view), 'This round must be opened with 6-6.');
  });

  test('a wrong lead without a known lead tile gets the general text', () => {
    const game = dealt();
    // Only the leader sees the required lead before it is laid.
    assert.equal(stateOf(game, 1).view.round.lead, null);
    assert.equal(rejectionText(t, rejected('wrong-lead'), stateOf(game, 1).view), "That move isn't allowed now.");
    assert.equal(rejectionText(t, rejected('wrong-lead')), "That move isn't allowed now.");
  });

  test("a wrong lead in another language uses that catalog's text", async () => {
    const german = new Translator('de', (await CATALOG_LOADERS.de!()).default);
    const leader = stateOf(dealt(), 0);
    assert.equal(rejectionText(german, rejected('wrong-lead'), leader.view), 'Diese Runde muss mit 6-6 eröffnet werden.');
  });
});
