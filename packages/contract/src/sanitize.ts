/**
 * Rich-text sanitiser (platform.md section 2, "Rich content": "Rich text is sanitised. Only the
 * attributes style, class, mode and data-id are kept."). The server sanitises what it presents
 * with sanitize-html (htmlparser2): DOMPurify needs a DOM, and jsdom's 33 MB stayed in the
 * portal's 192 MB heap for good once rich text was first shown (decision 005).
 *
 * Decision on src / href: the spec keeps exactly four attributes, so no src, href, poster or
 * controls survive. Embedded media and files are addressed by data-id (the materialId) and opened
 * through the resource preview or download call when clicked (see rich-content.ts); the `mode`
 * attribute and the class say what kind of media an element stands for. This also means no URL
 * from stored content ever reaches the page except through CSS url() in style, which is checked
 * below.
 *
 * Style values are filtered per declaration: declarations that could run script or load
 * non-http(s) resources (expression(), javascript:/vbscript: anywhere, behavior, -moz-binding,
 * url() other than http(s), relative or raster data: images) are dropped, the rest kept as written.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeEntities, isHtmlStem, isOwnImageAddress, plainStemToHtml } from './rich-stem.ts';

/** Tags kept in rich text; everything else is unwrapped (its text kept) or, for script-like tags, removed. */
// prettier-ignore
export const RICH_TEXT_TAGS: readonly string[] = [
  'p', 'span', 'div', 'section', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small',
  'sub', 'sup', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'img', 'a', 'video', 'audio', 'source', 'figure', 'figcaption',
];

/** The only attributes kept (platform.md section 2). */
export const RICH_TEXT_ATTRIBUTES: readonly string[] = ['style', 'class', 'mode', 'data-id'];

/** Void elements among the kept tags: written without a closing tag. */
const VOID_TAGS = ['img', 'br', 'hr', 'col', 'source'];

/**
 * Elements whose whole content goes with them (not only the tag): raw text and markup that is not
 * HTML (sanitize-html unwraps every other disallowed tag and keeps its text).
 */
// prettier-ignore
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe', 'object',
  'embed', 'svg', 'math', 'template', 'title', 'select', 'plaintext',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { '*': [...RICH_TEXT_ATTRIBUTES] },
  // Values of mode and data-id are data, not URLs, and no URL attribute is kept at all.
  allowedSchemes: [],
  allowProtocolRelative: false,
  // Unknown tags are unwrapped (their text kept); these go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: VOID_TAGS,
  // Styles are filtered per declaration below (sanitizeStyle), not by sanitize-html's CSS parser.
  parseStyleAttributes: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const { style, ...rest } = attribs;
      const safe = style === undefined ? '' : sanitizeStyle(style);
      return { tagName, attribs: safe === '' ? rest : { ...rest, style: safe } };
    },
  },
};

/**
 * Sanitises stored rich text for display: only the tags above, only style / class / mode /
 * data-id attributes, no scripts, event handlers or script URLs. Returns '' for empty input.
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (typeof html !== 'string' || html === '') return '';
  // sanitize-html writes void elements as `<br />`; written as a browser serialises them (`<br>`),
  // sanitising is idempotent with what the editor stores. Text and attribute values have their
  // `<` and `>` escaped, so ` />` occurs only at the end of a void element.
  return sanitizeHtml(html, OPTIONS).replaceAll(' />', '>');
}

/**
 * A question's stem as stored and served (decision 054): a plain stem (rich-stem.ts's rule) as its
 * escaped lines; an HTML one sanitised as every rich text, then with images and CSS `url()`s kept
 * only where they address the site's own uploads or demo pictures (an image of another host is
 * dropped). The result always begins with an element, so the rule reads it as HTML again.
 */
export function sanitizeStem(stem: string): string {
  if (!isHtmlStem(stem)) return plainStemToHtml(stem);
  const html = keepOwnAddresses(sanitizeRichText(stem));
  return isHtmlStem(html) ? html : `<p>${html}</p>`;
}

