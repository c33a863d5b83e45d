/**
 * The entry's definition of an element whose code is a chunk of its own, loaded on its first connection:
 * the package's entry stays the game's size, and a page that never shows the element never loads it. The
 * element's attributes and properties live here (they are its public face, and a site may set them before
 * the code has loaded); what it shows is the view the chunk makes for it.
 */

/** What the chunk makes for an element: told when anything it shows may have changed. */
export interface LazyView {
  /** An attribute changed, or the element was connected again. */
  changed(): void;
  /** The element left the page: stop what runs for it. */
  disconnected(): void;
}

/** Makes the view of an element (it reads the element's attributes, and renders in its shadow root). */
export type ViewMaker = (host: HTMLElement) => LazyView;

export abstract class LazyElement extends HTMLElement {
  private view: LazyView | null = null;
  private loading: Promise<void> | null = null;

  /**
   * The chunk's view maker (an `import()`, so that the bundler splits it off).
   * @internal
   */
  protected abstract loadView(): Promise<ViewMaker>;

  connectedCallback(): void {
    if (this.view) {
      this.view.changed();
      return;
    }
    this.loading ??= this.loadView().then(
      (make) => {
        this.view = make(this);
        // Removed while its code loaded: it shows itself when connected again.
        if (this.isConnected) this.view.changed();
      },
      (error: unknown) => {
        // Tried again on the next connection: a dropped connection may be back by then.
        this.loading = null;
        console.error(`<${this.localName}>: its code could not be loaded.`, error);
      },
    );
  }

  disconnectedCallback(): void {
    this.view?.disconnected();
  }

  attributeChangedCallback(): void {
    this.view?.changed();
  }
}

/** A string property's set, as its attribute: removed for null. */
export function setOrRemove(element: Element, name: string, value: string | null): void {
  if (value === null || value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, String(value));
}
