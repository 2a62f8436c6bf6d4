import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListShell, listState, pagedListProps, type ListShellProps, type PagedQuery } from './list-shell';

const texts: ListShellProps['texts'] = {
  loading: 'Loading...',
  empty: 'No orders yet',
  error: 'Could not fetch orders',
  retry: 'Try again',
  more: 'Show more',
  loadedMore: (count) => `${count} more orders shown`,
};

const rows = (
  <ul aria-label="Orders">
    <li>INV-1001</li>
    <li>INV-1002</li>
  </ul>
);

const render = (props: Partial<ListShellProps>) =>
  renderToStaticMarkup(
    <ListShell state="ready" rowCount={2} texts={texts} onRetry={() => undefined} {...props}>
      {rows}
    </ListShell>,
  );

/** The <button> elements of some markup, as "label (disabled)". */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attributes, label]) => `${label}${/ disabled=""/.test(attributes ?? '') ? ' (disabled)' : ''}`,
  );

/** The text inside the live region (role="status"). */
const spoken = (html: string) =>
  // eslint-disable-next-line regexp/no-super-linear-move -- markup this test rendered itself
  /<div role="status">(.*?)<\/div>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? null;

describe('ListShell', () => {
  it('while loading: says "Loading..." in its live region, is busy, and shows no rows or buttons', () => {
    const html = render({ state: 'loading', rowCount: 0 });
    expect(spoken(html)).toBe('Loading...');
    expect(html).toMatch(/^<div aria-busy="true">/);
    expect(html).not.toContain('INV-1001');
    expect(buttons(html)).toEqual([]);
  });

  it('when the first page failed: shows the error and a "Try again" button that waits while retrying', () => {
    const html = render({ state: 'error', rowCount: 0 });
    expect(html).toContain('Could not fetch orders');
    expect(buttons(html)).toEqual(['Try again']);
    expect(html).toMatch(/^<div aria-busy="false">/);
    expect(html).not.toContain('INV-1001');
    // The toast says the failure; the live region stays quiet so it is not read twice.
    expect(spoken(html)).toBe('');

    const retrying = render({ state: 'error', rowCount: 0, retrying: true });
    expect(buttons(retrying)).toEqual(['Loading... (disabled)']);
    expect(retrying).toMatch(/^<div aria-busy="true">/);
  });

  it('when empty: says the empty message and draws no rows', () => {
    const html = render({ state: 'empty', rowCount: 0 });
    expect(spoken(html)).toBe('No orders yet');
    expect(html).not.toContain('<ul');
    expect(buttons(html)).toEqual([]);
  });

  it('with rows: draws them, and "Show more" while there is a next page, disabled while it loads', () => {
    const last = render({});
    expect(last).toContain('<li>INV-1001</li><li>INV-1002</li>');
    expect(spoken(last)).toBe('');
    expect(buttons(last)).toEqual([]);

    const more = render({ more: { pending: false, onMore: () => undefined } });
    expect(buttons(more)).toEqual(['Show more']);
    expect(more).toMatch(/^<div aria-busy="false">/);

    const loadingMore = render({ more: { pending: true, onMore: () => undefined } });
    expect(buttons(loadingMore)).toEqual(['Loading... (disabled)']);
    expect(loadingMore).toMatch(/^<div aria-busy="true">/);
    // The rows already shown stay while the next page loads.
    expect(loadingMore).toContain('INV-1002');
  });
});

describe('pagedListProps', () => {
  const query = (flags: Partial<PagedQuery>, calls: string[] = []): PagedQuery => ({
    isPending: false,
    isError: false,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: () => Promise.resolve(calls.push('refetch')),
    fetchNextPage: () => Promise.resolve(calls.push('fetchNextPage')),
    ...flags,
  });

  it('reads the state: rows win over a failed next page; no rows is loading, failed or empty', () => {
    expect(listState(query({ isPending: true }), 0)).toBe('loading');
    expect(listState(query({ isError: true }), 0)).toBe('error');
    expect(listState(query({}), 0)).toBe('empty');
    expect(listState(query({ isError: true }), 3)).toBe('ready');
  });

  it('retries by refetching, shows more by fetching the next page, and offers more only when there is one', () => {
    const calls: string[] = [];
    const failed = pagedListProps(query({ isError: true, isFetching: true }, calls), 0);
    expect(failed.retrying).toBe(true);
    failed.onRetry();
    expect(calls).toEqual(['refetch']);

    const paged = pagedListProps(query({ hasNextPage: true, isFetchingNextPage: true }, calls), 50);
    expect(paged.more?.pending).toBe(true);
    paged.more?.onMore();
    expect(calls).toEqual(['refetch', 'fetchNextPage']);

    expect(pagedListProps(query({}), 50).more).toBeUndefined();
  });
});
