// A rollup plugin that minifies the CSS inside lit's css`…` templates (terser leaves template text
// alone): comments go, whitespace collapses, and the spaces around punctuation drop. Quoted strings and
// ${…} expressions are kept as they are.

/** Minifies CSS text that holds no template expression; the space at its ends is kept unless `trim`. */
export function minifyCss(text, trim = true) {
  // Comments first: one may hold an apostrophe ("the host's"). A string holding "/*" is not supported.
  const minified = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(/('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/)
    .map((part, i) => {
      if (i % 2 === 1) return part; // a quoted string
      return part
        .replace(/\s+/g, ' ')
        .replace(/ ?([{};,>]) ?/g, '$1')
        .replace(/: /g, ':')
        .replace(/;}/g, '}');
    })
    .join('');
  return trim ? minified.trim() : minified;
}

/** Minifies every css`…` template of `code`; its ${…} parts (no nested braces or backticks) stay. */
export function minifyCssTemplates(code) {
  return code.replace(/\bcss\s*`((?:[^`\\]|\\.)*)`/g, (_, body) => {
    // Between expressions, a space may separate values (`${width} solid`): only the ends are trimmed.
    const pieces = body.split(/(\$\{[^{}`]*\})/);
    const minified = pieces.map((piece, i) => (i % 2 === 1 ? piece : minifyCss(piece, false))).join('');
    return `css\`${minified.trim()}\``;
  });
}

export function minifyCssPlugin() {
  return {
    name: 'minify-css-templates',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null;
      return { code: minifyCssTemplates(code), map: null };
    },
  };
}
