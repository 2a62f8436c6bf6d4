import { describe, expect, it } from 'vitest';
import { routeContractProblems, type RegisteredRoute } from './contract';

/** What `npm run check` (check:contracts) refuses, on routes as the app registers them. */
describe('routeContractProblems', () => {
  const route = (method: string, url: string, declared: boolean, hidden = false): RegisteredRoute => ({
    method,
    url,
    declared,
    hidden,
  });

  it('refuses a new route without a contract, naming it', () => {
    expect(routeContractProblems([route('POST', '/api/quotes', false)], new Set())).toEqual([
      'POST /api/quotes declares no contract: give it schema.response (and schema.params for its path)',
    ]);
  });

  it('lets the listed older routes be, and asks to shorten the list once one declares its contract or is gone', () => {
    const older = new Set(['GET /api/orders/:token', 'POST /api/order-links', 'GET /api/gone']);
    expect(
      routeContractProblems(
        [
          route('GET', '/api/orders/:token', false),
          route('HEAD', '/api/orders/:token', false),
          route('POST', '/api/order-links', true),
          route('GET', '/api/admin/openapi.json', false, true),
        ],
        older,
      ),
    ).toEqual([
      'POST /api/order-links now declares its contract: take it off the list of undeclared routes',
      'GET /api/gone is no longer a route: take it off the list of undeclared routes',
    ]);
  });

  it('accepts routes that declare their contract', () => {
    expect(routeContractProblems([route('POST', '/api/partner-applications', true)], new Set())).toEqual([]);
  });
});
