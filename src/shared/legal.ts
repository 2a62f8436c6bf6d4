import type { Locale } from '@/shared/i18n/locale';
import { CONVERSION_FEE_KR, PAYMENT_DAYS, VAT_RATE_PERCENT } from '@/shared/terms';

/**
 * The shop's trust pages: terms of purchase (with the partner terms) and the privacy policy (with
 * what the browser stores). Written once per language here; the figures come from the shared terms,
 * so the pages say what the invoices and the checkout do. The seller's legal identity is added by
 * the page from the server's settings (see the footer).
 */
export interface LegalSection {
  /** Anchor: /terms#complaints, /privacy#storage. */
  id: string;
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const legalDocuments = ['terms', 'privacy'] as const;
export type LegalDocumentId = (typeof legalDocuments)[number];

export const legalPaths: Record<LegalDocumentId, string> = { terms: '/terms', privacy: '/privacy' };

const terms: Record<Locale, LegalDocument> = {
  sv: {
    title: 'Köpvillkor',
    intro:
      'De här villkoren gäller när du beställer tryckta profilprodukter i vår webbutik, som företag eller privatperson.',
    sections: [
      {
        id: 'prices',
        heading: 'Priser och moms',
        paragraphs: [
          `Priserna sätts i svenska kronor och inkluderar ${VAT_RATE_PERCENT} % moms; frakten ingår. Styckpriset sjunker med antalet enligt produktens prisnivåer; minsta antal står på varje produkt.`,
          'Priser i andra valutor är omräkningar till dagens kurs. Köpare utanför Sverige kan välja faktura i euro: beloppet räknas om en gång, när du beställer, till kursen som står på fakturan, och betalas till vårt eurokonto.',
          'Företag i ett annat EU-land med giltigt momsregistreringsnummer faktureras utan svensk moms (omvänd skattskyldighet). Leveranser utanför EU faktureras utan svensk moms.',
        ],
      },
      {
        id: 'order',
        heading: 'Beställning och korrektur',
        paragraphs: [
          'Beställningen är bindande när du har fått orderbekräftelsen med fakturanummer. Innan något trycks får du ett korrektur att godkänna eller be om ändringar i; ingenting går till produktion utan ditt godkännande.',
        ],
      },
      {
        id: 'payment',
        heading: 'Betalning',
        paragraphs: [
          `Du betalar mot faktura, ${PAYMENT_DAYS} dagar netto, med bankgiro eller banköverföring och fakturans OCR-nummer. Vid sen betalning tar vi ut dröjsmålsränta enligt räntelagen.`,
        ],
      },
      {
        id: 'print-files',
        heading: 'Tryckfiler',
        paragraphs: [
          'Du ansvarar för att du har rätt att använda det du ber oss trycka (logotyper, bilder, texter) och för innehållet i dina filer.',
          `Vektorfiler (PDF, SVG, EPS, AI) ger bäst resultat. En rasterfil (PNG, JPEG, TIFF, WebP) konverteras till tryck för ${CONVERSION_FEE_KR} kr per fil; avgiften syns i varukorgen och på fakturan. Vi varnar när en bild har för låg upplösning för den valda storleken.`,
        ],
      },
      {
        id: 'delivery',
        heading: 'Leverans',
        paragraphs: [
          'Frakten ingår i priset, till alla länder vi levererar till. Leveransdatumen i butiken är uppskattningar räknade från godkänt korrektur: produktionstid i arbetsdagar plus frakt, utan helgdagar. Vi skickar till leveransadressen i beställningen och meddelar spårningsnummer när varorna har skickats.',
        ],
      },
      {
        id: 'complaints',
        heading: 'Reklamation',
        paragraphs: [
          'Kontrollera varorna när de kommer och meddela fel så snart du kan, gärna med bilder. Tryckfel som vi har orsakat trycker vi om eller krediterar. Små färgavvikelser mellan skärm och tryck, och mellan material, är normala.',
          // Konsumentköplagen (2022:260) 5 kap. 4 §: a consumer's complaint within two months of
          // noticing the fault is always in time, and the right lasts three years (5 kap. 5 §).
          'Köper du som privatperson gäller konsumentköplagen: en reklamation inom två månader från att du märkte felet är alltid i tid, och du kan reklamera i upp till tre år efter leveransen. Företag reklamerar inom skälig tid enligt köplagen.',
        ],
      },
      {
        id: 'cancellation',
        heading: 'Ångerrätt och avbokning',
        paragraphs: [
          'Varor som tillverkas efter dina anvisningar omfattas inte av ångerrätten (lagen om distansavtal, 2 kap. 11 § 3). Du kan avboka kostnadsfritt tills du har godkänt korrekturet.',
        ],
      },
      {
        id: 'partner',
        heading: 'Villkor för partner',
        paragraphs: [
          'Den som ansöker om att bli partner (återförsäljare, byrå eller förening) får besked efter en bedömning. Ersättning och priser regleras i ett skriftligt avtal; en partner kan inte ingå avtal i butikens namn. Uppgifterna i ansökan sparas enligt integritetspolicyn.',
        ],
      },
    ],
  },
  en: {
    title: 'Terms of purchase',
    intro:
      'These terms apply when you order custom-printed merchandise in our web shop, as a company or a private person.',
    sections: [
      {
        id: 'prices',
        heading: 'Prices and VAT',
        paragraphs: [
          `Prices are set in Swedish kronor and include ${VAT_RATE_PERCENT} % VAT; shipping is included. The unit price falls with the quantity along the product's price tiers; each product states its minimum quantity.`,
          "Prices in other currencies are conversions at today's rate. Buyers outside Sweden can choose an invoice in euros: the amount is converted once, when you order, at the rate stated on the invoice, and paid to our euro account.",
          'Companies in another EU country with a valid VAT number are invoiced without Swedish VAT (reverse charge). Deliveries outside the EU are invoiced without Swedish VAT.',
        ],
      },
      {
        id: 'order',
        heading: 'Ordering and proofs',
        paragraphs: [
          'Your order is binding once you have received the order confirmation with its invoice number. Before anything is printed you get a proof to approve or ask changes to; nothing goes into production without your approval.',
        ],
      },
      {
        id: 'payment',
        heading: 'Payment',
        paragraphs: [
          `You pay by invoice, ${PAYMENT_DAYS} days net, by bankgiro or bank transfer with the invoice's OCR reference. Late payments bear interest under the Swedish Interest Act.`,
        ],
      },
      {
        id: 'print-files',
        heading: 'Print files',
        paragraphs: [
          'You are responsible for having the right to use what you ask us to print (logos, images, texts) and for the content of your files.',
          `Vector files (PDF, SVG, EPS, AI) give the best result. A raster file (PNG, JPEG, TIFF, WebP) is converted for print at ${CONVERSION_FEE_KR} kr per file; the fee shows in the cart and on the invoice. We warn you when an image's resolution is too low for the chosen size.`,
        ],
      },
      {
        id: 'delivery',
        heading: 'Delivery',
        paragraphs: [
          "Shipping is included in the price, to every country we deliver to. Delivery dates in the shop are estimates counted from proof approval: production time in working days plus shipping, public holidays excluded. We ship to the order's delivery address and send the tracking number once the goods are on their way.",
        ],
      },
      {
        id: 'complaints',
        heading: 'Complaints',
        paragraphs: [
          'Check the goods on arrival and report defects as soon as you can, preferably with photos. Misprints we caused are reprinted or credited. Small colour differences between screen and print, and between materials, are normal.',
          'If you buy as a private person, the Swedish Consumer Sales Act applies: a complaint within two months of noticing the defect is always in time, and you can complain for up to three years after delivery. Companies complain within a reasonable time under the Sale of Goods Act.',
        ],
      },
      {
        id: 'cancellation',
        heading: 'Right of withdrawal and cancellation',
        paragraphs: [
          'Goods made to your specifications are exempt from the right of withdrawal (Swedish Distance Contracts Act, chapter 2, section 11, point 3). You can cancel free of charge until you have approved the proof.',
        ],
      },
      {
        id: 'partner',
        heading: 'Partner terms',
        paragraphs: [
          "Applications to become a partner (reseller, agency or club) are answered after a review. Commission and prices are set in a written agreement; a partner cannot enter into agreements in the shop's name. The application's details are kept as the privacy policy says.",
        ],
      },
    ],
  },
};

const privacy: Record<Locale, LegalDocument> = {
  sv: {
    title: 'Integritetspolicy',
    intro:
      'Så här hanterar vi personuppgifter när du handlar, ansöker om att bli partner eller bara besöker butiken. Säljaren i sidfoten är personuppgiftsansvarig.',
    sections: [
      {
        id: 'what',
        heading: 'Vad vi sparar',
        paragraphs: [
          'Vid beställning: namn, e-post, telefon, adresser, land, företagsnamn och organisationsnummer eller – för privatpersoner – personnummer, momsregistreringsnummer och er referens, beställda varor, tryckfiler, korrektur och de e-postmeddelanden vi skickar om ordern.',
          'Vid partneransökan: uppgifterna i formuläret. Serverns loggar innehåller inga kunduppgifter och inga länkar till ordersidor.',
        ],
      },
      {
        id: 'why',
        heading: 'Varför',
        paragraphs: [
          'För att fullgöra köpet (GDPR art. 6.1 b): tillverka, leverera och fakturera. Personnumret behövs för att fakturera en privatperson. Bokföringsunderlag sparar vi för att lagen kräver det (art. 6.1 c).',
        ],
      },
      {
        id: 'how-long',
        heading: 'Hur länge',
        paragraphs: [
          'Order och fakturor: sju år enligt bokföringslagen. Tryckfiler och korrektur: tolv månader efter leverans. Bilder som aldrig kopplas till en order raderas efter 24 timmar. Partneransökningar: 24 månader.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Vem som får uppgifterna',
        paragraphs: [
          'Fraktbolaget får namn, adress och telefon för leveransen och vår e-postleverantör skickar meddelandena. Vi säljer aldrig uppgifter och använder dem inte för reklam.',
        ],
      },
      {
        id: 'rights',
        heading: 'Dina rättigheter',
        paragraphs: [
          'Du kan begära utdrag, rättelse, radering (utom det bokföringslagen kräver), begränsning och invända mot behandlingen. Skriv till e-postadressen i sidfoten. Under Mitt konto kan du själv ladda ner dina uppgifter (beställningar, offerter, adresser och meddelanden) som en fil och begära radering; vi mejlar dig när raderingen är gjord. Fakturor och uppgifterna på dem sparar vi så länge bokföringslagen kräver. Du kan också klaga hos Integritetsskyddsmyndigheten (IMY).',
        ],
      },
      {
        id: 'storage',
        heading: 'Kakor och lagring i webbläsaren',
        paragraphs: [
          'Vi använder inga spårningskakor och ingen analys. Webbläsarens lokala lagring håller din varukorg, vald valuta, att du har besökt butiken (så att valutafrågan bara visas en gång) och en referens till din senaste order så att bekräftelsesidan fungerar efter omladdning.',
          'Kakan "lang" kommer ihåg valt språk. Loggar du in på Mitt konto får du en inloggningskaka (httpOnly) som gäller i 30 dagar eller tills du loggar ut, och bredvid den kakan "account_signed_in", som bara säger att du är inloggad så att sidan Mitt konto inte behöver fråga servern när du inte är det. Admin får en inloggningskaka (httpOnly) som bara gäller administrationen.',
        ],
      },
    ],
  },
  en: {
    title: 'Privacy policy',
    intro:
      'How we handle personal data when you order, apply to become a partner or just visit the shop. The seller named in the footer is the data controller.',
    sections: [
      {
        id: 'what',
        heading: 'What we store',
        paragraphs: [
          'When you order: name, email, phone, addresses, country, company name and organisation number or – for private persons – the personal identity number (personnummer), VAT number and your reference, the goods ordered, print files, proofs and the emails we send about the order.',
          "When you apply as a partner: the form's details. The server's logs hold no customer data and no links to order pages.",
        ],
      },
      {
        id: 'why',
        heading: 'Why',
        paragraphs: [
          'To perform the purchase (GDPR art. 6(1)(b)): make, deliver and invoice it. The personnummer is needed to invoice a private person. Accounting records are kept because the law requires it (art. 6(1)(c)).',
        ],
      },
      {
        id: 'how-long',
        heading: 'How long',
        paragraphs: [
          'Orders and invoices: seven years under the Swedish Bookkeeping Act. Print files and proofs: twelve months after delivery. Images never attached to an order are deleted after 24 hours. Partner applications: 24 months.',
        ],
      },
      {
        id: 'sharing',
        heading: 'Who receives it',
        paragraphs: [
          'The carrier receives name, address and phone for the delivery, and our email provider sends the messages. We never sell data and do not use it for advertising.',
        ],
      },
      {
        id: 'rights',
        heading: 'Your rights',
        paragraphs: [
          'You can ask for a copy, correction, erasure (except what the Bookkeeping Act requires us to keep), restriction, and object to the processing. Write to the email address in the footer. Under My account you can download your data yourself (orders, quotes, addresses and messages) as a file and ask for erasure; we email you when it is done. Invoices and the details on them are kept as long as the Bookkeeping Act requires. You can also complain to the Swedish Authority for Privacy Protection (IMY).',
        ],
      },
      {
        id: 'storage',
        heading: 'Cookies and browser storage',
        paragraphs: [
          "We use no tracking cookies and no analytics. The browser's local storage holds your cart, the chosen currency, that you have visited (so the currency question appears only once) and a reference to your latest order so the confirmation page survives a reload.",
          'The "lang" cookie remembers the chosen language. Signing in to My account sets a login cookie (httpOnly) that lasts 30 days or until you sign out, and beside it the cookie "account_signed_in", which only says that you are signed in, so the My account page need not ask the server when you are not. The admin gets a login cookie (httpOnly) that applies to the administration only.',
        ],
      },
    ],
  },
};

export function legalDocument(id: LegalDocumentId, locale: Locale): LegalDocument {
  return (id === 'terms' ? terms : privacy)[locale];
}
