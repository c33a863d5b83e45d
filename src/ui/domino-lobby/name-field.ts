/**
 * The name field of online play, with the common name rule (net/name-rule.ts): the lobby asks it before
 * a room, quick match before the first wait. A refused name says why under the field, and the field is
 * focused once it is described by its reason, so that the reason is read with it.
 */
import { html, nothing, type ReactiveElement } from 'lit';
import type { MessageKey, Translator } from '../../i18n/index.js';
import { checkName, type NameProblem } from '../../net/protocol.js';

/** What the name field says of each reason the name rule gives. */
const NAME_PROBLEM_TEXTS: Record<NameProblem, MessageKey> = {
  'empty': 'nameEmpty',
  'invisible': 'nameInvisible',
  'lone-mark': 'nameLoneMark',
  'too-many-marks': 'nameTooManyMarks',
  'too-long': 'nameTooLong',
  'spaces-at-ends': 'nameSpacesAtEnds',
  'spaces-in-a-row': 'nameSpacesInARow',
  'no-letter': 'nameNoLetter',
};

/** One name field of an element: `id` is its input's id, the reason's id is `${id}-error`. */
export class NameField {
  /** Why the name typed was refused, until it is typed again. */
  problem: NameProblem | null = null;

  constructor(
    private readonly host: ReactiveElement,
    private readonly id: string,
  ) {}

  render(t: Translator, name: string) {
    const { id, problem } = this;
    return html`<label for=${id}>${t.t('yourName')}</label>
      <div class="name">
        <input
          id=${id}
          type="text"
          autocomplete="nickname"
          required
          .value=${name}
          aria-invalid=${problem ? 'true' : 'false'}
          aria-describedby=${problem ? `${id}-error` : nothing}
          @input=${() => this.clear()}
        />
        ${problem ? html`<p class="error" id=${`${id}-error`}>${t.t(NAME_PROBLEM_TEXTS[problem])}</p>` : nothing}
      </div>`;
  }

  clear(): void {
    if (this.problem === null) return;
    this.problem = null;
    this.host.requestUpdate();
  }

  /** The name typed, trimmed, as the server keeps it (NFC); null (and the field says why) when the server would refuse it. */
  read(): string | null {
    const input = this.host.renderRoot.querySelector<HTMLInputElement>(`#${this.id}`);
    const checked = checkName(input?.value.trim() ?? '');
    if (checked.ok) return checked.name;
    this.problem = checked.problem;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => input?.focus());
    return null;
  }
}
