import { Table } from 'react-bootstrap';
import { categoryLabel, type ActivityEntry } from '@anybank/contracts';
import { formatUsd } from '../../lib/accounts';
import { formatEntryAmount, formatEntryDate } from '../../lib/activity-format';
import { Amount } from '../../components/ui/Amount';

/**
 * An account's entries as the activity page and a printed statement show them: date,
 * description, category, amount (credits in green on screen) and the balance after each.
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
  return (
    <Table
      size="sm"
      responsive={onScreen}
      hover={onScreen}
      {...('labelledBy' in label
        ? { 'aria-labelledby': label.labelledBy }
        : { 'aria-label': label.text })}
    >
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Description</th>
          <th scope="col">Category</th>
          <th scope="col" className="text-end">
            Amount
          </th>
          <th scope="col" className="text-end">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{formatEntryDate(entry.bookedAt)}</td>
            <td>{entry.description}</td>
            <td>{categoryLabel(entry.category)}</td>
            <td
              className={`text-end ${onScreen && entry.direction === 'credit' ? 'text-success' : ''}`}
            >
              <Amount>{formatEntryAmount(entry)}</Amount>
            </td>
            <td className="text-end">
              <Amount>{formatUsd(entry.balanceAfterCents)}</Amount>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
