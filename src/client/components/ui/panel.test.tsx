import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Panel } from './panel';

describe('Panel', () => {
  it('is a section named by its h2, with what stands beside the heading in the header row', () => {
    const html = renderToStaticMarkup(
      <Panel headingId="staff-heading" heading="Personal" headerClassName="p-4" header={<p>Intro</p>}>
        <ul>
          <li>Anna</li>
        </ul>
      </Panel>,
    );
    expect(html).toBe(
      '<section aria-labelledby="staff-heading" class="rounded-2xl border border-slate-200 bg-white shadow-sm">' +
        '<div class="p-4"><h2 id="staff-heading" class="text-lg font-bold text-slate-900">Personal</h2>' +
        '<p>Intro</p></div><ul><li>Anna</li></ul></section>',
    );
  });
});
