/**
 * A unique violation (SQLSTATE 23505) from either driver, and the constraint it names ('' when
 * the driver names none); null for any other error. Drizzle wraps the driver's error as `cause`,
 * so the chain is walked.
 */
export function uniqueViolationOf(error: unknown): { constraint: string } | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return null;
}
