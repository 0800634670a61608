// The shared query state draws the loading, the failed and the empty query as asked, and the data otherwise.
import type { UseQueryResult } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ERROR_BOX, QueryState } from './query-state';

const pending = { isPending: true, isError: false, data: undefined, error: null } as UseQueryResult<string[]>;
const failed = {
  isPending: false,
  isError: true,
  data: undefined,
  error: new ApiError(500, 'Boom'),
} as unknown as UseQueryResult<string[]>;
const loaded = (data: string[]) =>
  ({ isPending: false, isError: false, isSuccess: true, data, error: null }) as UseQueryResult<string[]>;

function render(query: UseQueryResult<string[]>) {
  return renderToStaticMarkup(
    <QueryState
      query={query}
      pending={<i>loading</i>}
      error={(message) => `Could not load (${message})`}
      errorClassName={ERROR_BOX}
      isEmpty={(data) => data.length === 0}
      empty={<p>nothing</p>}
    >
      {(data) => <ul>{data.join(',')}</ul>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('draws what it is given while the query loads', () => {
    expect(render(pending)).toBe('<i>loading</i>');
  });

  it("says a failed load in an alert, with the error's text", () => {
    expect(render(failed)).toBe(`<p role="alert" class="${ERROR_BOX}">Could not load (500: Boom)</p>`);
  });

  it("puts the error's text in brackets after a label", () => {
    expect(renderToStaticMarkup(<QueryState query={failed} error="Could not load" />)).toBe(
      '<p role="alert" class="text-red-700">Could not load (500: Boom)</p>',
    );
  });

  it('says when the data holds nothing, and draws it otherwise', () => {
    expect(render(loaded([]))).toBe('<p>nothing</p>');
    expect(render(loaded(['a', 'b']))).toBe('<ul>a,b</ul>');
  });

  it('draws nothing for loaded data without children (used as a gate)', () => {
    expect(renderToStaticMarkup(<QueryState query={loaded(['a'])} error={() => 'x'} />)).toBe('');
  });
});
