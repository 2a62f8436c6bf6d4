import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug the assertions missed: fail the test.
const errors: unknown[][] = [];
const original = console.error.bind(console);
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const message = errors.map((args) => args.map(String).join(' ')).join('\n');
  errors.length = 0;
  throw new Error(`console.error was called during the test:\n${message}`);
});
