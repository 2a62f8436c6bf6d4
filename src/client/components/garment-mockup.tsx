/**
 * The shop's garment mockups (print-areas.ts `mockupIds`), drawn by the customiser and by the design thumbnails.
 * Pure inline SVG (viewBox 0 0 400 400). The main fabric is filled with `color`;
 * shading is drawn with semi-transparent black/white overlays so any colour
 * (white through black) keeps its volume, and the outline uses rgba(0,0,0,.35)
 * so white garments stay visible on a white page.
 */
import type { JSX } from 'react';
import { customiserMessages } from '@/shared/i18n/messages/customiser';
import { useLocale } from '@/client/lib/i18n';
import type { MockupId, MockupSide } from './print-area';

export interface GarmentMockupProps {
  mockup: MockupId;
  /** The product's name in the reader's language (the drawing's accessible label). */
  name: string;
  side: MockupSide;
  /** CSS hex colour, e.g. "#1f2d4d" */
  color: string;
  className?: string;
}

/**
 * Layer kinds:
 *  fabric – filled with the garment colour, outlined
 *  rib2   – ribbed band (fabric + faint darkening)
 *  deep   – inside of the garment (neck hole, hood opening)
 *  shade / light – soft shadow / highlight overlays
 *  fold   – soft crease strokes
 *  seam / stitch / rib – line details (switch to light lines on dark colours)
 *  cord   – drawstring in garment colour
 *  metal  – aglets, eyelets, zip parts
 */
type LayerKind =
  'fabric' | 'rib2' | 'deep' | 'shade' | 'light' | 'fold' | 'seam' | 'stitch' | 'rib' | 'cord' | 'metal';
type Layer = readonly [LayerKind, string];

/** Sides actually drawn for each product; the first entry is the fallback. */
const SIDES: Record<MockupId, readonly [MockupSide, ...MockupSide[]]> = {
  tshirt: ['front', 'back'],
  hoodie: ['front', 'back'],
  crewneck: ['front', 'back'],
  cap: ['front', 'side'],
  beanie: ['front'],
};

/**
 * The sweatshirt body the hoodie's back and the crewneck's front and back share: outline, shading,
 * side seams and ribbed cuffs and hem. Each adds its own neckline or hood on top.
 */
const SWEATSHIRT_BODY: readonly Layer[] = [
  [
    'fabric',
    'M162,58C146,64 128,70 112,78C82,92 62,140 52,200L38,326L78,330L104,212L120,170L122,350Q200,358 278,350L280,170L296,212L322,330L362,326L348,200C338,140 318,92 288,78C272,70 254,64 238,58Q200,70 162,58Z',
  ],
  ['shade', 'M280,170L278,326Q266,330 254,331Q262,250 260,186Z'],
  ['shade', 'M348,200L360,304L332,306L310,226Q330,214 348,200Z'],
  ['shade', 'M104,212L120,170L125,180Q112,196 108,214Z'],
  ['light', 'M126,180Q122,260 126,326Q140,328 152,329Q140,250 148,160Z'],
  ['light', 'M74,120C64,150 58,200 52,260L60,262C66,200 74,150 86,112Z'],
  ['fold', 'M128,190Q150,206 156,240M272,190Q250,206 244,238M66,250Q78,262 92,258M334,250Q322,262 308,258'],
  ['seam', 'M112,78Q124,124 120,170M288,78Q276,124 280,170'],
  ['rib2', 'M40,304L83,308L78,330L38,326Z'],
  [
    'rib',
    'M45,304L43,326M51,305L48,327M56,306L53,328M62,306L58,328M67,306L63,328M72,307L68,329M78,308L73,330',
  ],
  ['rib2', 'M360,304L317,308L322,330L362,326Z'],
  [
    'rib',
    'M355,304L357,326M349,305L352,327M344,306L347,328M338,306L342,328M333,306L337,328M328,307L332,329M322,308L327,330',
  ],
  ['rib2', 'M121,326Q200,334 279,326L278,350Q200,358 122,350Z'],
  [
    'rib',
    'M127,327L128,351M133,327L134,351M139,328L140,352M145,328L146,352M151,328L152,352M157,329L158,353M164,329L164,353M170,329L170,353M176,330L176,354M182,330L182,354M188,330L188,354M194,330L194,354M200,330L200,354M206,330L206,354M212,330L212,354M218,330L218,354M224,330L224,354M230,329L230,353M236,329L236,353M243,329L242,353M249,328L248,352M255,328L254,352M261,328L260,352M267,327L266,351M273,327L272,351',
  ],
];

