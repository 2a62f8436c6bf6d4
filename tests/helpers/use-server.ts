import { afterAll, beforeAll } from 'vitest';
import { adminLogin } from './admin';
import { startServer, type TestServer, type TestServerOptions } from './server';

export interface AdminTestServer extends TestServer {
  /** The Cookie header of an admin session, logged in with the test PIN before the tests. */
  readonly cookie: string;
}

/**
 * A real server for the tests of this file, or of the describe block it is called in: started
 * before them, closed after them. Its fields are read when a test or hook runs (they throw before
 * the server has started), so it is declared once at the top instead of a `let` and two hooks.
 */
export function useServer(options: TestServerOptions = {}): TestServer {
  return useStartedServer(options, false);
}

/** useServer with an admin session (`server.cookie`) logged in once before the tests. */
export function useAdminServer(options: TestServerOptions = {}): AdminTestServer {
  return useStartedServer(options, true);
}

/**
 * The admin sign-in before a file's tests. A server started with a short idle limit (its tests are
 * about that limit) may close the sign-in's connection as idle when the test process stands still
 * longer than the limit between accepting it and reading the request (its own timer runs first):
 * that is the limit at work, so that sign-in is tried again, up to three times. Any other failure,
 * and any answer the server gives, stays a failure.
 */
async function signInBeforeTests(server: TestServer, options: TestServerOptions): Promise<string> {
  const shortIdleLimit = Number(options.env?.HTTP_IDLE_TIMEOUT_SECONDS ?? Infinity) < 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminLogin(server);
    } catch (error) {
      const closedConnection = error instanceof TypeError && error.message === 'fetch failed';
      if (!shortIdleLimit || !closedConnection || attempt === 3) throw error;
    }
  }
}

function useStartedServer(options: TestServerOptions, logIn: boolean): AdminTestServer {
  let started: TestServer | undefined;
  let cookie: string | undefined;
  beforeAll(async () => {
    started = await startServer(options);
    if (logIn) cookie = await signInBeforeTests(started, options);
  });
  afterAll(() => started?.close());

  const current = (): TestServer => {
    if (!started) throw new Error('The test server starts in beforeAll: use it inside a test or hook.');
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get database() {
      return current().database;
    },
    get dataDir() {
      return current().dataDir;
    },
    close: () => current().close(),
    get cookie() {
      if (cookie === undefined)
        throw new Error('No admin session: use useAdminServer, inside a test or hook.');
      return cookie;
    },
  };
}
