import { useEffect, useId, useReducer, useRef } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { messages } from '@anybank/contracts';
import {
  INITIAL_SEARCH_BOX_STATE,
  isListOpen,
  keyAction,
  searchBoxReducer,
  showsNoSuggestions,
} from './search-box-model';
import type { Suggestion } from './search-box-model';

export type { Suggestion } from './search-box-model';

/** Typing pauses this long before a lookup goes out: one request per word, not per key. */
const LOOKUP_DELAY_MS = 200;

/** Bootstrap's active list entry in the brand's navy: its default blue is too light for AA. */
const LIST_STYLE = {
  zIndex: 1050,
  maxHeight: '18rem',
  '--bs-list-group-active-bg': 'var(--bs-primary)',
  '--bs-list-group-active-border-color': 'var(--bs-primary)',
} as CSSProperties;

interface SearchBoxProps {
  label: string;
  /** A line under the box saying what can be searched for. */
  hint: string;
  placeholder?: string;
  /**
   * The suggestions for what is typed (called with more than one character). Keep its
   * identity stable (`useCallback`): a new function asks again.
   */
  loadSuggestions: (query: string, signal: AbortSignal) => Promise<readonly Suggestion[]>;
  onChoose: (suggestion: Suggestion) => void;
  className?: string;
}

/**
 * The portals' search box (document 2 §2 "Search boxes"), an editable combobox with a listbox
 * popup as the WAI-ARIA Authoring Practices describe it: focus stays in the box while
 * `aria-activedescendant` follows the arrow keys, so a screen reader reads each suggestion.
 */
export function SearchBox({
  label,
  hint,
  placeholder,
  loadSuggestions,
  onChoose,
  className,
}: SearchBoxProps) {
  const [state, dispatch] = useReducer(searchBoxReducer, INITIAL_SEARCH_BOX_STATE);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const open = isListOpen(state);
  const noSuggestions = showsNoSuggestions(state);
  const { query, status, activeIndex } = state;

  useEffect(() => {
    if (status !== 'loading') return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      loadSuggestions(query, controller.signal).then(
        (suggestions) => {
          if (!controller.signal.aborted) dispatch({ type: 'loaded', query, suggestions });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Document 2 §8: a failed lookup is only logged.
          console.warn('The search suggestions could not be loaded', error);
          dispatch({ type: 'failed', query });
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, status, loadSuggestions]);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (suggestion: Suggestion) => {
    dispatch({ type: 'chosen' });
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const outcome = keyAction(event.key, state);
    if (!outcome) return;
    event.preventDefault();
    dispatch(outcome.action);
    if (outcome.chosen) onChoose(outcome.chosen);
  };

  return (
    <div className={className}>
      <label id={labelId} htmlFor={inputId} className="form-label">
        {label}
      </label>
      <div className="position-relative">
        <input
          id={inputId}
          type="text"
          className="form-control"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={query}
          onChange={(event) => dispatch({ type: 'typed', query: event.target.value })}
          onKeyDown={onKeyDown}
          onBlur={() => dispatch({ type: 'dismissed' })}
        />
        <div
          id={listId}
          ref={listRef}
          role="listbox"
          aria-labelledby={labelId}
          hidden={!open}
          className="list-group position-absolute top-100 start-0 w-100 mt-1 shadow overflow-auto"
          style={LIST_STYLE}
        >
          {state.suggestions.map((suggestion, index) => {
            const active = index === activeIndex;
            return (
              // The keyboard reaches the options through the box (aria-activedescendant), as
              // the combobox pattern asks: an option takes no focus and no key of its own.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys are the combobox input's
              <div
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={active}
                tabIndex={-1}
                className={`list-group-item list-group-item-action${active ? ' active' : ''}`}
                style={{ cursor: 'pointer' }}
                // Keeps the focus in the box, so that the click is not cut short by its blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
              >
                <span className="d-block">{suggestion.label}</span>
                {suggestion.detail && (
                  <small className={active ? 'd-block' : 'd-block text-body-secondary'}>
                    {suggestion.detail}
                  </small>
                )}
              </div>
            );
          })}
        </div>
        <div role="status" aria-live="polite" aria-atomic="true">
          {noSuggestions && (
            <p
              className="list-group-item position-absolute top-100 start-0 w-100 mt-1 mb-0 px-3 py-2 border rounded bg-body shadow"
              style={{ zIndex: 1050 }}
            >
              {messages.search.noSuggestions}
            </p>
          )}
          {open && status === 'ready' && (
            <span className="visually-hidden">
              {messages.search.suggestionsAvailable(state.suggestions.length)}
            </span>
          )}
        </div>
      </div>
      <div id={hintId} className="form-text">
        {hint}
      </div>
    </div>
  );
}
