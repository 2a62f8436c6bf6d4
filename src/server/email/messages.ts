import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '@/server/config';
import { greetingName } from './greeting';
import type { EmailKind } from '@/server/db/outbox-schema';
import { CONVERSION_FEE, CONVERSION_FEE_KR, VAT_RATE_PERCENT } from '@/shared/terms';
import { convertAmount } from '@/shared/invoicing/invoice-currency';
import { rfReference } from '@/shared/invoicing/rf-reference';
import { formatIban } from '@/shared/invoicing/seller-settings';
import { milliToDecimalString } from '@/shared/money';
import { countryNameIn } from '@/shared/countries';
import { formatCount, formatEuroDecimal } from '@/shared/money-format';
import { orderLineText, sentDetails } from '@/shared/i18n/order-line-text';
import { feeCharged, pricesIncludeVat } from '@/shared/invoicing/vat-treatment';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { orderEmailMessages } from '@/shared/i18n/messages/order-emails';
import { formatFileSize, type OrderPrintFile } from '@/shared/print-files';
import { fileTypeLabel } from '@/shared/uploads';
import {
  formatInvoiceDate,
  formatKr,
  type InvoiceDocument,
  type InvoiceOrder,
  vatNotices,
} from '@/server/invoicing';

/** The order's invoice as issued (the ledger's stored document) and its stored PDF bytes. */
export interface IssuedInvoice {
  invoice: InvoiceDocument;
  pdf: Buffer;
  fileName: string;
}

/**
 * The two emails of an order: confirmation with the PDF invoice to the buyer, notice to the shop.
 * A PDF rather than an HTML attachment: corporate mail filters quarantine HTML files, and an
 * accountant files PDFs.
 */
