/**
 * How long a push request still waits for an answer, as the phone shows it. The server expires
 * a request 2 minutes after sending it; a request past its time is not answered any more.
 */

/** Whole seconds until `expiresAt` (ISO 8601) at `nowMs`; 0 once it has passed or is unreadable. */
export function secondsLeft(expiresAt: string, nowMs: number): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return 0;
  return Math.max(0, Math.floor((expires - nowMs) / 1000));
}

/** '1:05 left', '0:09 left', or 'Expired'. */
export function formatTimeLeft(seconds: number): string {
  if (seconds <= 0) return 'Expired';
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return `${minutes}:${rest} left`;
}
