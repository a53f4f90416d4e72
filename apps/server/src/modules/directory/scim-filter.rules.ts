import { parse, type Filter } from 'scim2-parse-filter';

/**
 * The marketing lookup's SCIM filters (RFC 7644 §3.4.2.2), parsed by a maintained parser and
 * narrowed to what the directory answers: the username (`uid`, or SCIM's `userName`) compared
 * as text, combined with and, or, not. Anything else is an `invalidFilter`.
 */

export type UidCondition =
  | { op: 'eq' | 'ne' | 'sw' | 'ew' | 'co'; value: string }
  | { op: 'pr' }
  | { op: 'and' | 'or'; conditions: UidCondition[] }
  | { op: 'not'; condition: UidCondition };

/** A filter the directory cannot answer; `detail` tells the caller why. */
export class InvalidScimFilter extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'InvalidScimFilter';
  }
}

// Attribute names are case-insensitive (RFC 7643 §2.1); userName may be fully qualified.
const UID_NAMES = new Set([
  'uid',
  'username',
  'urn:ietf:params:scim:schemas:core:2.0:user:username',
]);
const TEXT_OPERATORS = new Set(['eq', 'ne', 'sw', 'ew', 'co']);

function toCondition(filter: Filter): UidCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { op: filter.op, conditions: filter.filters.map(toCondition) };
    case 'not':
      return { op: 'not', condition: toCondition(filter.filter) };
    case '[]':
      throw new InvalidScimFilter(
        `The directory has no multi-valued attribute ${filter.attrPath}.`,
      );
    case 'pr':
      requireUid(filter.attrPath);
      return { op: 'pr' };
    default: {
      requireUid(filter.attrPath);
      if (!TEXT_OPERATORS.has(filter.op)) {
        throw new InvalidScimFilter(`The operator ${filter.op} is not supported for uid.`);
      }
      if (typeof filter.compValue !== 'string') {
        throw new InvalidScimFilter('uid is compared with a quoted string.');
      }
      return { op: filter.op as 'eq' | 'ne' | 'sw' | 'ew' | 'co', value: filter.compValue };
    }
  }
}

function requireUid(attrPath: string) {
  if (!UID_NAMES.has(attrPath.toLowerCase())) {
    throw new InvalidScimFilter(`Only uid can be filtered on, not ${attrPath}.`);
  }
}

/** The condition a filter sets on usernames; throws InvalidScimFilter when there is none. */
export function parseUidFilter(text: string): UidCondition {
  let filter: Filter;
  try {
    filter = parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidScimFilter(`The filter is not valid SCIM filter syntax (${reason}).`);
  }
  return toCondition(filter);
}