export function buildMessage(
  kind: EmailKind,
  /** The stored order; `neededBy` the buyer's date, when one was given. */
  order: InvoiceOrder & { neededBy?: string | null },
  config: Config,
  /** The buyer's link to the order page (buyer emails). */
  orderPageUrl: string | undefined,
  printFiles: readonly OrderPrintFile[],
  issued: IssuedInvoice,
): Mail.Options {
  const { invoice } = issued;
  const attachment = { filename: issued.fileName, content: issued.pdf, contentType: 'application/pdf' };
  // A euro invoice's buyer reads euros only (issue 42): the invoice's own stored EUR figures.
  const foreign = invoice.foreign;
  const total = foreign ? formatEuroDecimal(foreign.total) : formatKr(invoice.total);
  /**
   * One line per order line in the reader's language, its parts under it as every page and the
   * invoice word them (orderLineText): "- 120 × Hoodie: 11 520,00 kr / Färg: Marinblå / Storlekar:
   * 20 S, 50 M". Reverse charge and export: the amounts the buyer pays, without VAT.
   */
  /**
   * A print file as the emails name it: "Tryckfil 2 (PNG)", the shop's words. The sender's file name
   * is free text ("URGENT refund pending - confirm at …") and never goes out under the shop's name.
   */
  const fileLabel = (language: 'sv' | 'en', index: number) =>
    printFileMessages[language].label({
      n: index + 1,
      type: fileTypeLabel(printFiles[index]?.contentType ?? ''),
    });
  const fileOf = (language: 'sv' | 'en', id: string | undefined) => {
    const index = id === undefined ? -1 : printFiles.findIndex((f) => f.id === id);
    return index === -1 ? '' : ` – ${fileLabel(language, index)}`;
  };
  /** `inEuros`: the buyer of a euro invoice reads its EUR lines; the shop keeps its kronor. */
  const orderLines = (language: 'sv' | 'en', inEuros: boolean) =>
    order.items.flatMap((l, i) => {
      const text = orderLineText(language, l);
      const withVat = pricesIncludeVat(invoice.vatTreatment);
      const inEur = inEuros ? foreign?.lines[i] : undefined;
      const amount = inEur
        ? formatEuroDecimal(withVat ? inEur.lineTotalInclVat : inEur.lineNet)
        : formatKr(withVat ? l.lineTotal : (invoice.lines[i]?.lineNet ?? l.lineTotal));
      return [
        `- ${formatCount(l.quantity)} × ${text.name}${fileOf(language, l.printFileId)}: ${amount}`,
        ...sentDetails(text).flatMap((detail) => detail.text.split('\n').map((part) => `  ${part}`)),
      ];
    });
  if (kind === 'shop_notice') {
    // The shop works in Swedish: its notice is Swedish whatever the buyer's language.
    const n = shopNoticeTexts;
    const files = printFiles.map(
      (f, i) =>
        `- ${fileLabel('sv', i)}: ${printFileMessages.sv[f.kind]}, ${formatFileSize(f.bytes)}${f.width && f.height ? `, ${f.width} × ${f.height} px` : ''}${
          f.quality
            ? `, ${f.quality.dpi} dpi vid ${f.quality.widthCm} cm${f.quality.blurry ? ` (${n.low})` : ''}`
            : ''
        }`,
    );
    return {
      from: config.mailFrom,
      to: config.shopEmail,
      replyTo: order.customerEmail,
      subject: `${n.subject} ${order.orderNumber}`,
      text: [
        `${n.subject} ${order.orderNumber}, ${formatKr(invoice.total)}${foreign ? ` (${total})` : ''} (${n.vat[invoice.vatTreatment]}).`,
        '',
        `${n.customer}: ${order.customerName}${order.customerOrganization ? `, ${order.customerOrganization}` : ''}`,
        `${n.email}: ${order.customerEmail}`,
        `${n.phone}: ${order.customerPhone}`,
        `${n.delivery}: ${order.deliveryAddress}, ${countryNameIn('sv', order.countryCode) ?? order.countryCode}`,
        ...(order.neededBy ? [`${n.neededBy}: ${formatInvoiceDate(order.neededBy, 'sv')}`] : []),
        '',
        ...orderLines('sv', false),
        '',
        printFiles.length > 0 ? n.filesWithOrder(printFiles.length) : n.noFiles,
        ...files,
      ].join('\n'),
      attachments: [attachment],
    };
  }
  const language = invoice.language;
  const t = orderEmailMessages[language];
  /** The files the shop already has, so the buyer emails only what is missing. */
  const receivedFiles =
    printFiles.length === 0
      ? []
      : [
          `${printFileMessages[language].received}:`,
          ...printFiles.map((f, i) => `- ${fileLabel(language, i)}: ${printFileMessages[language][f.kind]}`),
          '',
        ];
  const due = formatInvoiceDate(invoice.dueDate, language);
  const ocr = invoice.ocr;
  // A Swedish invoice goes to Sweden (SPEC §9), so only an English one can be paid from abroad or
  // carry a VAT notice (reverse charge, export).
  const abroad = invoice.buyer.countryCode !== 'SE';
  const vatNote = vatNotices(invoice)
    .map((notice) => notice.title)
    .join(', ');
  const name = greetingName(order.customerName);
  const text = [
    name ? t.greeting({ name }) : t.hello,
    '',
    t.confirmationThanks({ number: order.orderNumber }),
    ...(orderPageUrl ? ['', t.confirmationFollow({ url: orderPageUrl }), ''] : []),
    // A euro invoice is paid to the euro account with the RF reference (ISO 11649), as it says.
    ...(foreign
      ? [
          t.amountToPayEur({
            total,
            due,
            iban: formatIban(config.seller.ibanEur),
            bic: config.seller.bic,
            rf: rfReference(ocr),
            ocr,
          }),
        ]
      : [
          t.amountToPay({ total, due, bankgiro: config.seller.bankgiro, ocr }),
          abroad
            ? t.payFromAbroad({ iban: config.seller.iban, bic: config.seller.bic, ocr })
            : t.payToAccount({ account: config.seller.bankAccount, ocr }),
        ]),
    ...(vatNote ? [vatNote] : []),
    '',
    t.yourOrder,
    ...orderLines(language, true),
    '',
    t.deliveryAddress({ address: order.deliveryAddress, country: invoice.delivery.countryName }),
    // The date the buyer asked for, repeated so a wrong one is caught before production (issue 45).
    ...(order.neededBy ? [t.neededBy({ date: formatInvoiceDate(order.neededBy, language) })] : []),
    '',
    ...receivedFiles,
    t.uploadAdvice({
      fee: foreign
        ? formatEuroDecimal(
            convertAmount(
              milliToDecimalString(feeCharged(CONVERSION_FEE, invoice.vatTreatment)),
              foreign.rate,
            ),
          )
        : `${CONVERSION_FEE_KR} kr`,
    }),
    '',
    config.seller.name,
  ];
  return {
    from: config.mailFrom,
    // Address only: the buyer's name is free text and must not be shown as the sender's words.
    to: order.customerEmail,
    replyTo: config.seller.email,
    subject: t.confirmationSubject({ number: order.orderNumber }),
    text: text.join('\n'),
    attachments: [attachment],
  };
}

/** The shop's own notice of a new order, in Swedish (the shop's language, as its other notices). */
const shopNoticeTexts = {
  subject: 'Ny beställning',
  vat: {
    domestic: `inkl. ${VAT_RATE_PERCENT} % moms`,
    reverse_charge: 'omvänd betalningsskyldighet, ingen svensk moms',
    oss: 'moms i köparens land (OSS)',
    export: 'export, ingen svensk moms',
  },
  customer: 'Kund',
  email: 'E-post',
  phone: 'Telefon',
  delivery: 'Leverans',
  neededBy: 'Behövs senast',
  low: 'låg',
  filesWithOrder: (n: number) => `Tryckfiler med beställningen (${n}), hämta dem på beställningen i admin:`,
  noFiles: 'Inga tryckfiler kom med beställningen: köparen kan ladda upp dem på beställningssidan.',
} as const;
