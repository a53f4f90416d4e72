import { Table } from 'react-bootstrap';
import { categoryLabel, type ActivityEntry } from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';
import { formatEntryAmount, formatEntryDate } from '../../lib/activity-format';
import { Amount } from '../../components/ui/Amount';

/**
 * The explicit table roles of the on-screen table: on a phone its rows are drawn as stacked
 * blocks (app.css `.ledger-entries-stacked`), and a browser may drop a table's semantics once
 * its rows and cells are no longer displayed as such; the roles keep it a table with its column
 * headers for a screen reader.
 */
const STACKED_ROLES = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  cell: { role: 'cell' },
} as const;
const NO_ROLES = { table: {}, rowgroup: {}, row: {}, columnheader: {}, cell: {} } as const;

/**
 * An account's entries as the activity page and a printed statement show them: date,
 * description, category, amount (credits in green on screen) and the balance after each. On a
 * phone the on-screen table's rows stack (description and amount, then date, category and the
 * balance after), so no column is cut off at the screen's edge.
 */
export function LedgerEntriesTable({
  entries,
  label,
  onScreen = false,
}: {
  entries: readonly ActivityEntry[];
  /** The table's name: an element id (`labelledBy`) or a text (`text`). */
  label: { labelledBy: string } | { text: string };
  /** The interactive page's table (hover, scrolls sideways on a phone), not a printout. */
  onScreen?: boolean;
}) {
  const roles = onScreen ? STACKED_ROLES : NO_ROLES;
  return (
    <Table
      {...roles.table}
      className={onScreen ? 'ledger-entries-stacked' : undefined}
      size="sm"
      responsive={onScreen}
      hover={onScreen}
      {...('labelledBy' in label
        ? { 'aria-labelledby': label.labelledBy }
        : { 'aria-label': label.text })}
    >
      <thead {...roles.rowgroup}>
        <tr {...roles.row}>
          <th {...roles.columnheader} scope="col">
            Date
          </th>
          <th {...roles.columnheader} scope="col">
            Description
          </th>
          <th {...roles.columnheader} scope="col">
            Category
          </th>
          <th {...roles.columnheader} scope="col" className="text-end">
            Amount
          </th>
          <th {...roles.columnheader} scope="col" className="text-end">
            Balance
          </th>
        </tr>
      </thead>
      <tbody {...roles.rowgroup}>
        {entries.map((entry) => (
          <tr key={entry.id} {...roles.row}>
            <td {...roles.cell} className="ledger-date">
              {formatEntryDate(entry.bookedAt)}
            </td>
            <td {...roles.cell} className="ledger-description">
              {entry.description}
            </td>
            <td {...roles.cell} className="ledger-category">
              {categoryLabel(entry.category)}
            </td>
            <td
              {...roles.cell}
              className={`ledger-amount text-end ${onScreen && entry.direction === 'credit' ? 'text-success' : ''}`}
            >
              <Amount>{formatEntryAmount(entry)}</Amount>
            </td>
            <td {...roles.cell} className="ledger-balance text-end">
              <Amount>{formatUsd(entry.balanceAfterCents)}</Amount>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
