import { Fragment, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export type SimpleColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Added to the cell's own classes (a colour, a width). */
  className?: string;
};

type SimpleTableProps<T> = {
  columns: SimpleColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The table's name for screen readers (an admin tab's name). */
  caption?: string;
  /** A full-width line under a row (documents, a message's text…). */
  detail?: (row: T) => ReactNode;
  /** The row to point at, such as what the client has just bought. */
  highlightedKey?: string;
  /** What shows under the rows: a wait, an empty state. */
  children?: ReactNode;
};

/**
 * Every list of rows (the client's panel, each admin tab). Below the md width each row becomes a
 * card with every cell under its column's name, so status and actions show without scrolling
 * sideways; the table stays one table, with its headers, for screen readers.
 */
export function SimpleTable<T>({ columns, rows, rowKey, caption, detail, highlightedKey, children }: SimpleTableProps<T>) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:overflow-x-auto">
      <table className="w-full text-left text-sm max-md:block">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-900 md:divide-y md:divide-slate-200 max-md:block max-md:p-3 max-md:empty:hidden">
          {rows.map((row) => {
            const key = rowKey(row);
            const extra = detail?.(row);
            const isHighlighted = key === highlightedKey;
            return (
              <Fragment key={key}>
                <tr
                  className={cn(
                    'align-top max-md:mt-3 max-md:block max-md:rounded-lg max-md:first:mt-0 max-md:border max-md:border-slate-200 max-md:p-3',
                    isHighlighted && 'bg-amber-50 outline-2 -outline-offset-2 outline-accent-400',
                    extra && 'max-md:rounded-b-none max-md:border-b-0',
                  )}
                >
                  {columns.map((column) => (
                    <td key={column.header} className={cn('px-4 py-3 max-md:block max-md:px-0 max-md:py-1.5', column.className)}>
                      <span aria-hidden className="block text-xs font-semibold uppercase tracking-wide text-slate-600 md:hidden">
                        {column.header}
                      </span>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {extra ? (
                  <tr className="max-md:block max-md:rounded-b-lg max-md:border max-md:border-t-0 max-md:border-slate-200">
                    <td colSpan={columns.length} className="bg-slate-50 px-4 py-3 text-slate-800 max-md:block max-md:rounded-b-lg">
                      {extra}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {children}
    </div>
  );
}