const SHAPES: Record<MockupId, Partial<Record<MockupSide, readonly Layer[]>>> = {
  tshirt: {
    front: [
      [
        'fabric',
        'M164,60C150,67 132,73 116,79L46,151L86,189L118,161L120,348Q200,356 280,348L282,161L314,189L354,151L284,79C268,73 250,67 236,60Q200,70 164,60Z',
      ],
      ['deep', 'M172,60Q200,94 228,60Q200,70 172,60Z'],
      ['fabric', 'M164,60Q200,106 236,60L228,60Q200,94 172,60Z'],
      ['shade', 'M282,161L280,348Q266,351 252,352Q262,250 258,176Z'],
      ['shade', 'M314,189L282,161L276,150Q292,172 320,183Z'],
      ['shade', 'M86,189L118,161L122,168Q104,182 92,194Z'],
      ['light', 'M124,170Q120,260 124,346Q140,349 152,350Q140,260 146,150Z'],
      ['fold', 'M124,178Q150,196 156,228M276,178Q252,196 246,226M152,330Q170,318 190,326'],
      ['seam', 'M116,79Q126,122 118,161M284,79Q274,122 282,161'],
      ['stitch', 'M52,145L91,182M348,145L309,182M121,339Q200,347 279,339'],
    ],
    back: [
      [
        'fabric',
        'M164,60C150,67 132,73 116,79L46,151L86,189L118,161L120,348Q200,356 280,348L282,161L314,189L354,151L284,79C268,73 250,67 236,60Q200,72 164,60Z',
      ],
      ['fabric', 'M164,60Q200,72 236,60L234,67Q200,80 166,67Z'],
      ['shade', 'M282,161L280,348Q266,351 252,352Q262,250 258,176Z'],
      ['shade', 'M314,189L282,161L276,150Q292,172 320,183Z'],
      ['shade', 'M86,189L118,161L122,168Q104,182 92,194Z'],
      ['light', 'M124,170Q120,260 124,346Q140,349 152,350Q140,260 146,150Z'],
      ['fold', 'M124,178Q150,196 156,228M276,178Q252,196 246,226M180,90Q200,100 222,92'],
      ['seam', 'M116,79Q126,122 118,161M284,79Q274,122 282,161'],
      ['stitch', 'M52,145L91,182M348,145L309,182M121,339Q200,347 279,339'],
    ],
  },
  hoodie: {
    front: [
      ['fabric', 'M128,92C114,42 156,8 200,8C244,8 286,42 272,92Z'],
      ['shade', 'M128,92C114,42 156,8 200,8C244,8 286,42 272,92Z'],
      ...SWEATSHIRT_BODY,
      ['fabric', 'M158,238L242,238L266,294L268,320L132,320L134,294Z'],
      ['shade', 'M158,238L134,294L142,294L165,244Z'],
      ['shade', 'M242,238L266,294L258,294L235,244Z'],
      ['stitch', 'M162,245L238,245M138,314L262,314'],
      [
        'fabric',
        'M156,86C150,38 176,20 200,20C224,20 250,38 244,86L200,128ZM172,78C170,48 184,34 200,34C216,34 230,48 228,78L200,116Z',
      ],
      ['deep', 'M172,78C170,48 184,34 200,34C216,34 230,48 228,78L200,116Z'],
      ['shade', 'M200,34C216,34 230,48 228,78L200,116L206,104L218,80C220,54 212,40 200,34Z'],
      ['seam', 'M200,116L200,128'],
      ['cord', 'M191,120Q187,150 185,182M209,120Q213,152 216,186'],
      ['metal', 'M182,180h7v14h-7zM213,184h7v14h-7z'],
      ['metal', 'M187,118a4,4 0 1,0 8,0a4,4 0 1,0 -8,0M205,118a4,4 0 1,0 8,0a4,4 0 1,0 -8,0'],
    ],
    back: [
      ...SWEATSHIRT_BODY,
      [
        'shade',
        'M138,70C132,140 160,192 200,196C240,192 268,140 262,70L268,76C272,150 242,202 200,204C158,202 128,150 132,76Z',
      ],
      ['fabric', 'M140,64C136,40 264,40 260,64C264,136 240,188 200,192C160,188 136,136 140,64Z'],
      ['light', 'M148,64C146,124 168,172 196,182L196,48C174,48 156,52 148,64Z'],
      ['shade', 'M204,48L204,182C232,172 254,124 252,64C246,54 226,48 204,48Z'],
      ['seam', 'M200,47L200,191'],
      ['stitch', 'M148,70C146,130 168,176 200,182C232,176 254,130 252,70'],
    ],
  },
  crewneck: {
    front: [
      ...SWEATSHIRT_BODY,
      ['deep', 'M174,58Q200,90 226,58Q200,68 174,58Z'],
      ['rib2', 'M162,58Q200,104 238,58L226,58Q200,90 174,58Z'],
      [
        'rib',
        'M166,62L177,61M170,66L179,64M173,70L182,66M177,73L184,68M181,75L187,70M185,77L190,71M189,79L192,73M192,80L195,73M196,81L197,74M200,81L200,74M204,81L203,74M208,80L205,73M211,79L208,73M215,77L210,71M219,75L213,70M223,73L216,68M227,70L218,66M230,66L221,64M234,62L223,61',
      ],
    ],
    back: [
      ...SWEATSHIRT_BODY,
      ['rib2', 'M162,58Q200,70 238,58L236,68Q200,81 164,68Z'],
      [
        'rib',
        'M166,59L168,69M170,60L171,70M173,61L175,71M177,62L178,72M181,62L182,73M185,63L186,73M189,63L189,74M192,64L193,74M196,64L196,74M200,64L200,74M204,64L204,74M208,64L207,74M211,63L211,74M215,63L214,73M219,62L218,73M223,62L222,72M227,61L225,71M230,60L229,70M234,59L232,69',
      ],
      ['fold', 'M182,94Q200,102 220,95'],
    ],
  },
  cap: {
    front: [
      ['fabric', 'M92,270C88,170 138,112 200,112C262,112 312,170 308,270Z'],
      ['shade', 'M200,112C240,134 264,200 266,270L308,270C312,170 262,112 200,112Z'],
      ['light', 'M200,112C160,134 136,200 134,270L92,270C88,170 138,112 200,112Z'],
      ['seam', 'M200,112C160,134 136,200 134,270M200,112C240,134 264,200 266,270'],
      ['stitch', 'M191,118C154,140 128,200 126,268M209,118C246,140 272,200 274,268'],
      ['metal', 'M150,152a4,3 0 1,0 8,0a4,3 0 1,0 -8,0M242,152a4,3 0 1,0 8,0a4,3 0 1,0 -8,0'],
      ['fabric', 'M190,114a10,7 0 1,1 20,0Z'],
      ['shade', 'M78,272C100,244 300,244 322,272L322,280C300,254 100,254 78,280Z'],
      ['fabric', 'M62,298C76,236 324,236 338,298C304,280 96,280 62,298Z'],
      ['light', 'M84,268C120,246 280,246 316,268C280,256 120,256 84,268Z'],
      [
        'shade',
        'M62,298C96,280 304,280 338,298C330,302 316,300 300,294C260,286 140,286 100,294C84,300 70,302 62,298Z',
      ],
      ['stitch', 'M76,282C100,252 300,252 324,282M88,272C120,250 280,250 312,272'],
    ],
    side: [
      ['fabric', 'M78,262C74,160 136,100 210,100C282,100 318,164 316,250Q200,266 78,262Z'],
      ['shade', 'M78,262C74,160 136,100 210,100C170,140 148,200 146,264Z'],
      ['light', 'M210,100C230,140 236,200 232,258Q280,256 316,250C318,164 282,100 210,100Z'],
      ['seam', 'M210,100C170,140 148,200 146,264M210,100C230,140 236,200 232,258'],
      ['stitch', 'M202,104C162,144 140,200 138,264M219,104C239,144 245,200 241,257'],
      ['metal', 'M176,142a4,3 0 1,0 8,0a4,3 0 1,0 -8,0'],
      ['deep', 'M82,263C86,244 100,234 118,238C128,244 132,254 132,264Z'],
      ['stitch', 'M82,253Q200,260 312,244'],
      [
        'fabric',
        'M150,264Q236,262 316,250C350,244 384,252 392,270C394,284 368,292 330,292C262,292 196,282 150,264Z',
      ],
      [
        'shade',
        'M392,270C394,284 368,292 330,292C262,292 196,282 150,264C210,276 290,284 340,282C366,280 384,276 392,270Z',
      ],
      ['light', 'M236,262Q280,258 316,252C344,248 370,252 382,262C350,256 300,262 240,268Z'],
      ['stitch', 'M176,270Q240,270 316,258C348,252 374,258 382,270'],
      ['fabric', 'M200,101a10,6 0 1,1 20,0Z'],
    ],
  },
  beanie: {
    front: [
      ['fabric', 'M104,276C100,166 146,92 200,92C254,92 300,166 296,276Z'],
      ['shade', 'M200,92C254,92 300,166 296,276L262,276C268,180 240,110 200,92Z'],
      ['light', 'M200,92C160,110 134,170 130,276L104,276C100,166 146,92 200,92Z'],
      [
        'rib',
        'M120,272Q108,160 200,96M136,272Q126,160 200,96M152,272Q145,160 200,96M168,272Q163,160 200,96M184,272Q182,160 200,96M200,272Q200,160 200,96M216,272Q218,160 200,96M232,272Q237,160 200,96M248,272Q255,160 200,96M264,272Q274,160 200,96M280,272Q292,160 200,96',
      ],
      ['shade', 'M98,268Q200,258 302,268L302,282Q200,272 98,282Z'],
      ['fabric', 'M96,268Q200,256 304,268Q308,300 306,330Q200,342 94,330Q92,300 96,268Z'],
      [
        'rib',
        'M103,267L101,331M110,267L108,331M117,266L115,332M124,265L122,333M131,265L129,333M138,264L136,334M145,264L143,334M151,263L151,335M158,263L158,335M165,263L165,335M172,262L172,336M179,262L179,336M186,262L186,336M193,262L193,336M200,262L200,336M207,262L207,336M214,262L214,336M221,262L221,336M228,262L228,336M235,263L235,335M242,263L242,335M249,263L249,335M255,264L257,334M262,264L264,334M269,265L271,333M276,265L278,333M283,266L285,332M290,267L292,331M297,267L299,331',
      ],
      ['shade', 'M304,268Q308,300 306,330Q290,332 276,334Q280,300 276,264Z'],
      ['light', 'M96,268Q92,300 94,330Q108,332 120,333Q116,300 120,266Z'],
    ],
  },
};

