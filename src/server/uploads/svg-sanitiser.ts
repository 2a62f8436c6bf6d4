import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { isWhitespace, skipWhitespace, unmeasured, wordAt, type WorkMeter } from './text-scan';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Why an SVG is refused rather than cleaned: each has its own message for the buyer. */
export type SvgProblem = 'malformed' | 'entities' | 'encoding' | 'notSvg';

export class SvgRefused extends Error {
  constructor(
    readonly problem: SvgProblem,
    detail: string,
  ) {
    super(`SVG refused (${problem}): ${detail}`);
  }
}

/** Drawing elements kept as they are (SVG namespace, local names). Everything else goes. */
const keptElements = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'style',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** A link wraps drawing: the link goes, what it wraps stays. */
const unwrappedElements = new Set(['a']);

/** Attributes without a namespace that only describe drawing. Event handlers (on*) are never among them. */
const keptAttributes = new Set(
  `id class style lang version baseProfile x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d
  points pathLength viewBox preserveAspectRatio transform transform-origin gradientTransform
  gradientUnits patternTransform patternUnits patternContentUnits spreadMethod offset clipPathUnits
  maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient filterUnits
  primitiveUnits dx dy rotate textLength lengthAdjust startOffset method spacing side href type media
  fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin
  stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color display visibility clip clip-path
  clip-rule mask filter stop-color stop-opacity font-family font-size font-size-adjust font-style
  font-variant font-weight font-stretch letter-spacing word-spacing text-anchor text-decoration
  text-rendering dominant-baseline alignment-baseline baseline-shift writing-mode direction
  unicode-bidi shape-rendering image-rendering color-interpolation color-interpolation-filters
  color-rendering flood-color flood-opacity lighting-color marker marker-start marker-mid marker-end
  overflow paint-order vector-effect mix-blend-mode isolation enable-background kerning
  glyph-orientation-horizontal glyph-orientation-vertical in in2 result stdDeviation mode values
  operator k1 k2 k3 k4 order kernelMatrix divisor bias targetX targetY edgeMode kernelUnitLength
  preserveAlpha surfaceScale diffuseConstant specularConstant specularExponent azimuth elevation z
  pointsAtX pointsAtY pointsAtZ limitingConeAngle scale xChannelSelector yChannelSelector
  baseFrequency numOctaves seed stitchTiles tableValues slope intercept amplitude exponent radius
  requiredFeatures requiredExtensions systemLanguage`.split(/\s+/),
);

/** Raster pictures embedded in the file itself: the only thing an <image> may show. */
const embeddedRaster = /^data:image\/(?:png|jpeg|gif|webp);base64,[\d+/=a-z\s]*$/i;
/** A reference to something inside the same file. */
const localReference = /^#[^\s"'()<>\\]*$/;

/** Control characters and spaces browsers skip when they read a URL scheme ("java\tscript:"). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const skippedInUrls = /[\u0000-\u0020\u007f]+/g;
const scriptScheme = /(javascript|vbscript|livescript|data:text|data:application)/i;

/** Words that make a whole CSS text suspect: old IE script hooks, and a script URL anywhere. */
const refusedCssWords = ['-moz-binding', 'javascript:'];
/** Function names (before an optional space and `(`) that make a whole CSS text suspect. */
const refusedCssFunctions = ['expression', 'image-set'];

/** The first letters of every word the CSS scan looks for: elsewhere it just moves on. */
const cssWordStarts = new Set(
  [...refusedCssWords, ...refusedCssFunctions, 'behavior', '@import', 'url'].map((w) => w[0]),
);

/** Whether `name`, whitespace and then `(` (or `:` for a property) are at `at`; where after them, else -1. */
function callAt(css: string, at: number, name: string, opener: string, meter: WorkMeter): number {
  if (!wordAt(css, at, name, meter)) return -1;
  const after = skipWhitespace(css, at + name.length, meter);
  return css[after] === opener ? after + 1 : -1;
}

