// The tabs select the first tab when their value names none, on the first render (a server render shows it).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const VALUES = ['overview', 'sales', 'reports'];

function render(props: { value?: string; defaultValue?: string }) {
  return renderToStaticMarkup(
    <Tabs {...props}>
      <TabsList aria-label="Sections">
        {VALUES.map((value) => (
          <TabsTrigger key={value} value={value}>
            {`tab ${value}`}
          </TabsTrigger>
        ))}
      </TabsList>
      {VALUES.map((value) => (
        <TabsContent key={value} value={value}>
          {`panel ${value}`}
        </TabsContent>
      ))}
    </Tabs>,
  );
}

/** The selected tab's label and the panels drawn. */
function selected(html: string) {
  const tabs = [...html.matchAll(/<button[^>]*aria-selected="true"[^>]*>([^<]*)<\/button>/g)].map(
    (m) => m[1],
  );
  const panels = [...html.matchAll(/panel (\w+)/g)].map((m) => m[1]);
  return { tabs, panels };
}

describe('Tabs', () => {
  it('selects the tab its value names', () => {
    expect(selected(render({ value: 'sales' }))).toEqual({ tabs: ['tab sales'], panels: ['sales'] });
    expect(selected(render({ defaultValue: 'reports' }))).toEqual({
      tabs: ['tab reports'],
      panels: ['reports'],
    });
  });

  it('falls back to the first tab when the value names none', () => {
    expect(selected(render({ value: 'futures' }))).toEqual({ tabs: ['tab overview'], panels: ['overview'] });
    expect(selected(render({ defaultValue: 'nope' }))).toEqual({
      tabs: ['tab overview'],
      panels: ['overview'],
    });
    expect(selected(render({}))).toEqual({ tabs: ['tab overview'], panels: ['overview'] });
  });

  it('keeps the one tab stop on the selected tab', () => {
    const html = render({ value: 'futures' });
    expect(html.match(/role="tab"[^>]*tabindex="0"/g)?.length ?? 0).toBe(1);
  });
});
