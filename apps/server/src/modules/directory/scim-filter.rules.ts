import { SCIM_SCHEMAS } from '@anybank/contracts';
import { parse, type Filter } from 'scim2-parse-filter';

/**
 * The marketing lookup's SCIM filters (RFC 7644 §3.4.2.2), parsed by a maintained parser and
 * narrowed to what the directory answers: the username (`uid`, or SCIM's `userName`) compared
 * as text, and `schemas`, combined with and, or, not. Any other attribute, and an operator these
 * two do not take, is an `invalidFilter` (RFC 7644 §3.12: "the specified attribute and filter
 * comparison combination is not supported"): the lookup finds customers by username only, so
 * marketing cannot search for people by the contact details they did not choose to share.
 */

type TextOperator = 'eq' | 'ne' | 'sw' | 'ew' | 'co';

export type UidCondition =
  | { op: TextOperator; value: string }
  | { op: 'pr' }
  | { op: 'and' | 'or'; conditions: UidCondition[] }
  | { op: 'not'; condition: UidCondition }
  /** Decided without reading anyone: every user's `schemas` is the same. */
  | { op: 'const'; matches: boolean };

/** A filter the directory cannot answer; `detail` tells the caller why. */
export class InvalidScimFilter extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'InvalidScimFilter';
  }
}

// Attribute names are case-insensitive (RFC 7643 §2.1); userName may be fully qualified.
const UID_NAMES = new Set(['uid', 'username', `${SCIM_SCHEMAS.user.toLowerCase()}:username`]);
const TEXT_OPERATORS = new Set<string>(['eq', 'ne', 'sw', 'ew', 'co']);

function isTextOperator(op: string): op is TextOperator {
  return TEXT_OPERATORS.has(op);
}

/** A text comparison as SCIM makes it for strings that are not caseExact. */
function compareText(op: TextOperator, attribute: string, value: string): boolean {
  const [left, right] = [attribute.toLowerCase(), value.toLowerCase()];
  if (op === 'eq') return left === right;
  if (op === 'ne') return left !== right;
  if (op === 'sw') return left.startsWith(right);
  if (op === 'ew') return left.endsWith(right);
  return left.includes(right);
}

function toCondition(filter: Filter): UidCondition {
  switch (filter.op) {
    case 'and':
    case 'or':
      return { op: filter.op, conditions: filter.filters.map(toCondition) };
    case 'not':
      return { op: 'not', condition: toCondition(filter.filter) };
    case '[]':
      throw new InvalidScimFilter(
        `The directory has no multi-valued attribute ${filter.attrPath} to filter within.`,
      );
    case 'pr':
      return attributeOf(filter.attrPath) === 'schemas'
        ? { op: 'const', matches: true }
        : { op: 'pr' };
    default: {
      const attribute = attributeOf(filter.attrPath);
      if (!isTextOperator(filter.op)) {
        throw new InvalidScimFilter(`The operator ${filter.op} is not supported for ${attribute}.`);
      }
      if (typeof filter.compValue !== 'string') {
        throw new InvalidScimFilter(`${attribute} is compared with a quoted string.`);
      }
      if (attribute === 'schemas') {
        return {
          op: 'const',
          matches: compareText(filter.op, SCIM_SCHEMAS.user, filter.compValue),
        };
      }
      return { op: filter.op, value: filter.compValue };
    }
  }
}

function attributeOf(attrPath: string): 'uid' | 'schemas' {
  const name = attrPath.toLowerCase();
  if (UID_NAMES.has(name)) return 'uid';
  if (name === 'schemas') return 'schemas';
  throw new InvalidScimFilter(
    `Only userName (uid) and schemas can be filtered on, not ${attrPath}.`,
  );
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
