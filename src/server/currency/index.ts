/** Exchange rates for showing prices in the buyer's currency. Its route is in ./routes. */
export { RatesProvider } from './rates';
