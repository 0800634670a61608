// A card's list says when it has nothing, and draws each row's title, badges, details and actions.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ItemList, ItemRow } from './item-list';

describe('ItemList', () => {
  it('says there is nothing when it counts none', () => {
    expect(
      renderToStaticMarkup(
        <ItemList count={0} empty="No bids yet.">
          {null}
        </ItemList>,
      ),
    ).toBe('<p class="text-sm text-stone-600">No bids yet.</p>');
  });

  it('rules its rows off, each with its title, badges, details and actions', () => {
    const html = renderToStaticMarkup(
      <ItemList count={1} empty="none">
        <ItemRow
          title="Maize"
          badges={<b>Grade A</b>}
          actions={<button type="button">Bid</button>}
          testId="row"
        >
          <p>12 t</p>
        </ItemRow>
      </ItemList>,
    );
    expect(html).toBe(
      '<ul class="divide-y divide-stone-200"><li class="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="row">' +
        '<div class="text-sm"><p class="flex flex-wrap items-center gap-2 font-medium text-stone-900">Maize<b>Grade A</b></p>' +
        '<p>12 t</p></div><button type="button">Bid</button></li></ul>',
    );
  });

  it('keeps a title without badges on one plain line', () => {
    expect(renderToStaticMarkup(<ItemRow title="Awa" />)).toBe(
      '<li class="flex flex-wrap items-center justify-between gap-3 py-3"><div class="text-sm"><p class="font-medium text-stone-900">Awa</p></div></li>',
    );
  });
});
