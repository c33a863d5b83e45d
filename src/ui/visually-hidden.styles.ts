/**
 * The declarations that keep a text out of sight but in the accessibility tree (a live region, a name
 * a narrow column only reads out), written once: a rule takes them as `.live { ${visuallyHidden} }`.
 * Declarations, not a rule: never given to an element's `styles` on its own.
 */
import { css } from 'lit';

export const visuallyHidden = css`
  position: absolute;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
