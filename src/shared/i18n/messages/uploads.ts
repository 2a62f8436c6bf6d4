import { defineMessages } from '@/shared/i18n/define';

/**
 * Customiser image uploads (POST /api/uploads): what the server answers and what the browser says
 * before sending. The same words on both sides, so a refusal reads the same wherever it comes from.
 */
export const uploadMessages = defineMessages({
  sv: {
    tooLarge: 'Filen är för stor. En bild får vara högst 20 MB.',
    noFile: 'Ingen fil kom fram. Välj en bild (PNG, JPEG, WebP, GIF eller SVG).',
    empty: 'Filen är tom. Välj en bild (PNG, JPEG, WebP, GIF eller SVG).',
    notImage:
      'Det här är ingen bild vi kan trycka från. Ladda upp en PNG, JPEG, WebP, GIF eller SVG – eller en tryckfil i PDF, EPS eller AI.',
    noPreviewHere:
      'PDF, EPS och AI kan inte visas på förhandsvisningen. Välj filen igen med dess rätta filändelse (.pdf, .eps eller .ai) så blir den din tryckfil, eller ladda upp en PNG, JPEG eller SVG för att se placeringen.',
    svgMalformed:
      'SVG-filen gick inte att läsa: den är inte korrekt XML. Exportera den på nytt från ditt ritprogram och försök igen.',
    svgEntities:
      'SVG-filen innehåller egna entitetsdeklarationer som vi inte tar emot. Exportera den på nytt som SVG 1.1 utan DTD och försök igen.',
    svgEncoding: 'SVG-filen måste vara sparad som UTF-8. Exportera den på nytt och försök igen.',
    svgNotSvg: 'Filen är ingen SVG-bild. Ladda upp en PNG, JPEG, WebP, GIF eller SVG.',
    tooManyPixels: (p: { width: string; height: string; max: string }) =>
      `Bilden är för stor: ${p.width} × ${p.height} px. En bild får ha högst ${p.max} megapixlar, vilket räcker till den största tryckytan i 300 dpi. Spara den i mindre storlek och försök igen.`,
    sizeUnreadable:
      'Bildens storlek går inte att läsa ur filen. Spara bilden på nytt som PNG eller JPEG och försök igen.',
    unreadable: 'Uppladdningen gick inte att läsa. Försök igen.',
    connection: 'Uppladdningen misslyckades. Kontrollera din uppkoppling och försök igen.',
  },
  en: {
    tooLarge: 'The file is too large. Images can be at most 20 MB.',
    noFile: 'No file was uploaded. Choose an image (PNG, JPEG, WebP, GIF or SVG).',
    empty: 'The file is empty. Choose an image (PNG, JPEG, WebP, GIF or SVG).',
    notImage:
      'This file is not an image we can print from. Upload a PNG, JPEG, WebP, GIF or SVG image, or a PDF, EPS or AI print file.',
    noPreviewHere:
      'PDF, EPS and AI files cannot be shown on the preview. Choose the file again with its real extension (.pdf, .eps or .ai) to make it your print file, or upload a PNG, JPEG or SVG to see the placement.',
    svgMalformed:
      'The SVG file could not be read: it is not valid XML. Export it again from your drawing program and try again.',
    svgEntities:
      'The SVG file declares entities of its own, which we do not accept. Export it again as SVG 1.1 without a DTD and try again.',
    svgEncoding: 'The SVG file must be saved as UTF-8. Export it again and try again.',
    svgNotSvg: 'This file is not an SVG image. Upload a PNG, JPEG, WebP, GIF or SVG.',
    tooManyPixels: (p: { width: string; height: string; max: string }) =>
      `The image is too large: ${p.width} × ${p.height} px. Images can have at most ${p.max} megapixels, enough for the largest print area at 300 dpi. Save it smaller and try again.`,
    sizeUnreadable:
      "The image's size cannot be read from the file. Save the image again as PNG or JPEG and try again.",
    unreadable: 'The upload could not be read. Please try again.',
    connection: 'The upload failed. Check your connection and try again.',
  },
});
