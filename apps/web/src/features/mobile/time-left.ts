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

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * When a request was sent, in words: 'now', '2 minutes ago', '3 hours ago', else
 * the date; a value that is not a time stays as it came.
 */
export function sentAgo(sentAt: string, nowMs: number): string {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return sentAt;
  const seconds = Math.max(0, Math.round((nowMs - sent) / 1000));
  if (seconds < 45) return RELATIVE.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return RELATIVE.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return RELATIVE.format(-hours, 'hour');
  return new Date(sent).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
