import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localiseIssue } from './validation';

/** A route's schema refusing a value in words it did not choose still answers in the reader's language. */
describe('localiseIssue', () => {
  const issuesOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a refusal');
    return result.error.issues.map((issue) => ({
      message: issue.message,
      code: issue.code,
      missing: issue.code === 'invalid_type' && issue.message.endsWith('received undefined'),
    }));
  };

  it('words zod’s own issues by their code, in Swedish and English', () => {
    const schema = z.object({
      quantity: z.number().int().min(1),
      kind: z.enum(['a', 'b']),
      name: z.string(),
    });
    const issues = issuesOf(schema, { quantity: 0, kind: 'c' });
    expect(issues.map((issue) => localiseIssue('sv', issue))).toEqual([
      'Värdet är utanför det tillåtna intervallet',
      'Värdet är inte ett av de tillåtna',
      'Värdet saknas',
    ]);
    expect(issues.map((issue) => localiseIssue('en', issue))).toEqual([
      'This value is outside the allowed range',
      'This value is not one of the allowed ones',
      'This value is required',
    ]);
    expect(localiseIssue('sv', issuesOf(z.string(), 4)[0]!)).toBe('Värdet har fel typ');
  });

  it('keeps a schema’s own message, translated by the catalogue', () => {
    const schema = z.string().email('Invalid email address');
    expect(localiseIssue('sv', issuesOf(schema, 'nope')[0]!)).toBe('Ogiltig e-postadress');
  });
});
