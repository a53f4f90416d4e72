import { Suspense, lazy, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A dialog whose code loads the first time it is to be shown, so a page that opens it only on
 * a click (or a failure) does not download it with its first screen. Once shown it stays
 * mounted: it closes with its fade and gives the focus back to what opened it, as if it had
 * always been there.
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isShown: (props: Props) => boolean,
): ComponentType<Props> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: Props) {
    const shown = isShown(props);
    const [needed, setNeeded] = useState(shown);
    // Derived state, set while rendering (React's documented pattern): no extra commit.
    if (shown && !needed) setNeeded(true);
    if (!needed && !shown) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
