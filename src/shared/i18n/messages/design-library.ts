import { defineMessages } from '@/shared/i18n/define';

/** The account's design library (issue 43): earlier orders' images and print files to use again. */
export const designLibraryMessages = defineMessages({
  sv: {
    heading: 'Mina motiv',
    intro:
      'Bilder och tryckfiler från dina tidigare beställningar. Använd dem på en ny produkt eller i en annan färg utan att ladda upp dem igen.',
    empty: 'Här hamnar bilderna och tryckfilerna från dina beställningar.',
    loadFailed: 'Motiven kunde inte hämtas just nu.',
    unnamed: 'Fil utan namn',
    lastUsed: (p: { date: string }) => `Senast använd ${p.date}`,
    usedIn: 'Använd i',
    imageKind: 'Bild',
    printFileKind: 'Tryckfil',
    useInNew: 'Använd i ny design',
    chooseProduct: 'Välj produkt',
    open: 'Öppna',
    cancel: 'Avbryt',
    placedHeading: 'Motivet är på plats',
    placedText: 'Flytta och skala det som du vill, välj färg och storlekar.',
    attachedHeading: 'Tryckfilen följer med beställningen',
    attachedText: 'Den ligger bland tryckfilerna i varukorgen, utan ny konverteringsavgift.',
    notFound: 'Motivet finns inte bland dina.',
    noPreview: 'Motivet kan inte visas som miniatyr.',
  },
  en: {
    heading: 'My designs',
    intro:
      'Images and print files from your earlier orders. Use them on a new product or in another colour without uploading them again.',
    empty: 'The images and print files of your orders will appear here.',
    loadFailed: 'Your designs could not be loaded just now.',
    unnamed: 'Unnamed file',
    lastUsed: (p: { date: string }) => `Last used ${p.date}`,
    usedIn: 'Used in',
    imageKind: 'Image',
    printFileKind: 'Print file',
    useInNew: 'Use in a new design',
    chooseProduct: 'Choose a product',
    open: 'Open',
    cancel: 'Cancel',
    placedHeading: 'Your design is in place',
    placedText: 'Move and scale it as you like, then choose the colour and sizes.',
    attachedHeading: 'The print file goes with your order',
    attachedText: 'It is with the print files in the cart, with no new conversion fee.',
    notFound: 'That design is not among yours.',
    noPreview: 'That design cannot be shown as a thumbnail.',
  },
});
