import { CONVERSION_FEE_KR, quantityUnit } from '@/shared/terms';
import { MAX_IMAGE_MEGAPIXELS } from '@/shared/uploads';
import { printSideWords, type PrintMethod, type PrintSide } from '@/shared/print-options';
import { defineMessages } from '@/shared/i18n/define';

/** "trycket" / "DTG-trycket": a print method as the subject of a Swedish sentence (definite form). */
const methodDefiniteSv: Record<PrintMethod, string> = { dtg: 'DTG-trycket', screen: 'screentrycket' };
const methodEn: Record<PrintMethod, string> = { dtg: 'DTG print', screen: 'screen print' };
/** "på framsidan": a side after a preposition (definite form in Swedish); the words live in print-options.ts. */
const sideDefiniteSv = (side: PrintSide) => printSideWords.sv[side].definite;
const sideEn = (side: PrintSide) => printSideWords.en[side].definite;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The customiser (product pages with a mockup): prints, uploads, preview, quantity and price.
 * SPEC's English strings stay verbatim ('Add to cart', 'Added {n} pcs to cart', the vector-file
 * note of SPEC §1); numbers and sizes come in formatted (Swedish number format in both languages).
 */
export const customiserMessages = defineMessages({
  sv: {
    colour: 'Färg',
    yourPrints: 'Dina tryck',
    printsIntro:
      'Lägg till ett eller flera tryck. Varje tryckmetod kan användas på varje trycksida, ett tryck per sida; priset per styck gäller oavsett antal tryck.',
    dtgDescription: 'Digitaltryck i fullfärg: foton, toningar och detaljrika motiv.',
    screenDescription: 'Täckande, slitstarka färger: mest prisvärt för enkla logotyper i stora upplagor.',
    vectorNote: `Tryckfiler bör vara vektorfiler (PDF, EPS, AI, SVG). Filer som inte är vektor (JPG, PNG och andra rasterformat) kostar ${CONVERSION_FEE_KR} kr extra för konvertering.`,
    vectorNoteHow:
      'Bilden du laddar upp visar placeringen. Du kan använda den som tryckfil med ett klick, bifoga vektorfiler i varukorgen eller mejla dem efter beställningen med ordernumret som ämne.',
    // Upload control
    formats: `PNG, JPEG, WebP, GIF eller SVG (högst 20 MB och ${MAX_IMAGE_MEGAPIXELS} megapixlar) för förhandsvisningen. PDF, EPS eller AI (högst 50 MB) blir tryckfil.`,
    uploaded: (p: { size: string }) => `${p.size} · uppladdad`,
    imageAlt: (p: { method: string }) => `Bild för ${p.method}`,
    uploadLabel: (p: { method: string }) => `Ladda upp bild för ${p.method}`,
    replaceLabel: (p: { method: string }) => `Byt bild för ${p.method}`,
    uploadImage: 'Ladda upp bild',
    replace: 'Byt',
    uploading: 'Laddar upp …',
    uploadingStatus: (p: { method: string }) => `Laddar upp bild för ${p.method}`,
    remove: 'Ta bort',
    removeLabel: (p: { method: string }) => `Ta bort ${p.method}`,
    // A PDF, EPS or AI file: kept as a print file, but there is nothing to draw on the mockup.
    noPreview: (p: { name: string }) =>
      `${p.name} kan inte visas på plagget: PDF, EPS och AI går inte att förhandsvisa. Du kan ändå använda filen som tryckfil. Ladda gärna också upp en PNG, JPEG eller SVG av samma motiv för att se placeringen.`,
    noPreviewBadge: 'Ingen förhandsvisning',
    useFileAsPrintFile: 'Använd filen som tryckfil',
    vectorFileNote: 'PDF, EPS och AI är vektorfiler: ingen avgift.',
    // Placement
    printSide: 'Trycksida',
    onlySide: (p: { side: string }) => `${p.side} (produktens enda trycksida)`,
    printSize: 'Tryckstorlek',
    printWidth: (p: { cm: string }) => `cirka ${p.cm} cm brett`,
    largestSize: (p: { cm: string; percent: string }) =>
      `Största storlek som får plats på tryckytan: ${p.cm} cm brett (${p.percent})`,
    printOnSide: (p: { method: string; side: string }) => `${p.method} – ${p.side}`,
    anotherSide: (p: { method: string }) => `${p.method} på en annan sida`,
    vectorQuality: 'Vektor: skarpt i alla storlekar.',
    // Preview
    view: 'Visa',
    previewSide: 'Förhandsvisad sida',
    noPrintHere: (p: { side: PrintSide; methods: readonly PrintMethod[]; otherSide: PrintSide }) =>
      `Inget tryck på ${sideDefiniteSv(p.side)}. ${capitalise(p.methods.map((m) => methodDefiniteSv[m]).join(' och '))} finns på ${sideDefiniteSv(p.otherSide)}.`,
    uploadToSee: 'Ladda upp en bild nedan så ser du ditt tryck här.',
    dragHint:
      'Dra ett tryck för att placera det, eller markera det och flytta det med piltangenterna (Skift för större steg). Den streckade ramen visar den rekommenderade tryckytan.',
    printPosition: (p: { method: string; x: number; y: number }) =>
      `${p.method}: ${p.x} % från vänster, ${p.y} % uppifrån`,
    mockupLabel: (p: { product: string; side: PrintSide }) =>
      `${p.product} sedd ${printSideWords.sv[p.side].view}`,
    // Quantity and price
    quantityAndPrice: 'Antal och pris',
    quantityLabel: `Antal (${quantityUnit.sv})`,
    quantityHelp: (p: { min: string }) =>
      `Hela styck, minst ${p.min}. Ju fler du beställer, desto lägre styckpris.`,
    wholeNumber: 'Ange antalet som ett heltal, t.ex. 50. ',
    maximumOrder: (p: { n: string }) => `Största beställning är ${p.n} ${quantityUnit.sv}`,
    priceTiers: 'Prisnivåer',
    tierQuantity: (p: { n: string }) => `${p.n}+ ${quantityUnit.sv}`,
    tierPrice: (p: { price: string }) => `${p.price} / ${quantityUnit.sv}`,
    additionalInfo: 'Övrig information',
    additionalInfoPlaceholder: 'Tryckfärger, önskemål om placering …',
    addToCart: 'Lägg i varukorgen',
    added: (p: { n: string }) => `${p.n} ${quantityUnit.sv} har lagts i varukorgen`,
    waitForUpload: 'Vänta tills uppladdningen är klar innan du lägger i varukorgen.',
    noPrintYet: 'Inget tryck än? Du kan också mejla dina tryckfiler efter beställningen.',
  },
  en: {
    colour: 'Colour',
    yourPrints: 'Your prints',
    printsIntro:
      'Add one or more. Each print method can go on every print side, one print per side; the price per piece is the same however many prints.',
    dtgDescription: 'Digital full-colour print: photos, gradients and detailed artwork.',
    screenDescription: 'Solid, durable colours: the best value for simple logos in large runs.',
    vectorNote: `Print files should be vector (PDF, EPS, AI, SVG). Non-vector files (JPG, PNG, other raster) incur an extra fee of ${CONVERSION_FEE_KR} kr for conversion.`,
    vectorNoteHow:
      'Your upload shows the placement. Use it as the print file with one click, attach vector files in the cart, or email them after ordering with your order number as the subject.',
    formats: `PNG, JPEG, WebP, GIF or SVG (up to 20 MB and ${MAX_IMAGE_MEGAPIXELS} megapixels) for the preview. PDF, EPS or AI (up to 50 MB) become the print file.`,
    uploaded: (p: { size: string }) => `${p.size} · uploaded`,
    imageAlt: (p: { method: string }) => `${p.method} image`,
    uploadLabel: (p: { method: string }) => `Upload ${p.method} image`,
    replaceLabel: (p: { method: string }) => `Replace ${p.method} image`,
    uploadImage: 'Upload image',
    replace: 'Replace',
    uploading: 'Uploading…',
    uploadingStatus: (p: { method: string }) => `Uploading ${p.method} image`,
    remove: 'Remove',
    removeLabel: (p: { method: string }) => `Remove ${p.method}`,
    noPreview: (p: { name: string }) =>
      `${p.name} cannot be shown on the garment: PDF, EPS and AI files have no preview. You can still use the file as your print file. Upload a PNG, JPEG or SVG of the same design as well to see the placement.`,
    noPreviewBadge: 'No preview',
    useFileAsPrintFile: 'Use this file as the print file',
    vectorFileNote: 'PDF, EPS and AI are vector files: no fee.',
    printSide: 'Print side',
    onlySide: (p: { side: string }) => `${p.side} (the only print side of this product)`,
    printSize: 'Print size',
    printWidth: (p: { cm: string }) => `about ${p.cm} cm wide`,
    largestSize: (p: { cm: string; percent: string }) =>
      `Largest size that fits the print area: ${p.cm} cm wide (${p.percent})`,
    printOnSide: (p: { method: string; side: string }) => `${p.method} – ${p.side}`,
    anotherSide: (p: { method: string }) => `${p.method} on another side`,
    vectorQuality: 'Vector: sharp at any size.',
    view: 'View',
    previewSide: 'Preview side',
    noPrintHere: (p: { side: PrintSide; methods: readonly PrintMethod[]; otherSide: PrintSide }) =>
      `No print on the ${sideEn(p.side)}. Your ${p.methods.map((m) => methodEn[m]).join(' and ')} is on the ${sideEn(p.otherSide)}.`,
    uploadToSee: 'Upload an image below to see your print here.',
    dragHint:
      'Drag a print to place it, or select it and use the arrow keys (Shift for bigger steps). The dashed frame marks the recommended print area.',
    printPosition: (p: { method: string; x: number; y: number }) =>
      `${p.method}: ${p.x} % across, ${p.y} % down`,
    mockupLabel: (p: { product: string; side: PrintSide }) =>
      `${p.product} mockup, ${printSideWords.en[p.side].view} view`,
    quantityAndPrice: 'Quantity and price',
    quantityLabel: `Quantity (${quantityUnit.en})`,
    quantityHelp: (p: { min: string }) =>
      `Whole pieces, at least ${p.min}. The more you order, the lower the price per piece.`,
    wholeNumber: 'Enter the quantity as a whole number, e.g. 50. ',
    maximumOrder: (p: { n: string }) => `Maximum order is ${p.n} ${quantityUnit.en}`,
    priceTiers: 'Price tiers',
    tierQuantity: (p: { n: string }) => `${p.n}+ ${quantityUnit.en}`,
    tierPrice: (p: { price: string }) => `${p.price} / ${quantityUnit.en}`,
    additionalInfo: 'Additional information',
    additionalInfoPlaceholder: 'Print colours, placement wishes…',
    addToCart: 'Add to cart',
    added: (p: { n: string }) => `Added ${p.n} ${quantityUnit.en} to cart`,
    waitForUpload: 'Wait for the upload to finish before adding to the cart.',
    noPrintYet: 'No print yet? You can also email your print files after ordering.',
  },
});

/** Colour names of the swatches: one catalogue for the customiser, cart, confirmation, admin and invoice. */
export { colourMessages } from './colours';
