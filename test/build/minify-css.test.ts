/** The build's CSS minifier (scripts/rollup-minify-css.mjs) drops only what cannot change a style. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { minifyCss, minifyCssTemplates } from '../../scripts/rollup-minify-css.mjs';

describe('minifying the CSS of css`…` templates', () => {
  test('comments and whitespace go; descendant combinators and media query spaces stay', () => {
    const css = `
      :host { /* a default size */ display: block;
        font-family: var(--font, 'Segoe UI', Roboto, sans-serif);
      }
      @media (max-width: 400px) and (prefers-reduced-motion: reduce) {
        .a > .b, .c:hover .d { color: red; }
      }`;
    assert.equal(
      minifyCss(css),
      ":host{display:block;font-family:var(--font,'Segoe UI',Roboto,sans-serif)}" +
        '@media (max-width:400px) and (prefers-reduced-motion:reduce){.a>.b,.c:hover .d{color:red}}',
    );
  });

  test('quoted strings are kept as written; a comment may hold an apostrophe', () => {
    assert.equal(minifyCss(`.x::after { content: ' a, b {;}  '; }`), `.x::after{content:' a, b {;}  '}`);
    assert.equal(minifyCss(`/* the host's own */ .y { color: red; } /* it's */`), '.y{color:red}');
  });

  test('in code, only css templates change, and their expressions are kept', () => {
    const code = 'const a = css `\n  .x { color: ${red}; }\n`;\nconst b = html`<p>  two  spaces </p>`;';
    assert.equal(minifyCssTemplates(code), 'const a = css`.x{color:${red}}`;\nconst b = html`<p>  two  spaces </p>`;');
    // The space between an expression and the next value separates them.
    assert.equal(minifyCssTemplates('css`\n .y { border: ${w}  solid ${c}; }`'), 'css`.y{border:${w} solid ${c}}`');
  });
});
