import { describe, expect, it } from 'vitest';
import { orderedDetails, placeOf } from './push-details';

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

  it.each([
    ['127.0.0.1', 'this computer'],
    ['::1', 'this computer'],
    ['::ffff:127.0.0.1', 'this computer'],
    ['192.168.1.20', 'local network'],
    ['10.0.0.7', 'local network'],
    ['172.20.3.4', 'local network'],
    ['fd12:3456::1', 'local network'],
    ['172.32.0.1', null],
    ['203.0.113.9', null],
  ])('say the sign-in from %s came from %s', (ip, place) => {
    expect(placeOf(ip)).toBe(place);
  });
});
