/**
 * What every part of the root needs of it (the narrow side of the root's host object, game-host.ts):
 * the element to render in and add controllers to, the texts, and the live region.
 */
import type { ReactiveElement } from 'lit';
import type { Translator } from '../../i18n/index.js';
import type { SavingOptions } from './persistence.js';

/** The root element as its parts see it: a Lit host that saves under its attributes and may name a room server. */
export interface GameElement extends ReactiveElement, SavingOptions {
  server: string | null;
  /** The site's signed token for its member, or null: quick match identifies with it rather than anonymously. */
  playerToken: string | null;
}

export interface PartHost {
  element: GameElement;
  /** The language of every text now. */
  t(): Translator;
  /** Says a text in the polite live region. */
  announce(text: string): void;
}
