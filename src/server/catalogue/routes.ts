import type { FastifyInstance } from 'fastify';
import { findProduct, products, type Product } from '@/shared/catalogue';
import { unitPriceToString } from '@/shared/money';
import { sendError } from '@/server/http/errors';

/** JSON form of a product: prices as exact decimal strings (never floats). */
function productJson(product: Product) {
  return {
    ...product,
    tiers: product.tiers.map((t) => ({
      quantity: t.quantity,
      pricePerUnit: unitPriceToString(t.pricePerUnit),
    })),
    // Every product lists its required choices (none for a few); a price effect per piece as a decimal string.
    options: (product.options ?? []).map((option) => ({
      id: option.id,
      choices: option.choices.map((choice) =>
        choice.extraPerUnit === undefined
          ? { id: choice.id }
          : { id: choice.id, extraPerUnit: unitPriceToString(choice.extraPerUnit) },
      ),
    })),
  };
}

export function catalogueRoutes(app: FastifyInstance): void {
  // The catalogue is static data: serialise once, serve the same bytes.
  const allProducts = JSON.stringify(products.map(productJson));
  const cacheControl = 'public, max-age=300';

  app.get('/api/products', (_request, reply) => {
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(allProducts);
  });

  app.get<{ Params: { id: string } }>('/api/products/:id', (request, reply) => {
    const product = findProduct(request.params.id);
    if (!product) return sendError(reply, 404, 'Product not found');
    return reply.header('cache-control', cacheControl).send(productJson(product));
  });
}