function resolveSide(product: MockupId, side: MockupSide): MockupSide {
  const sides = SIDES[product];
  return sides.includes(side) ? side : sides[0];
}

/** Relative luminance of a CSS hex colour; unknown formats count as light. */
function luminance(color: string): number {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const hex = m?.[1];
  if (hex === undefined) return 1;
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  const r = parseInt(full.slice(0, 2), 16) / 255;
  const g = parseInt(full.slice(2, 4), 16) / 255;
  const b = parseInt(full.slice(4, 6), 16) / 255;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const OUTLINE = 'rgba(0,0,0,.35)';
const SW = 2.5;

function renderLayer(layer: Layer, index: number, color: string, dark: boolean): JSX.Element {
  const [kind, d] = layer;
  const line = dark ? 'rgba(255,255,255,.28)' : 'rgba(0,0,0,.28)';
  const rib = dark ? 'rgba(255,255,255,.14)' : 'rgba(0,0,0,.13)';
  switch (kind) {
    case 'fabric':
      return <path key={index} d={d} fill={color} stroke={OUTLINE} strokeWidth={SW} strokeLinejoin="round" />;
    case 'rib2':
      return (
        <g key={index}>
          <path d={d} fill={color} stroke={OUTLINE} strokeWidth={SW} strokeLinejoin="round" />
          <path d={d} fill="rgba(0,0,0,.06)" />
        </g>
      );
    case 'deep':
      return (
        <path
          key={index}
          d={d}
          fill="rgba(0,0,0,.3)"
          stroke={OUTLINE}
          strokeWidth={SW}
          strokeLinejoin="round"
        />
      );
    case 'shade':
      return <path key={index} d={d} fill="rgba(0,0,0,.1)" />;
    case 'light':
      return <path key={index} d={d} fill="rgba(255,255,255,.18)" />;
    case 'fold':
      return (
        <path
          key={index}
          d={d}
          fill="none"
          stroke="rgba(0,0,0,.12)"
          strokeWidth={SW * 1.2}
          strokeLinecap="round"
        />
      );
    case 'seam':
      return (
        <path key={index} d={d} fill="none" stroke={line} strokeWidth={SW * 0.65} strokeLinecap="round" />
      );
    case 'stitch':
      return (
        <path key={index} d={d} fill="none" stroke={line} strokeWidth={SW * 0.5} strokeDasharray="4 3" />
      );
    case 'rib':
      return <path key={index} d={d} fill="none" stroke={rib} strokeWidth={SW * 0.5} />;
    case 'cord':
      return (
        <g key={index} fill="none" strokeLinecap="round">
          <path d={d} stroke={OUTLINE} strokeWidth={SW * 2.4} />
          <path d={d} stroke={color} strokeWidth={SW * 1.4} />
        </g>
      );
    case 'metal':
      return <path key={index} d={d} fill="#d5d9df" stroke={OUTLINE} strokeWidth={SW * 0.5} />;
  }
}

export function GarmentMockup(props: GarmentMockupProps): JSX.Element {
  const { mockup: product, color, className } = props;
  const side = resolveSide(product, props.side);
  const layers: readonly Layer[] = SHAPES[product][side] ?? [];
  const dark = luminance(color) < 0.4;
  const { locale } = useLocale();
  const label = customiserMessages[locale].mockupLabel({
    product: props.name,
    side,
  });
  return (
    <svg
      viewBox="0 0 400 400"
      role="img"
      aria-label={label}
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      {layers.map((layer, i) => renderLayer(layer, i, color, dark))}
    </svg>
  );
}
