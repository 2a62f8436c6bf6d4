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

  it('refuses a route without a contract, naming it', () => {
    expect(routeContractProblems([route('POST', '/api/quotes', false)])).toEqual([
      'POST /api/quotes declares no contract: give it schema.response (and schema.params for its path)',
    ]);
  });

  it('leaves out HEAD copies of GET routes and hidden routes (no operation)', () => {
    expect(
      routeContractProblems([
        route('GET', '/api/orders/:number', true),
        route('HEAD', '/api/orders/:number', false),
        route('GET', '/api/admin/openapi.json', false, true),
      ]),
    ).toEqual([]);
  });

  it('accepts routes that declare their contract', () => {
    expect(routeContractProblems([route('POST', '/api/partner-applications', true)])).toEqual([]);
  });
});
