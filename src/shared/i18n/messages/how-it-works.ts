import { CONVERSION_FEE_KR, PAYMENT_DAYS } from '@/shared/terms';
import { defineMessages } from '@/shared/i18n/define';

export const howItWorksMessages = defineMessages({
  sv: {
    title: 'Så fungerar det',
    intro: 'Från idé till tryckta profilprodukter i fem steg.',
    step1Title: 'Lägg produkter i varukorgen',
    step1Text: 'Välj produkter och antal. Mängdpriset uppdateras när antalet växer.',
    step2Title: 'Fyll i dina uppgifter i kassan',
    step2Text: 'Ange kontakt-, leverans- och företagsuppgifter och lägg beställningen.',
    step3Title: 'Få en faktura',
    step3Text: `Du får direkt en faktura med ordernummer. Betala med banköverföring, ${PAYMENT_DAYS} dagar netto.`,
    step4Title: 'Ladda upp dina tryckfiler',
    step4Text:
      'Lägg till tryckfilerna i kassan eller ladda upp dem på beställningssidan (länken finns i orderbekräftelsen). Skriv extra information och önskemål om trycket där.',
    step5Title: 'Godkänn korrekturet',
    step5Text:
      'Vi skickar ett korrektur som visar hur trycket blir. Godkänn det eller be om ändringar på beställningssidan: vi trycker först när du har godkänt.',
    filesTitle: 'Om tryckfiler',
    filesText: `Tryckfiler ska vara vektorfiler (PDF, EPS, AI, SVG). För filer som inte är vektorer (JPG, PNG och andra rasterformat) tillkommer en avgift på ${CONVERSION_FEE_KR} kr för konvertering.`,
    browseProducts: 'Se produkterna',
  },
  en: {
    title: 'How It Works',
    intro: 'From idea to printed merchandise in five steps.',
    step1Title: 'Add products to your cart',
    step1Text: 'Choose products and quantities. The bulk price updates as your quantity grows.',
    step2Title: 'Fill in your details at checkout',
    step2Text: 'Enter your contact, delivery and company information and place the order.',
    step3Title: 'Receive an invoice',
    step3Text: `You get an invoice with an order number straight away. Pay by bank transfer, ${PAYMENT_DAYS} days net.`,
    step4Title: 'Upload your print files',
    step4Text:
      'Add the print files at checkout or upload them on your order page (the link is in the order confirmation). Write extra information and print preferences there.',
    step5Title: 'Approve the proof',
    step5Text:
      'We send a proof that shows how the print will look. Approve it or ask for changes on the order page: we print only once you have approved it.',
    filesTitle: 'About print files',
    filesText: `Print files should be vector files (PDF, EPS, AI, SVG). Non-vector files (JPG, PNG and other raster formats) incur an extra fee of ${CONVERSION_FEE_KR} kr for conversion.`,
    browseProducts: 'Browse Products',
  },
});
