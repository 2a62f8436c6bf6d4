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

function useStartedServer(options: TestServerOptions, logIn: boolean): AdminTestServer {
  let started: TestServer | undefined;
  let cookie: string | undefined;
  beforeAll(async () => {
    started = await startServer(options);
    if (logIn) cookie = await adminLogin(started);
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