/** A reference inside the file: `#` and then no space, quote, bracket or backslash. */
function isLocalReference(target: string): boolean {
  return target.startsWith('#') && !/[\s"'()<>\\]/.test(target);
}

/**
 * The argument of a url( that starts at `at` (just after the bracket): where the call ends and
 * whether it points inside the file; undefined when it is not plain (unclosed, quotes or brackets
 * in an unquoted URL), so the caller gives up on the whole text.
 */
function readUrl(css: string, at: number, meter: WorkMeter): { end: number; local: boolean } | undefined {
  let position = skipWhitespace(css, at, meter);
  const quote = css[position] === '"' || css[position] === "'" ? css[position] : undefined;
  if (quote) position++;
  const start = position;
  for (; position < css.length; position++) {
    meter.steps++;
    const char = css[position] ?? '';
    if (quote ? char === quote : char === ')' || isWhitespace(css.charCodeAt(position))) break;
    if (!quote && '"\'('.includes(char)) return undefined;
    if (char === '\n' || char === '\r') return undefined;
  }
  if (position >= css.length) return undefined;
  const target = css.slice(start, position);
  const close = skipWhitespace(css, quote ? position + 1 : position, meter);
  if (css[close] !== ')') return undefined;
  return { end: close + 1, local: isLocalReference(target) };
}

/**
 * One pass over CSS: @import rules dropped, url()s to outside the file replaced by none; undefined
 * when anything could load or run in disguise. Each character is looked at a bounded number of
 * times (whitespace after a name at most twice), so the work is linear in the text.
 */
function cssPass(css: string, meter: WorkMeter): { css: string; outsideUrls: number } | undefined {
  let output = '';
  let outsideUrls = 0;
  let copiedFrom = 0;
  for (let position = 0; position < css.length;) {
    meter.steps++;
    const char = css[position];
    // CSS escapes could spell any word below in disguise.
    if (char === '\\') return undefined;
    if (!cssWordStarts.has(char?.toLowerCase() ?? '')) {
      position++;
      continue;
    }
    if (refusedCssWords.some((word) => wordAt(css, position, word, meter))) return undefined;
    if (refusedCssFunctions.some((name) => callAt(css, position, name, '(', meter) !== -1)) return undefined;
    if (callAt(css, position, 'behavior', ':', meter) !== -1) return undefined;
    if (wordAt(css, position, '@import', meter)) {
      output += css.slice(copiedFrom, position);
      const end = css.indexOf(';', position);
      meter.steps += (end === -1 ? css.length : end) - position;
      position = end === -1 ? css.length : end + 1;
      copiedFrom = position;
      continue;
    }
    const argument = callAt(css, position, 'url', '(', meter);
    if (argument !== -1) {
      const url = readUrl(css, argument, meter);
      if (!url) return undefined;
      if (!url.local) {
        output += `${css.slice(copiedFrom, position)}none`;
        copiedFrom = url.end;
        outsideUrls++;
      }
      position = url.end;
      continue;
    }
    position++;
  }
  return { css: output + css.slice(copiedFrom), outsideUrls };
}

/**
 * CSS from a style attribute or <style> element, with nothing that can load or run anything:
 * @import rules dropped, outside url()s replaced by none. CSS escapes could spell any of these
 * in disguise, so a backslash (or an old IE expression/binding, or image-set) drops the whole
 * text, and so does a url() that is not plain. Read by a linear scan (a stranger writes it);
 * `meter` counts its work.
 */
export function sanitiseCss(css: string, meter: WorkMeter = unmeasured()): string {
  const cleaned = cssPass(css, meter);
  if (!cleaned) return '';
  // What was dropped may have joined text into something new ("ur@import;l("): read it again.
  const again = cssPass(cleaned.css, meter);
  return again?.outsideUrls === 0 && again.css === cleaned.css ? cleaned.css : '';
}

/** Every url(...) in a value points inside the file (gradients, clip paths, filters, markers). */
function onlyLocalUrls(value: string, meter: WorkMeter = unmeasured()): boolean {
  for (let position = 0; position < value.length; position++) {
    meter.steps++;
    const argument = callAt(value, position, 'url', '(', meter);
    if (argument === -1) continue;
    const url = readUrl(value, argument, meter);
    if (!url?.local) return false;
    position = url.end - 1;
  }
  return true;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

/** The value to keep for an attribute, or undefined to drop it. */
function cleanAttribute(element: string, name: string, value: string): string | undefined {
  if (name === 'style') {
    const css = sanitiseCss(value);
    return css.trim() === '' ? undefined : css;
  }
  if (name === 'href') {
    const target = value.replace(skippedInUrls, '');
    if (element === 'image') return embeddedRaster.test(target) ? target : undefined;
    return localReference.test(target) ? target : undefined;
  }
  if (scriptScheme.test(value.replace(skippedInUrls, ''))) return undefined;
  if (!onlyLocalUrls(value)) return undefined;
  return value;
}

/** Entity declarations of a DOCTYPE's internal subset, when each is a short plain text. */
const entityDeclaration = /<!ENTITY\s+([A-Za-z_][\w.-]{0,63})\s+(["'])([^"'&%<]{0,256})\2\s*>/g;
const MAX_ENTITIES = 64;
/** Text that entity references may add in all (Illustrator's namespace entities need a few KB). */
const ENTITY_EXPANSION_BUDGET = 1024 * 1024;
/** Deeper nesting than any drawing needs: refused as malformed rather than walked. */
const MAX_DEPTH = 256;

/**
 * An SVG cleaned while it streams through: what comes out can be drawn but cannot run or load
 * anything. Script, foreignObject, animation (which can rewrite links), event handlers, links to
 * anything outside the file (except embedded PNG/JPEG/GIF/WebP pictures), unknown elements and
 * foreign namespaces, comments, processing instructions and the DOCTYPE are removed; the markup is
 * written anew from what the strict XML parser read, so nothing it did not understand gets through.
 * Entities: the five of XML, and internal ones that are short plain texts (Illustrator declares its
 * namespaces that way), within a budget; anything else is refused (no entity expansion attacks, no
 * external entities). Refusals throw SvgRefused.
 *
 *   const svg = createSvgSanitiser();
 *   out.write(svg.write(chunk)); ... out.write(svg.end());
 */
export function createSvgSanitiser(): { write(chunk: Buffer): string; end(): string } {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const decoder = new StringDecoder('utf8');
  let output = '<?xml version="1.0" encoding="UTF-8"?>\n';
  /** Per open element: the name it was written as (none: dropped or unwrapped), and whether it was dropped. */
  const open: { written?: string; dropped: boolean; css?: string }[] = [];
  let dropping = 0;
  let rootUri: string | undefined;
  const entityNames: string[] = [];
  let expanded = 0;

  parser.on('xmldecl', (declaration) => {
    const encoding = declaration.encoding?.toLowerCase();
    if (encoding !== undefined && !['utf-8', 'utf8', 'us-ascii', 'ascii'].includes(encoding)) {
      throw new SvgRefused('encoding', `encoding ${encoding}`);
    }
  });

  parser.on('doctype', (doctype) => {
    const subsetStart = doctype.indexOf('[');
    const subsetEnd = doctype.lastIndexOf(']');
    if (subsetStart === -1 || subsetEnd < subsetStart) return;
    const subset = doctype.slice(subsetStart + 1, subsetEnd);
    const declared = [...subset.matchAll(entityDeclaration)];
    const entityCount = subset.match(/<!ENTITY/gi)?.length ?? 0;
    if (entityCount !== declared.length || declared.length > MAX_ENTITIES) {
      throw new SvgRefused('entities', 'an entity that is not a short plain text');
    }
    for (const [, name = '', , value = ''] of declared) {
      parser.ENTITIES[name] = value;
      entityNames.push(name);
    }
  });

  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = open.length;
    if (depth >= MAX_DEPTH) throw new SvgRefused('malformed', 'nested too deeply');
    if (depth === 0) {
      if (tag.local !== 'svg' || (tag.uri !== SVG_NS && tag.uri !== '')) {
        throw new SvgRefused('notSvg', `root element ${tag.name}`);
      }
      // An SVG written without its namespace is read as SVG (browsers would not draw it at all).
      rootUri = tag.uri;
    }
    const inSvg = tag.uri === rootUri || tag.uri === SVG_NS;
    if (dropping > 0 || !inSvg || !(keptElements.has(tag.local) || unwrappedElements.has(tag.local))) {
      dropping++;
      open.push({ dropped: true });
      return;
    }
    if (unwrappedElements.has(tag.local)) {
      open.push({ dropped: false });
      return;
    }
    let markup = `<${tag.local}`;
    if (depth === 0) markup += ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`;
    for (const attribute of Object.values(tag.attributes)) {
      let name: string | undefined;
      if (attribute.uri === '' && keptAttributes.has(attribute.local)) name = attribute.local;
      else if (attribute.uri === XLINK_NS && attribute.local === 'href') name = 'xlink:href';
      else if (attribute.uri === XML_NS && ['space', 'lang'].includes(attribute.local))
        name = `xml:${attribute.local}`;
      if (!name) continue;
      const value = cleanAttribute(tag.local, attribute.local, attribute.value);
      if (value !== undefined) markup += ` ${name}="${escapeAttribute(value)}"`;
    }
    output += `${markup}>`;
    // A style sheet is cleaned whole when it closes: its text may come in pieces (text, CDATA).
    open.push({ written: tag.local, dropped: false, ...(tag.local === 'style' ? { css: '' } : {}) });
  });

  parser.on('closetag', () => {
    const element = open.pop();
    if (!element) return;
    if (element.dropped) dropping--;
    else if (element.written) {
      if (element.css !== undefined) output += escapeText(sanitiseCss(element.css));
      output += `</${element.written}>`;
    }
  });

  const onText = (text: string) => {
    const current = open.at(-1);
    if (dropping > 0 || !current) return;
    if (current.css !== undefined) current.css += text;
    else output += escapeText(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  const countExpansion = (text: string) => {
    if (entityNames.length === 0) return;
    for (const name of entityNames) {
      const uses = text.split(`&${name};`).length - 1;
      expanded += uses * (parser.ENTITIES[name]?.length ?? 0);
    }
    if (expanded > ENTITY_EXPANSION_BUDGET) throw new SvgRefused('entities', 'entities expand too much');
  };

  const run = (action: () => void): string => {
    try {
      action();
    } catch (error) {
      if (error instanceof SvgRefused) throw error;
      throw new SvgRefused('malformed', error instanceof Error ? error.message : String(error));
    }
    const out = output;
    output = '';
    return out;
  };

  return {
    write(chunk: Buffer): string {
      const text = decoder.write(chunk);
      return run(() => {
        // References in a chunk are counted before it is parsed; the DOCTYPE (first chunk) is
        // read before its entities are known, so they are counted again after.
        countExpansion(text);
        const known = entityNames.length;
        parser.write(text);
        if (known === 0 && entityNames.length > 0) countExpansion(text);
      });
    },
    end(): string {
      return run(() => {
        const rest = decoder.end();
        if (rest) parser.write(rest);
        parser.close();
        if (rootUri === undefined) throw new SvgRefused('notSvg', 'no svg element');
      });
    },
  };
}
