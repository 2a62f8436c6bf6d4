/**
 * A request URL as logs may show it: the path, and the query's parameter names with every value
 * replaced. Values are what people type or carry (an order's access token on an invoice opened in
 * a new tab, an admin's search for a name, an email or a personnummer in `q`), and a log line is
 * kept and read far more widely than the database.
 */
export function logUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash === -1 ? undefined : hash);
  const names = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return `${equals === -1 ? pair : pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, question)}?${names.join('&')}`;
}
