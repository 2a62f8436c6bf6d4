import { useState, type ReactNode } from 'react';
import { Button } from './button';

/** Where a paged list stands: still loading, failed with nothing to show, empty, or showing rows. */
export type ListState = 'loading' | 'error' | 'empty' | 'ready';

/** What `ListShell` reads of a paged query: TanStack Query's infinite query has these. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/** The state of a list from its query's flags and how many rows it has. */
export function listState(query: Pick<PagedQuery, 'isPending' | 'isError'>, rowCount: number): ListState {
  if (rowCount > 0) return 'ready';
  if (query.isError) return 'error';
  if (query.isPending) return 'loading';
  return 'empty';
}

/** `ListShell`'s state, retry and "show more" from a paged query: spread them onto the shell. */
export function pagedListProps(
  query: PagedQuery,
  rowCount: number,
): Pick<ListShellProps, 'state' | 'rowCount' | 'onRetry' | 'retrying' | 'more'> {
  return {
    state: listState(query, rowCount),
    rowCount,
    onRetry: () => void query.refetch(),
    retrying: query.isError && query.isFetching,
    more: query.hasNextPage
      ? { pending: query.isFetchingNextPage, onMore: () => void query.fetchNextPage() }
      : undefined,
  };
}

export interface ListShellTexts {
  loading: string;
  empty: string;
  /** Shown in place of the rows when the first page failed. */
  error: string;
  retry: string;
  more: string;
  /** Read to screen readers once more rows have arrived: "12 more shown". */
  loadedMore: (count: number) => string;
}

export interface ListShellProps {
  state: ListState;
  /** Rows shown now; tells how many a "show more" added. */
  rowCount: number;
  texts: ListShellTexts;
  onRetry: () => void;
  /** A retry is under way: the retry button waits. */
  retrying?: boolean;
  /** The next page: present while there is one. */
  more?: { pending: boolean; onMore: () => void } | undefined;
  /** The rows (a list, a table or both), drawn only when there are some. */
  children: ReactNode;
}

const message = 'px-4 py-10 text-center text-slate-600';

/**
 * A paged list's frame: one message in place of the rows while loading, when empty or failed
 * (with a retry), and the "show more" button under them. One live region says the loading and
 * empty messages and, after "show more", how many rows came; a failure is not said here because
 * the page already raises a toast for it.
 */
export function ListShell({
  state,
  rowCount,
  texts,
  onRetry,
  retrying = false,
  more,
  children,
}: ListShellProps) {
  // The row count when "show more" was pressed; rows beyond it are the ones that page added.
  const [countBeforeMore, setCountBeforeMore] = useState<number | null>(null);
  const added =
    state === 'ready' && countBeforeMore !== null && !more?.pending ? rowCount - countBeforeMore : 0;
  const busy = state === 'loading' || retrying || Boolean(more?.pending);
  return (
    <div aria-busy={busy}>
      <div role="status">
        {state === 'loading' && <p className={message}>{texts.loading}</p>}
        {state === 'empty' && <p className={message}>{texts.empty}</p>}
        {added > 0 && <span className="sr-only">{texts.loadedMore(added)}</span>}
      </div>
      {state === 'error' && (
        <div className={message}>
          <p className="font-medium text-red-800">{texts.error}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={retrying}
            disabledLook="busy"
            onClick={onRetry}
          >
            {retrying ? texts.loading : texts.retry}
          </Button>
        </div>
      )}
      {state === 'ready' && children}
      {state === 'ready' && more && (
        <div className="border-t border-slate-200 p-4 text-center">
          <Button
            variant="secondary"
            size="sm"
            disabled={more.pending}
            disabledLook="busy"
            onClick={() => {
              setCountBeforeMore(rowCount);
              more.onMore();
            }}
          >
            {more.pending ? texts.loading : texts.more}
          </Button>
        </div>
      )}
    </div>
  );
}
