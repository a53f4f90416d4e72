import { describe, expect, it } from 'vitest';
import { orderedDetails } from './push-details';

describe('the details of a push request', () => {
  it('show what, where from and when, in that order, whatever order they came in', () => {
    const details = { Time: 'now', From: 'Chrome', 'IP address': '127.0.0.1' };
    expect(orderedDetails(details).map(([label]) => label)).toEqual(['From', 'IP address', 'Time']);
  });

  it('show a transfer’s amount and accounts first, and unknown details last', () => {
    const details = {
      Note: 'rent',
      'To account': '…4321',
      Time: 'now',
      Amount: '$1,500.00',
      'From account': '…1234',
    };
    expect(orderedDetails(details).map(([label]) => label)).toEqual([
      'Amount',
      'From account',
      'To account',
      'Time',
      'Note',
    ]);
  });
});
