import type Mail from 'nodemailer/lib/mailer';
import type { Config } from '../config';
import type { EmailKind } from '../db/outbox-schema';
import {
  formatInvoiceDate,
  formatKr,
  dueDate,
  invoiceLanguage,
  renderInvoice,
  type InvoiceOrder,
} from '../orders/invoice';

/** The two emails of an order: confirmation with the invoice to the buyer, notice to the shop. */
export function buildMessage(kind: EmailKind, order: InvoiceOrder, config: Config): Mail.Options {
  const invoice = renderInvoice(order, config.seller);
  const attachment = {
    filename: `Invoice_${order.orderNumber}.html`,
    content: invoice,
    contentType: 'text/html; charset=utf-8',
  };
  const total = formatKr(order.totalAmount);
  if (kind === 'shop_notice') {
    const lines = order.items.map(
      (l) => `- ${l.quantity} × ${l.name}${l.customisation ? ' (customised)' : ''}: ${formatKr(l.lineTotal)}`,
    );
    return {
      from: config.mailFrom,
      to: config.shopEmail,
      replyTo: { name: order.customerName, address: order.customerEmail },
      subject: `New order ${order.orderNumber}`,
      text: [
        `New order ${order.orderNumber}, ${total} incl. VAT.`,
        '',
        `Customer: ${order.customerName}${order.customerOrganization ? `, ${order.customerOrganization}` : ''}`,
        `Email: ${order.customerEmail}`,
        `Phone: ${order.customerPhone}`,
        `Delivery: ${order.deliveryAddress} (${order.countryCode})`,
        '',
        ...lines,
      ].join('\n'),
      attachments: [attachment],
    };
  }
  const sv = invoiceLanguage(order.countryCode) === 'sv';
  const due = formatInvoiceDate(dueDate(order.orderDate), order.countryCode);
  const text = sv
    ? [
        `Hej ${order.customerName}!`,
        '',
        `Tack för din beställning. Fakturan ${order.orderNumber} finns bifogad.`,
        `Att betala: ${total} senast ${due} till bankkonto ${config.seller.bankAccount} (bankgiro ${config.seller.bankgiro}).`,
        `Ange ${order.orderNumber} som referens.`,
        '',
        `Skicka dina tryckfiler till ${config.seller.email} med ${order.orderNumber} som ämne. Vektorformat (PDF, EPS, AI, SVG) rekommenderas; rasterfiler konverteras mot en avgift på 100 kr.`,
        '',
        config.seller.name,
      ]
    : [
        `Hello ${order.customerName},`,
        '',
        `Thank you for your order. Invoice ${order.orderNumber} is attached.`,
        `Amount to pay: ${total} by ${due} to bank account ${config.seller.bankAccount} (bankgiro ${config.seller.bankgiro}).`,
        `Use ${order.orderNumber} as the payment reference.`,
        '',
        `Email your print files to ${config.seller.email} with ${order.orderNumber} as the subject. Vector formats (PDF, EPS, AI, SVG) are best; raster files are converted for a fee of 100 kr.`,
        '',
        config.seller.name,
      ];
  return {
    from: config.mailFrom,
    to: { name: order.customerName, address: order.customerEmail },
    replyTo: config.seller.email,
    subject: sv ? `Orderbekräftelse ${order.orderNumber}` : `Order confirmation ${order.orderNumber}`,
    text: text.join('\n'),
    attachments: [attachment],
  };
}