/** Sanitised HTML with every style declaration naming a foreign URL dropped, and images without an own address. */
function keepOwnAddresses(html: string): string {
  return html.replace(/<([a-z][a-z0-9]*)\b([^>]*)>/gi, (whole, tag: string, attribs: string) => {
    const isImage = tag.toLowerCase() === 'img';
    const style = /\sstyle="([^"]*)"/.exec(attribs);
    if (!style) return isImage ? '' : whole;
    // Decoded first: `&quot;` holds a semicolon. Written back escaped as sanitize-html writes it.
    const kept = decodeEntities(style[1] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(
        (d) => d !== '' && [...d.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)].every((m) => isOwnImageAddress(m[2] ?? '')),
      );
    if (isImage && !kept.some((d) => /^content\s*:\s*url\(/i.test(d))) return '';
    const value = kept.join('; ').replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const rest = attribs.replace(style[0], value === '' ? '' : ` style="${value}"`);
    return `<${tag}${rest}>`;
  });
}

/**
 * Keeps the safe declarations of an inline style, joined with '; '. A declaration is dropped when
 * it is malformed or when, after removing comments and decoding CSS escapes, it names a scripted
 * property or contains a script URL, expression() or an unsafe url().
 */
export function sanitizeStyle(style: string): string {
  const kept: string[] = [];
  for (const raw of splitDeclarations(stripComments(style))) {
    const declaration = raw.trim();
    if (declaration === '') continue;
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = declaration.slice(0, colon).trim();
    if (!/^(?:--|-?[A-Za-z])[A-Za-z0-9_-]*$/.test(property)) continue;
    if (!isSafeDeclaration(decodeCssEscapes(declaration))) continue;
    kept.push(`${property}: ${declaration.slice(colon + 1).trim()}`);
  }
  return kept.join('; ');
}

const UNSAFE_CSS = /javascript:|vbscript:|livescript:|expression\(|behavior|-moz-binding|@import|mocha:|<|>/;
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=]*$/;

function isSafeDeclaration(decoded: string): boolean {
  // Whitespace and control characters are dropped before matching, so 'java script:' or
  // 'expression (' written with gaps cannot slip through.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped here
  const compact = decoded.toLowerCase().replace(/[\s\u0000-\u001f\u007f]+/g, '');
  if (UNSAFE_CSS.test(compact)) return false;
  // Every url(...) must point to an http(s), protocol-relative or relative URL.
  let rest = compact;
  for (const match of compact.matchAll(/url\((['"]?)(.*?)\1\)/g)) {
    if (!isSafeCssUrl(match[2] ?? '')) return false;
    rest = rest.replace(match[0], '');
  }
  // A url( the pattern could not read (unbalanced, nested) is not trusted.
  if (rest.includes('url(')) return false;
  // Quoted strings are URLs in image-set() and friends: any with a scheme must be safe too.
  for (const match of rest.matchAll(/(['"])(.*?)\1/g)) {
    const text = match[2] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/.test(text) && !isSafeCssUrl(text)) return false;
  }
  // …and wherever a quote, parenthesis or comma starts one: an escaped quote (`\"`, decoded
  // above) shifts which quotes the pattern above pairs, and a scheme could then sit outside them.
  const value = rest.slice(rest.indexOf(':') + 1);
  for (const match of value.matchAll(/(?:^|[('",])([a-z][a-z0-9+.-]*:[^'",)]*)/g)) {
    if (!isSafeCssUrl(match[1] ?? '')) return false;
  }
  return true;
}

function isSafeCssUrl(url: string): boolean {
  if (url === '') return false;
  if (/^https?:\/\//.test(url) || url.startsWith('//')) return true;
  if (SAFE_DATA_IMAGE.test(url)) return true;
  // Relative: no scheme before the first '/', '?' or '#'.
  return !/^[^/?#]*:/.test(url);
}

/** Removes CSS comments (an unterminated comment runs to the end). */
function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
}

/** Splits a declaration list at ';' outside quotes and parentheses. */
function splitDeclarations(css: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      parts.push(css.slice(start, i));
      start = i + 1;
    }
  }
  // An unterminated string or parenthesis makes the last declaration invalid CSS: drop it.
  if (quote === null && depth === 0) parts.push(css.slice(start));
  return parts;
}

/** Decodes CSS escapes (`\6a`, `\6A `, `\j`, escaped newlines) the way a browser would. */
export function decodeCssEscapes(css: string): string {
  return css.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g, (_, hex, newline, other) => {
    if (hex !== undefined) {
      const code = Number.parseInt(hex as string, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
        ? '\uFFFD'
        : String.fromCodePoint(code);
    }
    if (newline !== undefined) return '';
    return other as string;
  });
}
