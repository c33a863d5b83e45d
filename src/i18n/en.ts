/**
 * The English texts a game needs; en-extra.ts has those shown on demand. Together they are the source
 * of every text the widget shows or announces: other languages translate their keys with the same
 * placeholders. Tiles are named by their digits joined by a
 * hyphen ("6-3") in every language, so tests and screen readers find them.
 */
import type { enExtra } from './en-extra.js';

export const en = {
  // Players and sides
  you: 'You',
  computer: 'Computer {n}',
  team: 'Team {n}',
  yourTeam: 'Your team',
  /** Marks your partner's chip in partnerships. */
  partner: 'Partner',
  tiles: { one: '{count} tile', other: '{count} tiles' },
  points: { one: '{count} point', other: '{count} points' },
  // The line above the table
  roundLine: 'Round {round} · to {target}',
  boneyard: 'Boneyard: {count}',
  outOfPlay: 'Out of play: {count}',
  variantDraw: 'Draw',
  variantBlock: 'Block',
  variantFives: 'All Fives',
  variantDoubles: 'Doubles',
  // Hints
  hintDealing: 'The tiles are being dealt…',
  hintLead: 'You lead: tap a tile to open the round.',
  hintLeadTile: 'You lead: open the round with {tile}.',
  hintPlay: 'Tap a glowing tile to play it.',
  hintChoosePlace: 'Choose where the tile goes.',
  hintDraw: "Can't play? Draw from the boneyard until a tile fits.",
  hintDrawOne: "Can't play? Draw one tile from the boneyard.",
  hintPass: 'No tile fits and nothing can be drawn: pass.',
  hintWait: 'Wait for {name}.',
  hintRoundOver: 'The round is over. All hands are shown.',
  hintMatchOver: 'The match is over.',
  // Buttons
  draw: 'Draw',
  pass: 'Pass',
  nextRound: 'Next round',
  newGame: 'New game',
  // Tiles and places
  yourHand: 'Your tiles',
  table: 'Table',
  tableEmpty: 'The table is empty.',
  tileFits: 'Tile {tile}, playable',
  tileDoesNotFit: "Tile {tile}, doesn't fit",
  tileOnTable: 'Tile {tile}',
  tileLastMove: 'Tile {tile}, the last move of {name}',
  places: 'Places for {tile}',
  endLeft: 'left end',
  endRight: 'right end',
  endUp: 'top end',
  endDown: 'bottom end',
  endBranch: 'branch {n}',
  endLead: 'centre',
  place: 'Play on the {end} showing {pip}',
  placeLead: 'Lead {tile}',
  placePoints: { one: 'Play on the {end} showing {pip}, scores {count} point', other: 'Play on the {end} showing {pip}, scores {count} points' },
  // Announcements
  announcePlay: '{name} played {tile} on the {end}.',
  announceLead: '{name} led {tile}.',
  announceDraw: '{name} drew a tile.',
  announceDrawYou: 'You drew {tile}.',
  announcePass: '{name} passed.',
  announceScore: { one: '{name} scored {count} point.', other: '{name} scored {count} points.' },
  announceTurn: 'Your turn.',
  // Refused intents
  rejectNotYourTurn: "It's not your turn.",
  rejectDoesNotFit: "That tile doesn't fit there.",
  rejectMustPlay: 'You have a tile that fits: play it.',
  rejectMustDraw: 'Draw from the boneyard first.',
  rejectWrongLead: 'This round must be opened with {tile}.',
  rejectOther: "That move isn't allowed now.",
  // Embedding
  homeLink: 'Domino game by domino-game',
  settingsNextMatch: 'The new settings apply from the next game.',
  loadFailed: "Couldn't load this part of the game. Check the connection and reload the page.",
  // The buttons that open the on-demand texts
  settings: 'Settings',
  howToPlay: 'How to play',
  // A computer that teaches: the buttons against the computer
  teachHint: 'Hint',
  teachUndo: 'Undo',
} as const;

/** The keys of every text: a catalog of another language has them all (en and enExtra's keys). */
export type MessageKey = keyof typeof en | keyof typeof enExtra;
