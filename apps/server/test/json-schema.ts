import { readFileSync } from 'node:fs';
import { Ajv, type AnySchemaObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * JSON Schemas kept in `test/schemas/`, written from the specifications a response must meet
 * (Open Banking, SCIM), checked by Ajv: an implementation that shares nothing with the zod
 * contracts the server answers with, so a contract and its specification cannot drift apart
 * unnoticed.
 */

// Strict, except that an `if` may require a property its own subschema does not define: the
// usual way to write "scimType only with status 400".
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);

function load(file: string): AnySchemaObject {
  const schema = JSON.parse(
    readFileSync(new URL(`./schemas/${file}`, import.meta.url), 'utf8'),
  ) as AnySchemaObject;
  if (!ajv.getSchema(schema.$id ?? file)) ajv.addSchema(schema, schema.$id ?? file);
  return schema;
}

/** A validator for a schema file, or for one of its definitions (`#/definitions/…`). */
export function validatorOf(file: string, pointer = ''): ValidateFunction {
  const schema = load(file);
  const validate = ajv.getSchema(`${schema.$id ?? file}${pointer ? `#${pointer}` : ''}`);
  if (!validate) throw new Error(`no schema ${file}#${pointer}`);
  return validate;
}

/** Ajv's findings as lines a failing test prints: where, and what the schema wanted. */
export function findingsOf(validate: ValidateFunction, value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`,
  );
}
