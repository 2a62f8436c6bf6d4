import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('is a checkbox inside its label (the label names it), checked as told', () => {
    const html = renderToStaticMarkup(
      <Checkbox className="flex gap-2" checked onChange={() => undefined}>
        Only customers with a balance
      </Checkbox>,
    );
    expect(html).toBe(
      '<label class="flex gap-2"><input type="checkbox" class="size-5" checked=""/>Only customers with a balance</label>',
    );
  });
});
