import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createSvgSanitiser, sanitiseCss, SvgRefused, type SvgProblem } from './svg-sanitiser';

/** Sanitises `svg` fed in chunks of `size` bytes (so tokens split across chunks are covered). */
function clean(svg: string | Buffer, size = 7): string {
  const bytes = Buffer.isBuffer(svg) ? svg : Buffer.from(svg);
  const sanitiser = createSvgSanitiser();
  let out = '';
  for (let i = 0; i < bytes.length; i += size) out += sanitiser.write(bytes.subarray(i, i + size));
  return out + sanitiser.end();
}

function refusal(svg: string | Buffer): SvgProblem | undefined {
  try {
    clean(svg, 4096);
    return undefined;
  } catch (error) {
    if (error instanceof SvgRefused) return error.problem;
    throw error;
  }
}

/** The cleaned document as an XML parser reads it: every element and attribute name, and link targets. */
function parsed(svg: string) {
  const dom = new JSDOM(svg, { contentType: 'image/svg+xml' });
  const elements = [...dom.window.document.querySelectorAll('*')];
  return {
    root: dom.window.document.documentElement,
    names: elements.map((e) => e.localName),
    attributes: elements.flatMap((e) => [...e.attributes].map((a) => a.name)),
    text: dom.window.document.documentElement.textContent ?? '',
  };
}

const head =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">';

describe('SVG sanitiser', () => {
  it('keeps the drawing: shapes, gradients, local references, text, embedded PNG', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = clean(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n${head}` +
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="stroke: url(\'#g\'); stroke-width: 2"/>' +
        `<use xlink:href="#g"/><image href="${png}" width="1" height="1"/>` +
        '<text x="1" y="5" font-family="Arial">A &amp; B &lt;3</text></svg>',
    );
    const doc = parsed(out);
    expect(doc.root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(doc.names).toEqual(['svg', 'defs', 'linearGradient', 'stop', 'rect', 'use', 'image', 'text']);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain(`style="stroke: url('#g'); stroke-width: 2"`);
    expect(out).toContain('xlink:href="#g"');
    expect(out).toContain(`href="${png}"`);
    expect(doc.text).toBe('A & B <3');
    expect(out).not.toContain('Illustrator');
  });

  it('removes script, event handlers, foreignObject, animation and outside links', () => {
    const out = clean(
      `${head.replace('<svg ', '<svg onload="alert(1)" ')}` +
        '<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>' +
        '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>' +
        '<a xlink:href="javascript:alert(1)"><rect width="5" height="5" onclick="alert(1)" onmouseover="alert(2)"/></a>' +
        '<a href=" java\tscript:alert(1)"><circle r="1"/></a>' +
        '<use href="https://evil.example/sprite.svg#icon"/><use xlink:href="data:image/svg+xml;base64,PHN2Zz4="/>' +
        '<image href="https://evil.example/tracker.png"/><image xlink:href="javascript:alert(1)"/>' +
        '<rect width="1" height="1"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="x" to="5"/></rect>' +
        '<rect fill="url(https://evil.example/x.svg#p)" filter="url(\'http://evil.example/f#f\')" width="2" height="2"/>' +
        '<iframe src="https://evil.example"/><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>' +
        '</svg>',
    );
    const doc = parsed(out);
    expect(doc.names).toEqual(['svg', 'rect', 'circle', 'use', 'use', 'image', 'image', 'rect', 'rect']);
    expect(doc.attributes.filter((a) => /^on|href$/i.test(a))).toEqual([]);
    expect(out).not.toMatch(/script|evil|alert|foreignObject|fill="url|filter=/i);
  });

  it('cleans style sheets: no @import, no outside url(), nothing hidden behind CSS escapes', () => {
    const out = clean(
      `${head}<style><![CDATA[@import url(https://evil.example/a.css); .a{fill:url(#g)} ` +
        `.b{background:url(https://evil.example/b.png)} .c > .d{fill:red}]]></style><g class="a"/></svg>`,
    );
    expect(out).toContain('.a{fill:url(#g)}');
    expect(out).toContain('.b{background:none}');
    expect(out).toContain('.c &gt; .d{fill:red}');
    expect(out).not.toMatch(/import|evil/);
    expect(sanitiseCss('.a{background:u\\72l(https://evil.example)}')).toBe('');
    expect(sanitiseCss('.a{width:expression(alert(1))}')).toBe('');
    // A url split between a text and a CDATA piece is read whole.
    expect(clean(`${head}<style>.a{fill:u<![CDATA[rl(https://evil.example/x)}]]></style></svg>`)).toContain(
      '.a{fill:none}',
    );
  });

  it('drops foreign namespaces (editor metadata) and reads an SVG written without its namespace', () => {
    const out = clean(
      '<svg viewBox="0 0 4 4" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1">' +
        '<inkscape:namedview/><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
        '<path d="M0 0h4v4z"/></svg>',
    );
    const doc = parsed(out);
    expect(doc.root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(doc.names).toEqual(['svg', 'path']);
    expect(out).not.toContain('inkscape');
  });

  it("keeps Illustrator's short namespace entities, and refuses entity expansion and external entities", () => {
    const illustrator =
      '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n' +
      '\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">\n\t<!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]>\n' +
      '<svg xmlns:x="&ns_extend;" xmlns="&ns_svg;" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect(parsed(clean(illustrator)).names).toEqual(['svg', 'rect']);

    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol3;</text></svg>';
    expect(refusal(laughs)).toBe('entities');
    const external =
      '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>';
    expect(refusal(external)).toBe('entities');
    const parameter =
      '<!DOCTYPE svg [<!ENTITY % p SYSTEM "https://evil.example/x.dtd"> %p;]><svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(refusal(parameter)).toBe('entities');
    // Many uses of a short plain entity still cannot blow up: the expansion has a budget.
    const wide = `<!DOCTYPE svg [<!ENTITY a "${'x'.repeat(256)}">]><svg xmlns="http://www.w3.org/2000/svg"><text>${'&a;'.repeat(5000)}</text></svg>`;
    expect(refusal(wide)).toBe('entities');
    // An entity nobody declared is an error of the XML itself.
    expect(refusal('<svg xmlns="http://www.w3.org/2000/svg"><text>&nope;</text></svg>')).toBe('malformed');
  });

  it('refuses what is not a well-formed UTF-8 SVG', () => {
    expect(refusal('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toBe('malformed');
    expect(refusal('<html><svg xmlns="http://www.w3.org/2000/svg"/></html>')).toBe('notSvg');
    expect(
      refusal('<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ).toBe('encoding');
    expect(
      refusal(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(300)}${'</g>'.repeat(300)}</svg>`),
    ).toBe('malformed');
    expect(refusal('')).toBe('malformed');
  });

  it('writes multi-byte characters split across chunks correctly', () => {
    const out = clean(`${head}<text>Åsa – örtkräm 😀</text></svg>`, 3);
    expect(parsed(out).text).toBe('Åsa – örtkräm 😀');
  });
});
