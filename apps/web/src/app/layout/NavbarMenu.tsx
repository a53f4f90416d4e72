import { useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import NavbarContext from 'react-bootstrap/NavbarContext';

/** As react-bootstrap's Collapse: the transition is over at its end, or after 300 ms at most. */
const TRANSITION_MS = 300;

/**
 * The navbar's collapsing menu: Bootstrap's collapse (its classes and height transition, run as
 * react-bootstrap's `Collapse` and Bootstrap's own collapse.js run them) for the one element
 * that needs it on every page, without react-transition-group and its helpers (~3 KB gzip in
 * the JavaScript of the first page, ADR 0024). `NavbarToggle` opens and closes it through the
 * navbar's context, as it does `NavbarCollapse`.
 */
export function NavbarMenu({ id, children }: { id: string; children: ReactNode }) {
  const expanded = useContext(NavbarContext)?.expanded ?? false;
  const ref = useRef<HTMLDivElement>(null);
  // What the element shows now; the classes below change only through the transition, so React
  // renders the first ones and leaves the attribute alone after (the prop never changes).
  const shown = useRef(expanded);
  const [initialClass] = useState(() => (expanded ? 'collapse show' : 'collapse'));

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || shown.current === expanded) return undefined;
    shown.current = expanded;
    let over = false;
    const finish = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      element.removeEventListener('transitionend', onEnd);
      element.classList.remove('collapsing');
      element.classList.add('collapse');
      element.classList.toggle('show', expanded);
      element.style.height = '';
    };
    const onEnd = (event: TransitionEvent) => {
      if (event.target === element) finish();
    };
    if (expanded) {
      element.classList.remove('collapse');
      element.classList.add('collapsing');
      element.style.height = '0';
      // Reading a size lays the closed menu out, so that the height then transitions from 0.
      void element.offsetHeight;
      element.style.height = `${element.scrollHeight}px`;
    } else {
      element.style.height = `${element.getBoundingClientRect().height}px`;
      void element.offsetHeight;
      element.classList.add('collapsing');
      element.classList.remove('collapse', 'show');
      element.style.height = '';
    }
    element.addEventListener('transitionend', onEnd);
    const timer = setTimeout(finish, TRANSITION_MS);
    // A toggle before the end: this transition ends at once, the next starts from its end.
    return finish;
  }, [expanded]);

  return (
    <div ref={ref} id={id} className={`navbar-collapse ${initialClass}`}>
      {children}
    </div>
  );
}
