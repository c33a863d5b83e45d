import { all, one, textOf } from './query.js';

/** The score table of a round's or a match's summary: one row per round, the totals at its foot. */
export class ScoreTableHarness {
  constructor(readonly table: HTMLTableElement) {}
  caption = (): string => textOf(one(this.table, 'caption'));
  /** The header cells (the round column, then a name per side). */
  headers = (): HTMLTableCellElement[] => all<HTMLTableCellElement>(this.table, 'thead th');
  /** Every header cell, the rows' included. */
  headerCells = (): HTMLTableCellElement[] => all<HTMLTableCellElement>(this.table, 'th');
  private rows = (): HTMLTableRowElement[] => all<HTMLTableRowElement>(this.table, 'tbody tr');
  /** Each row's heading (the round). */
  rounds = (): string[] => this.rows().map((row) => textOf(one(row, 'th')));
  /** Each row's points, as numbers (a "+5" cell is 5). */
  points = (): number[][] => this.rows().map((row) => all(row, 'td').map(shownNumber));
  totals = (): number[] => all(this.table, 'tfoot td').map(shownNumber);
}

/** A cell's number, its sign of a gain dropped. */
const shownNumber = (cell: Element): number => Number(textOf(cell).replace('+', ''));
