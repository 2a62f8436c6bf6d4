import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, TextAreaField, type FieldProps } from './field';

/** The rendered field and its <input>'s attributes, as a screen reader would find them. */
function renderField(props: Omit<FieldProps, 'id' | 'label' | 'children'>) {
  const html = renderToStaticMarkup(
    <Field id="email" label="Email" {...props}>
      {(control) => <input type="email" {...control} />}
    </Field>,
  );
  const input = /<input [^>]*>/.exec(html)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(input)?.[1];
  const textOf = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
  return { html, attribute, textOf };
}

describe('Field', () => {
  it('labels the control by its id', () => {
    const { html, attribute } = renderField({});
    expect(html).toContain('<label for="email"');
    expect(attribute('id')).toBe('email');
    expect(attribute('aria-invalid')).toBeUndefined();
    expect(attribute('aria-describedby')).toBeUndefined();
  });

  it('marks the control invalid and has it described by the error', () => {
    const { attribute, textOf } = renderField({ error: 'Enter a valid email address' });
    expect(attribute('aria-invalid')).toBe('true');
    expect(attribute('aria-describedby')).toBe('email-error');
    expect(textOf('email-error')).toBe('Enter a valid email address');
  });

  it('has the control described by its hint when there is no error', () => {
    const { attribute, textOf } = renderField({ hint: 'We send the invoice here' });
    expect(attribute('aria-invalid')).toBeUndefined();
    expect(attribute('aria-describedby')).toBe('email-hint');
    expect(textOf('email-hint')).toBe('We send the invoice here');
  });

  it('names the error first and the hint second when there are both', () => {
    const { attribute, textOf } = renderField({
      hint: 'We send the invoice here',
      error: 'Enter a valid email address',
    });
    expect(attribute('aria-invalid')).toBe('true');
    expect(attribute('aria-describedby')).toBe('email-error email-hint');
    expect(textOf('email-error')).toBe('Enter a valid email address');
    expect(textOf('email-hint')).toBe('We send the invoice here');
  });

  it('announces the error as an alert only when asked to', () => {
    expect(renderField({ error: 'Invalid email address' }).html).not.toContain('role="alert"');
    const { html } = renderField({ error: 'Invalid email address', announceError: true });
    expect(html).toMatch(/<p id="email-error" role="alert"[^>]*>Invalid email address</);
  });
});

describe('TextAreaField', () => {
  it('is a labelled text box whose refusal is read out and describes it', () => {
    const html = renderToStaticMarkup(
      <TextAreaField
        id="note"
        label="Note"
        error="Write something"
        rows={2}
        maxLength={2000}
        value=""
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('<label for="note"');
    expect(html).toMatch(
      /<textarea id="note" aria-invalid="true" aria-describedby="note-error"[^>]* rows="2" maxLength="2000">/,
    );
    expect(html).toContain('<p id="note-error" role="alert"');
  });
});
