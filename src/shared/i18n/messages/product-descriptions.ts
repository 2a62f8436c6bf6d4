import type { Locale } from '@/shared/i18n/locale';
import { defineMessages } from '@/shared/i18n/define';

/** Product descriptions by product id. */
export const productDescriptionMessages = defineMessages({
  sv: {
    kuponghäfte:
      'Tryckta kuponghäften med dina egna erbjudanden, numrerade och perforerade så att de är lätta att riva av.',
    klistermärken: 'Tåliga vinylklistermärken med din logotyp, konturskurna och väderbeständiga.',
    tejp: 'Packtejp tryckt med ditt varumärke, så att varje paket bär ditt namn.',
    'halsduk-silke': 'Mjuka sidenhalsdukar tryckta kant i kant med ditt mönster.',
    'halsduk-stickad': 'Varma stickade halsdukar i dina färger – klassikern för supportrar och lag.',
    'tshirt-bomull': 'Mjuk t-shirt i bomull. Designa den själv: välj färg och placera ditt tryck.',
    'tshirt-polyester': 'Lätt och snabbtorkande t-shirt i polyester för sport och event.',
    tracktop: 'Retro track top med hel dragkedja, tryckt med klubbens eller företagets logotyp.',
    hoodie: 'Kraftig hoodie med känguruficka. Designa den själv: färg, tryck och placering.',
    crewneck: 'Klassisk college-tröja. Designa den själv: färg, tryck och placering.',
    zip: 'Tröja med hel dragkedja, tryck på bröstet eller ryggen.',
    'baseball-keps': 'Baseballkeps med sex paneler. Designa den själv: tryck fram eller på sidan.',
    'urvattad-keps': 'Urtvättad keps i bomull med sliten look och broderad eller tryckt logotyp.',
    'keps-med-nat': 'Keps med nät baktill och tryckt frontpanel.',
    mossa: 'Stickad mössa med uppvikt kant. Designa den själv: tryck fram.',
    fiskehatt: 'Fiskehatt med tryck runt om, för festivaler, lag och sommarevent.',
    becknarväska: 'Midjeväska med justerbar rem och ditt tryck på framsidan.',
  },
  en: {
    kuponghäfte: 'Printed coupon booklets with your own offers, numbered and perforated for easy tear-off.',
    klistermärken: 'Durable vinyl stickers with your logo, cut to shape and weatherproof.',
    tejp: 'Packing tape printed with your brand, so every parcel carries your name.',
    'halsduk-silke': 'Soft silk scarves printed edge to edge with your pattern.',
    'halsduk-stickad': 'Warm knitted scarves in your colours, the classic for supporters and teams.',
    'tshirt-bomull': 'Soft cotton t-shirt. Design it yourself: pick a colour and place your print.',
    'tshirt-polyester': 'Lightweight, quick-drying polyester t-shirt for sport and events.',
    tracktop: 'Retro track top with full zip, printed with your club or company logo.',
    hoodie: 'Heavy hoodie with kangaroo pocket. Design it yourself: colour, print and placement.',
    crewneck: 'Classic crewneck sweatshirt. Design it yourself: colour, print and placement.',
    zip: 'Zip sweater with full-length zip, printed on chest or back.',
    'baseball-keps': 'Six-panel baseball cap. Design it yourself: print on the front or the side.',
    'urvattad-keps': 'Washed cotton cap with a worn-in look and embroidered or printed logo.',
    'keps-med-nat': 'Trucker cap with mesh back and a printed front panel.',
    mossa: 'Knitted beanie with fold-up cuff. Design it yourself: print on the front.',
    fiskehatt: 'Bucket hat printed all around, for festivals, teams and summer events.',
    becknarväska: 'Fanny pack with adjustable strap and your print on the front.',
  },
});

export function productDescription(
  locale: Locale,
  product: { id: string; description: string; descriptions?: Readonly<Record<Locale, string>> | undefined },
): string {
  const texts: Readonly<Record<string, string>> = productDescriptionMessages[locale];
  return product.descriptions?.[locale] ?? texts[product.id] ?? product.description;
}
