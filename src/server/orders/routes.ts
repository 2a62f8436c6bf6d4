import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { orderRequestSchema } from '../../shared/checkout-schema';
import { countryName } from '../../shared/countries';
import { orderTokenHeader, type OrderView } from '../../shared/order-view';
import type { AppContext } from '../app';
import type { SellerDetails } from '../config';
import { sendError, sendValidationError } from '../http/errors';
import { dueDate, invoiceContentSecurityPolicy, renderInvoice, type InvoiceOrder } from './invoice';
import { findOrderForToken, OrderError, placeOrder, type OrderRow } from './service';

interface OrderParams {
  Params: { number: string };
  Querystring: { token?: unknown };
}

function tokenOf(request: FastifyRequest<OrderParams>): string | undefined {
  const header = request.headers[orderTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query.token;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** The stored order as the confirmation page reads it. Money as exact decimal strings. */
export function orderJson(order: OrderRow, context: AppContext): OrderView {
  return {
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    dueDate: dueDate(order.orderDate).toISOString(),
    status: order.status,
    customer: {
      customerType: order.customerType,
      name: order.customerName,
      companyName: order.customerOrganization,
      email: order.customerEmail,
      phone: order.customerPhone,
      address: order.deliveryAddress,
      country: order.countryCode,
      countryName: countryName(order.countryCode) ?? order.countryCode,
    },
    lines: order.items.map((line) => ({ ...line, unit: 'st' })),
    total: order.totalAmount,
    exVat: order.exVatAmount,
    vat: order.vatAmount,
    payment: {
      bankAccount: context.config.seller.bankAccount,
      bankgiro: context.config.seller.bankgiro,
      amount: order.totalAmount,
      reference: order.orderNumber,
    },
  };
}

const notFound = (reply: FastifyReply) => sendError(reply, 404, 'Order not found');

export function orderRoutes(
  app: FastifyInstance,
  context: AppContext,
  options: { onCreated?: () => void } = {},
): void {
  app.post('/api/orders', async (request, reply) => {
    const parsed = orderRequestSchema.safeParse(request.body ?? undefined);
    if (!parsed.success) return sendValidationError(reply, parsed.error);
    try {
      const placed = await placeOrder(context.database, parsed.data, options);
      return reply
        .code(placed.created ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ orderNumber: placed.orderNumber, accessToken: placed.accessToken, total: placed.total });
    } catch (error) {
      if (error instanceof OrderError) {
        return reply.code(error.status).send({ error: error.message, fieldErrors: error.fieldErrors });
      }
      throw error;
    }
  });

  app.get<OrderParams>('/api/orders/:number', async (request, reply) => {
    const order = await findOrderForToken(context.database, request.params.number, tokenOf(request));
    if (!order) return notFound(reply);
    return reply.header('cache-control', 'no-store').send(orderJson(order, context));
  });

  app.get<OrderParams>('/api/orders/:number/invoice', async (request, reply) => {
    const order = await findOrderForToken(context.database, request.params.number, tokenOf(request));
    if (!order) return notFound(reply);
    return sendInvoice(reply, order, context.config.seller);
  });
}

/** The invoice page as its own document: its own CSP (an inline style by hash), never cached or referred. */
export function sendInvoice(reply: FastifyReply, order: InvoiceOrder, seller: SellerDetails): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', invoiceContentSecurityPolicy)
    .type('text/html; charset=utf-8')
    .send(renderInvoice(order, seller));
}
