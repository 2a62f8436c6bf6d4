import { defineMessages } from '@/shared/i18n/define';

/** The facts section of a product page: headings and the size chart's labels. */
export const productFactsMessages = defineMessages({
  sv: {
    heading: 'Om produkten',
    material: 'Material',
    weight: 'Vikt',
    gsm: (p: { n: string }) => `${p.n} g/m²`,
    fit: 'Passform',
    print: 'Tryck',
    printWidth: 'Största tryckbredd',
    sizeChart: 'Storleksguide',
    sizeChartCaption: 'Mått i centimeter, uppmätta liggande plant. Avvikelser på ±2 cm förekommer.',
    size: 'Storlek',
    chest: 'Halva bröstvidden',
    length: 'Längd',
  },
  en: {
    heading: 'About the product',
    material: 'Material',
    weight: 'Weight',
    gsm: (p: { n: string }) => `${p.n} g/m²`,
    fit: 'Fit',
    print: 'Print',
    printWidth: 'Largest print width',
    sizeChart: 'Size chart',
    sizeChartCaption: 'Measurements in centimetres, taken laid flat. They may vary by ±2 cm.',
    size: 'Size',
    chest: 'Half chest width',
    length: 'Length',
  },
});
