import { describe, expect, it } from 'vitest';
import {
  INITIAL_SEARCH_BOX_STATE,
  activeSuggestion,
  isListOpen,
  isSearchable,
  keyAction,
  searchBoxReducer,
  showsNoSuggestions,
  stepIndex,
} from './search-box-model';
import type { SearchBoxAction, SearchBoxState, Suggestion } from './search-box-model';

const JANE: Suggestion = { id: 'jane', label: 'Jane Doe', detail: 'jane.doe' };
const JAMES: Suggestion = { id: 'james', label: 'James Taylor', detail: 'james.taylor' };
const JOHN: Suggestion = { id: 'john', label: 'John Smith', detail: 'john.smith' };

function run(...actions: SearchBoxAction[]): SearchBoxState {
  return actions.reduce(searchBoxReducer, INITIAL_SEARCH_BOX_STATE);
}

/** Typed "ja" and the answer came: Jane, James and John suggested, none picked yet. */
function withThreeSuggestions(): SearchBoxState {
  return run(
    { type: 'typed', query: 'ja' },
    { type: 'loaded', query: 'ja', suggestions: [JANE, JAMES, JOHN] },
  );
}

function press(state: SearchBoxState, ...keys: string[]): SearchBoxState {
  return keys.reduce((current, key) => {
    const outcome = keyAction(key, current);
    return outcome ? searchBoxReducer(current, outcome.action) : current;
  }, state);
}

describe('when a lookup starts', () => {
  it('asks for suggestions only once more than one character is typed', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('j')).toBe(false);
    expect(isSearchable(' j ')).toBe(false);
    expect(isSearchable('ja')).toBe(true);
    expect(run({ type: 'typed', query: 'j' }).status).toBe('idle');
    expect(run({ type: 'typed', query: 'ja' }).status).toBe('loading');
  });

  it('drops the suggestions when the text gets too short again', () => {
    const state = searchBoxReducer(withThreeSuggestions(), { type: 'typed', query: 'j' });
    expect(state).toEqual({ ...INITIAL_SEARCH_BOX_STATE, query: 'j' });
    expect(isListOpen(state)).toBe(false);
  });

  it('ignores an answer for text that has since changed', () => {
    const state = run(
      { type: 'typed', query: 'ja' },
      { type: 'typed', query: 'jan' },
      { type: 'loaded', query: 'ja', suggestions: [JANE, JAMES] },
    );
    expect(state.status).toBe('loading');
    expect(state.suggestions).toEqual([]);
    const answered = searchBoxReducer(state, {
      type: 'loaded',
      query: 'jan',
      suggestions: [JANE],
    });
    expect(answered.suggestions).toEqual([JANE]);
  });

  it('keeps showing the last suggestions while the next lookup loads', () => {
    const state = searchBoxReducer(withThreeSuggestions(), { type: 'typed', query: 'jan' });
    expect(state.status).toBe('loading');
    expect(isListOpen(state)).toBe(true);
  });
});

describe('what the box shows', () => {
  it('opens the list when suggestions come back', () => {
    const state = withThreeSuggestions();
    expect(isListOpen(state)).toBe(true);
    expect(showsNoSuggestions(state)).toBe(false);
  });

  it("says 'No suggestions available...' only once a lookup found no one", () => {
    const loading = run({ type: 'typed', query: 'zz' });
    expect(showsNoSuggestions(loading)).toBe(false);
    const empty = searchBoxReducer(loading, { type: 'loaded', query: 'zz', suggestions: [] });
    expect(showsNoSuggestions(empty)).toBe(true);
    expect(isListOpen(empty)).toBe(false);
  });

  it('shows neither list nor text when the lookup failed', () => {
    const state = run({ type: 'typed', query: 'ja' }, { type: 'failed', query: 'ja' });
    expect(isListOpen(state)).toBe(false);
    expect(showsNoSuggestions(state)).toBe(false);
  });

  it('clears the list and the text once a suggestion is chosen', () => {
    const state = searchBoxReducer(press(withThreeSuggestions(), 'ArrowDown'), {
      type: 'chosen',
    });
    expect(state).toEqual(INITIAL_SEARCH_BOX_STATE);
    expect(isListOpen(state)).toBe(false);
  });
});

describe('the keyboard', () => {
  it('moves down and up through the suggestions, wrapping round at either end', () => {
    const state = withThreeSuggestions();
    expect(press(state, 'ArrowDown').activeIndex).toBe(0);
    expect(press(state, 'ArrowDown', 'ArrowDown', 'ArrowDown').activeIndex).toBe(2);
    expect(press(state, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown').activeIndex).toBe(0);
    expect(press(state, 'ArrowUp').activeIndex).toBe(2);
    expect(press(state, 'ArrowDown', 'ArrowUp').activeIndex).toBe(2);
  });

  it('chooses the suggestion the arrows are on with Enter', () => {
    const state = press(withThreeSuggestions(), 'ArrowDown', 'ArrowDown');
    expect(activeSuggestion(state)).toEqual(JAMES);
    expect(keyAction('Enter', state)).toEqual({ action: { type: 'chosen' }, chosen: JAMES });
  });

  it('leaves Enter to the form when no suggestion is picked', () => {
    expect(keyAction('Enter', withThreeSuggestions())).toBeNull();
    expect(keyAction('Enter', INITIAL_SEARCH_BOX_STATE)).toBeNull();
  });

  it('closes the list with Escape, then clears the text with a second Escape', () => {
    const closed = press(withThreeSuggestions(), 'ArrowDown', 'Escape');
    expect(isListOpen(closed)).toBe(false);
    expect(closed.query).toBe('ja');
    expect(activeSuggestion(closed)).toBeNull();
    expect(keyAction('Enter', closed)).toBeNull();
    const cleared = press(closed, 'Escape');
    expect(cleared.query).toBe('');
    expect(keyAction('Escape', cleared)).toBeNull();
  });

  it("closes 'No suggestions available...' with Escape", () => {
    const empty = run(
      { type: 'typed', query: 'zz' },
      { type: 'loaded', query: 'zz', suggestions: [] },
    );
    expect(showsNoSuggestions(press(empty, 'Escape'))).toBe(false);
  });

  it('opens a closed list again on its first suggestion with the down arrow', () => {
    const reopened = press(withThreeSuggestions(), 'ArrowDown', 'ArrowDown', 'Escape', 'ArrowDown');
    expect(isListOpen(reopened)).toBe(true);
    expect(reopened.activeIndex).toBe(0);
  });

  it('leaves the arrows to the text when there is nothing to move through', () => {
    expect(keyAction('ArrowDown', INITIAL_SEARCH_BOX_STATE)).toBeNull();
    expect(keyAction('ArrowUp', INITIAL_SEARCH_BOX_STATE)).toBeNull();
    expect(keyAction('Home', withThreeSuggestions())).toBeNull();
    expect(keyAction('a', withThreeSuggestions())).toBeNull();
  });
});

describe('stepping through a list', () => {
  it('has nowhere to go in an empty list', () => {
    expect(stepIndex(-1, 0, 1)).toBe(-1);
  });

  it('starts from either end when nothing is picked', () => {
    expect(stepIndex(-1, 4, 1)).toBe(0);
    expect(stepIndex(-1, 4, -1)).toBe(3);
  });
});
