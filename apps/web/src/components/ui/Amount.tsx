import type { ReactNode } from 'react';

/**
 * An amount of money as the page shows it: never broken across lines (not after its minus
 * sign, not inside its digits), however narrow the column — with "Behind the scenes" open the
 * page is narrower, and "$24,500.0 / 0" reads as a different number. `data-amount` marks it for
 * the journey that checks every amount keeps to one line.
 */
export function Amount({ children }: { children: ReactNode }) {
  return (
    <span className="text-nowrap" data-amount="">
      {children}
    </span>
  );
}
