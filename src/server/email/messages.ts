import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '@/server/config';
import { greetingName } from './greeting';
import type { EmailKind } from '@/server/db/outbox-schema';
import { formatSplit } from '@/shared/sizes';
import { describeOptions } from '@/shared/i18n/messages/product-options';
import { CONVERSION_FEE_KR } from '@/shared/terms';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { formatFileSize, type OrderPrintFile } from '@/shared/print-files';
import {
  formatInvoiceDate,
  formatKr,
  invoiceForOrder,
  type InvoiceOrder,
  invoicePdfFileName,
  invoiceTexts,
  renderInvoicePdfShared,
} from '@/server/invoicing';

/**
 * The two emails of an order: confirmation with the PDF invoice to the buyer, notice to the shop.
 * A PDF rather than an HTML attachment: corporate mail filters quarantine HTML files, and an
 * accountant files PDFs.
 */
export async function buildMessage(
  kind: EmailKind,
  order: InvoiceOrder,
  config: Config,
  /** The buyer's link to the order page (buyer emails). */
  orderPageUrl?: string,
  printFiles: readonly OrderPrintFile[] = [],
): Promise<Mail.Options> {
  const invoice = invoiceForOrder(order, config.seller);
  const attachment = {
    filename: invoicePdfFileName(invoice),
    content: await renderInvoicePdfShared(invoice),
    contentType: 'application/pdf',
  };
  const total = formatKr(invoice.total);
  const t = invoiceTexts[invoice.language];
  /** One line per order line, the size split under it: "- 120 × Hoodie: 11 520,00 kr / Sizes: 20 S, 50 M". */
  const orderLines = (sizesLabel: string, customised: string, language: 'sv' | 'en') =>
    order.items.flatMap((l, i) => [
      // Reverse charge and export: the amounts the buyer pays, without VAT.
      `- ${l.quantity} × ${l.fee ? printFileMessages[language].conversionFee : l.name}${l.printFileName ? ` (${l.printFileName})` : ''}${l.customisation ? ` (${customised})` : ''}: ${formatKr(
        invoice.vatTreatment === 'domestic' ? l.lineTotal : (invoice.lines[i]?.lineNet ?? l.lineTotal),
      )}`,
      ...(l.sizes ? [`  ${sizesLabel}: ${formatSplit(l.sizes)}`] : []),
      ...(l.options ? [`  ${describeOptions(language, l.options)}`] : []),
    ]);
  if (kind === 'shop_notice') {
    const lines = orderLines('Sizes', 'customised', 'en');
    const files = printFiles.map(
      (f) =>
        `- ${f.name || '(unnamed)'}: ${f.kind}, ${formatFileSize(f.bytes)}${f.width && f.height ? `, ${f.width} × ${f.height} px` : ''}${
          f.quality
            ? `, ${f.quality.dpi} dpi at ${f.quality.widthCm} cm${f.quality.blurry ? ' (low)' : ''}`
            : ''
        }`,
    );
    return {
      from: config.mailFrom,
      to: config.shopEmail,
      replyTo: order.customerEmail,
      subject: `New order ${order.orderNumber}`,
      text: [
        `New order ${order.orderNumber}, ${total} (${vatSummary[invoice.vatTreatment]}).`,
        '',
        `Customer: ${order.customerName}${order.customerOrganization ? `, ${order.customerOrganization}` : ''}`,
        `Email: ${order.customerEmail}`,
        `Phone: ${order.customerPhone}`,
        `Delivery: ${order.deliveryAddress} (${order.countryCode})`,
        '',
        ...lines,
        '',
        printFiles.length > 0
          ? `Print files with the order (${printFiles.length}), download them from the admin order page:`
          : 'No print files came with the order: the buyer is asked to email them.',
        ...files,
      ].join('\n'),
      attachments: [attachment],
    };
  }
  const sv = invoice.language === 'sv';
  /** The files the shop already has, so the buyer emails only what is missing. */
  const receivedFiles = (language: 'sv' | 'en') =>
    printFiles.length === 0
      ? []
      : [
          `${printFileMessages[language].received}:`,
          ...printFiles.map(
            (f) =>
              `- ${f.name || printFileMessages[language].unnamed} (${printFileMessages[language][f.kind]})`,
          ),
          '',
        ];
  const due = formatInvoiceDate(invoice.dueDate, invoice.language);
  const abroad = invoice.buyer.countryCode !== 'SE';
  const vatNote =
    invoice.vatTreatment === 'reverse_charge'
      ? t.reverseCharge
      : invoice.vatTreatment === 'export'
        ? t.export
        : '';
  const name = greetingName(order.customerName);
  const text = sv
    ? [
        name ? `Hej ${name}!` : 'Hej!',
        '',
        `Tack för din beställning. Fakturan ${order.orderNumber} finns bifogad som PDF.`,
        ...(orderPageUrl
          ? ['', `Följ din beställning (status, korrektur, fakturor): ${orderPageUrl}`, '']
          : []),
        `Att betala: ${total} senast ${due} till bankgiro ${config.seller.bankgiro} med OCR-nummer ${invoice.ocr}.`,
        `(Bankkonto ${config.seller.bankAccount}; ange OCR-numret ${invoice.ocr} som referens.)`,
        '',
        'Din beställning:',
        ...orderLines('Storlekar', 'eget tryck', 'sv'),
        '',
        ...receivedFiles('sv'),
        `Skicka dina tryckfiler till ${config.seller.email} med ${order.orderNumber} som ämne. Vektorformat (PDF, EPS, AI, SVG) rekommenderas; rasterfiler konverteras mot en avgift på ${CONVERSION_FEE_KR} kr.`,
        '',
        config.seller.name,
      ]
    : [
        name ? `Hello ${name},` : 'Hello,',
        '',
        `Thank you for your order. Invoice ${order.orderNumber} is attached as a PDF.`,
        ...(orderPageUrl ? ['', `Follow your order (status, proofs, invoices): ${orderPageUrl}`, ''] : []),
        `Amount to pay: ${total} by ${due} to bankgiro ${config.seller.bankgiro} with OCR reference ${invoice.ocr}.`,
        abroad
          ? `From abroad: IBAN ${config.seller.iban}, BIC ${config.seller.bic}, reference ${invoice.ocr}.`
          : `(Bank account ${config.seller.bankAccount}; use ${invoice.ocr} as the payment reference.)`,
        ...(vatNote ? [vatNote] : []),
        '',
        'Your order:',
        ...orderLines('Sizes', 'customised', 'en'),
        '',
        ...receivedFiles('en'),
        `Email your print files to ${config.seller.email} with ${order.orderNumber} as the subject. Vector formats (PDF, EPS, AI, SVG) are best; raster files are converted for a fee of ${CONVERSION_FEE_KR} kr.`,
        '',
        config.seller.name,
      ];
  return {
    from: config.mailFrom,
    // Address only: the buyer's name is free text and must not be shown as the sender's words.
    to: order.customerEmail,
    replyTo: config.seller.email,
    subject: sv ? `Orderbekräftelse ${order.orderNumber}` : `Order confirmation ${order.orderNumber}`,
    text: text.join('\n'),
    attachments: [attachment],
  };
}

const vatSummary = {
  domestic: 'incl. 25 % VAT',
  reverse_charge: 'reverse charge, no Swedish VAT',
  export: 'export, no Swedish VAT',
} as const;
