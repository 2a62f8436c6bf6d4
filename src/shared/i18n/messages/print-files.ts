import { defineMessages, plural } from '@/shared/i18n/define';

/**
 * Print files: the upload endpoint's answers, the conversion fee, the cart's attach control, the
 * customiser's "use as print file", the print-quality check, the confirmation and the admin list.
 * Sizes, money and dpi come in formatted (Swedish number format in both languages).
 */
export const printFileMessages = defineMessages({
  sv: {
    noFile: 'Ingen fil kom fram. Välj en tryckfil (PDF, SVG, EPS, AI, PNG, JPEG, TIFF eller WebP).',
    empty: 'Filen är tom. Välj en tryckfil (PDF, SVG, EPS, AI, PNG, JPEG, TIFF eller WebP).',
    tooLarge: 'Filen är för stor. En tryckfil får vara högst 50 MB.',
    notPrintFile:
      'Det här är ingen tryckfil vi kan använda. Ladda upp PDF, SVG, EPS eller AI (vektor) eller PNG, JPEG, TIFF eller WebP (raster).',
    unknownFile: 'En tryckfil hittades inte. Ladda upp den igen.',
    tooMany: (p: { max: number }) => `Högst ${p.max} tryckfiler per beställning`,
    conversionFee: 'Konvertering av tryckfil som inte är vektor',
    heading: 'Tryckfiler',
    intro: (p: { fee: string; vat: string }) =>
      `Bifoga dina tryckfiler till beställningen. Vektorfiler (PDF, SVG, EPS, AI) trycks som de är. Rasterfiler (PNG, JPEG, TIFF, WebP) konverteras mot en avgift på ${p.fee} per fil, ${p.vat}.`,
    feeVatIncluded: 'moms ingår',
    feeNoSwedishVat: 'ingen svensk moms',
    feeBuyerCountryVat: 'moms i ditt land ingår',
    add: 'Lägg till tryckfil',
    uploading: (p: { name: string }) => `Laddar upp ${p.name} …`,
    uploaded: (p: { name: string }) => `${p.name} är bifogad`,
    vector: 'Vektor',
    raster: 'Raster',
    feeBadge: (p: { fee: string }) => `+ ${p.fee} konvertering`,
    remove: 'Ta bort',
    removeLabel: (p: { name: string }) => `Ta bort tryckfilen ${p.name}`,
    pixels: (p: { width: string; height: string }) => `${p.width} × ${p.height} px`,
    quality: (p: { dpi: string; cm: string }) => `${p.dpi} dpi vid ${p.cm} cm bredd`,
    blurry: 'kommer att se suddig ut i den här storleken',
    feeSummary: (p: { n: number; fee: string }) =>
      plural('sv', p.n, {
        one: `# rasterfil: ${p.fee} för konvertering`,
        other: `# rasterfiler: ${p.fee} för konvertering`,
      }),
    emailLater: (p: { email: string }) =>
      `Har du inte filerna nu? Ladda upp dem senare på beställningens sida, eller mejla dem till ${p.email} med ordernumret som ämne.`,
    received: 'Tryckfiler vi redan har',
    noneReceived: 'Vi har inga tryckfiler till den här beställningen än.',
    useAsPrintFile: 'Använd den här bilden som tryckfil',
    usedAsPrintFile: 'Bilden används som tryckfil',
    useVectorNote: 'SVG är en vektorfil: ingen avgift.',
    useRasterNote: (p: { fee: string }) =>
      `Bilden är en rasterbild: som tryckfil kostar den ${p.fee} i konvertering. En vektorfil (SVG, PDF, EPS, AI) kostar inget extra.`,
    download: 'Ladda ner',
    downloadLabel: (p: { name: string }) => `Ladda ner ${p.name}`,
    unnamed: 'namnlös fil',
    /** How emails name a print file: the shop's own words, never the sender's file name. */
    label: (p: { n: number; type: string }) => `tryckfil ${p.n} (${p.type})`,
  },
  en: {
    noFile: 'No file arrived. Choose a print file (PDF, SVG, EPS, AI, PNG, JPEG, TIFF or WebP).',
    empty: 'The file is empty. Choose a print file (PDF, SVG, EPS, AI, PNG, JPEG, TIFF or WebP).',
    tooLarge: 'The file is too large. A print file can be at most 50 MB.',
    notPrintFile:
      'This is not a print file we can use. Upload PDF, SVG, EPS or AI (vector) or PNG, JPEG, TIFF or WebP (raster).',
    unknownFile: 'A print file was not found. Please upload it again.',
    tooMany: (p: { max: number }) => `At most ${p.max} print files per order`,
    conversionFee: 'Conversion of non-vector print file',
    heading: 'Print files',
    intro: (p: { fee: string; vat: string }) =>
      `Attach your print files to the order. Vector files (PDF, SVG, EPS, AI) print as they are. Raster files (PNG, JPEG, TIFF, WebP) are converted for a fee of ${p.fee} per file, ${p.vat}.`,
    feeVatIncluded: 'VAT included',
    feeNoSwedishVat: 'no Swedish VAT',
    feeBuyerCountryVat: 'your country’s VAT included',
    add: 'Add print file',
    uploading: (p: { name: string }) => `Uploading ${p.name} …`,
    uploaded: (p: { name: string }) => `${p.name} is attached`,
    vector: 'Vector',
    raster: 'Raster',
    feeBadge: (p: { fee: string }) => `+ ${p.fee} conversion`,
    remove: 'Remove',
    removeLabel: (p: { name: string }) => `Remove print file ${p.name}`,
    pixels: (p: { width: string; height: string }) => `${p.width} × ${p.height} px`,
    quality: (p: { dpi: string; cm: string }) => `${p.dpi} dpi at ${p.cm} cm wide`,
    blurry: 'will look blurry at this size',
    feeSummary: (p: { n: number; fee: string }) =>
      plural('en', p.n, {
        one: `# raster file: ${p.fee} for conversion`,
        other: `# raster files: ${p.fee} for conversion`,
      }),
    emailLater: (p: { email: string }) =>
      `Not ready yet? Upload files later on your order's page, or email them to ${p.email} with your order number as the subject.`,
    received: 'Print files we already have',
    noneReceived: 'We have no print files for this order yet.',
    useAsPrintFile: 'Use this image as the print file',
    usedAsPrintFile: 'This image is the print file',
    useVectorNote: 'SVG is a vector file: no fee.',
    useRasterNote: (p: { fee: string }) =>
      `This image is a raster image: as the print file it costs ${p.fee} for conversion. A vector file (SVG, PDF, EPS, AI) costs nothing extra.`,
    download: 'Download',
    downloadLabel: (p: { name: string }) => `Download ${p.name}`,
    unnamed: 'unnamed file',
    label: (p: { n: number; type: string }) => `print file ${p.n} (${p.type})`,
  },
});
