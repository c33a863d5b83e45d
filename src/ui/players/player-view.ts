/**
 * What the leaderboard's and the player's card's views share: their shadow root and styles, the language
 * (the element's `lang`, else the page's around it, else the browser's, else English; its catalog and the
 * texts shown on demand loaded first) and one render a task however many changes come at once.
 */
import { adoptStyles, render, type CSSResult } from 'lit';
import { chooseLanguage, ENGLISH, loadExtraTexts, loadTranslator, type Translator } from '../../i18n/index.js';
import type { LazyView } from './lazy-element.js';

export abstract class PlayerView implements LazyView {
  /** The language shown; English until the texts have loaded (nothing is shown before). */
  protected t: Translator = ENGLISH;
  protected textsReady = false;
  private readonly root: ShadowRoot;
  private renderDue = false;

  constructor(
    protected readonly host: HTMLElement,
    styles: CSSResult[],
  ) {
    this.root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptStyles(this.root, styles);
  }

  changed(): void {
    void this.followLanguage();
    this.attributesChanged();
    this.requestRender();
  }

  disconnected(): void {}

  /** Reads the attributes again and fetches what they now ask for, if anything. */
  protected abstract attributesChanged(): void;

  protected abstract template(): unknown;

  protected requestRender(): void {
    if (this.renderDue) return;
    this.renderDue = true;
    queueMicrotask(() => {
      this.renderDue = false;
      render(this.template(), this.root, { host: this });
    });
  }

  /** An element inside the view, for focus. */
  protected find<E extends Element>(selector: string): E | null {
    return this.root.querySelector<E>(selector);
  }

  private wantedLanguage() {
    return chooseLanguage([this.host.lang, this.host.parentElement?.closest('[lang]')?.getAttribute('lang'), ...navigator.languages]);
  }

  private async followLanguage(): Promise<void> {
    const language = this.wantedLanguage();
    if (this.textsReady && language === this.t.language) return;
    try {
      await loadExtraTexts();
    } catch (error) {
      console.warn(`<${this.host.localName}>: its texts could not be loaded.`, error);
    }
    const translator = await loadTranslator(language);
    // A later change may have won the race while this catalog loaded.
    if (this.wantedLanguage() !== language) return;
    this.t = translator;
    this.textsReady = true;
    this.requestRender();
  }
}
