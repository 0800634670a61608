// A card's table of figures (an agent's commissions and statement, a farm's projections): a caption for screen
// readers, a header row made from its columns, and its rows; wider than a phone, it scrolls sideways in its own box.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { TableScroll } from './table-scroll';

export interface FigureColumn {
  label: string;
  /** A column of right-aligned cells (amounts, counts, dates): its header is right-aligned over them. */
  alignRight?: boolean;
}

/** A cell holding an amount or a count: right-aligned digits of one width, never wrapped. */
export const FIGURE_CELL = 'text-right whitespace-nowrap tabular-nums';

/** A body row, ruled off from the next. */
export const FIGURE_ROW = 'border-b border-stone-100';

export function FigureTable({
  caption,
  columns,
  className,
  headClassName,
  scrollClassName,
  children,
}: {
  caption: string;
  columns: readonly FigureColumn[];
  /** The table's type size and cell spacing (each table is fitted to a 360 px phone in French). */
  className: string;
  /** The header's type size and colour. */
  headClassName: string;
  /** Space around the scrolling box. */
  scrollClassName?: string;
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption} className={scrollClassName}>
      <table className={cn('w-full text-left [&_td]:py-2 [&_th]:py-2', className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('border-b border-stone-200', headClassName)}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('font-medium', column.alignRight && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
