import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { logErrorSerializer, loggableError } from './errors';

describe('loggableError', () => {
  it('keeps type, code and the failed query but none of its parameters or the database detail', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (customer_name)=(Anna Andersson 19811218-9876) already exists',
    });
    const error = new DrizzleQueryError(
      'insert into orders (customer_name) values ($1)',
      ['Anna Andersson', '19811218-9876', 'Storgatan 1'],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('insert into orders');
    expect(logged).toContain('22021');
    expect(logged).toContain('invalid byte sequence');
    for (const secret of ['Anna', '19811218-9876', 'Storgatan']) expect(logged).not.toContain(secret);
  });

  it('logs a message given as a string, or an error-like object, with that message (not "non-Error thrown")', () => {
    expect(loggableError('SMTP said no')).toEqual({ type: 'string', message: 'SMTP said no' });
    expect(loggableError({ message: 'from a worker' })).toEqual({ type: 'object', message: 'from a worker' });
    expect(logErrorSerializer(new Error('boom')).message).toBe('boom');
  });
});
