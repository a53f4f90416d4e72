import { SEARCH_MIN_CHARACTERS } from '@anybank/contracts';

/**
 * The search boxes of document 2 §2 (advisor, client, marketing) as a pure state machine:
 * suggestions are asked for once more than one character is typed, an answer for an older
 * query is dropped, the arrow keys move through the list (wrapping round, as the WAI-ARIA
 * combobox pattern does), Enter chooses, Escape closes the list or, closed, clears the box,
 * and choosing clears the list. `SearchBox.tsx` renders it and asks for the suggestions.
 */

export interface Suggestion {
  /** Unique within one answer; also what the chooser is told. */
  id: string;
  label: string;
  /** A second line, such as the username under a name. */
  detail?: string;
}

export type SuggestionsStatus =
  /** Nothing to look up: too few characters typed, or a suggestion was just chosen. */
  | 'idle'
  | 'loading'
  | 'ready'
  /** The lookup failed; only logged (document 2 §8), so the box shows nothing. */
  | 'failed';

export interface SearchBoxState {
  query: string;
  status: SuggestionsStatus;
  /** The last answer; kept while the next one loads so that the list does not flicker. */
  suggestions: readonly Suggestion[];
  /** The suggestion the arrow keys are on; -1: none. */
  activeIndex: number;
  /** Escape closed the list; typing or an arrow key opens it again. */
  dismissed: boolean;
}

export type SearchBoxAction =
  | { type: 'typed'; query: string }
  | { type: 'loaded'; query: string; suggestions: readonly Suggestion[] }
  | { type: 'failed'; query: string }
  | { type: 'moved'; step: 1 | -1 }
  | { type: 'dismissed' }
  | { type: 'chosen' };

export const INITIAL_SEARCH_BOX_STATE: SearchBoxState = {
  query: '',
  status: 'idle',
  suggestions: [],
  activeIndex: -1,
  dismissed: false,
};

/** Document 2 §5, §9: fewer than 2 characters (spaces aside) trigger no lookup. */
export function isSearchable(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_CHARACTERS;
}

/** The next position in a list of `count`, wrapping round; from none, Down is the first, Up the last. */
export function stepIndex(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

export function searchBoxReducer(state: SearchBoxState, action: SearchBoxAction): SearchBoxState {
  switch (action.type) {
    case 'typed':
      if (!isSearchable(action.query)) {
        return { ...INITIAL_SEARCH_BOX_STATE, query: action.query };
      }
      return {
        ...state,
        query: action.query,
        status: 'loading',
        activeIndex: -1,
        dismissed: false,
      };
    case 'loaded':
      if (action.query !== state.query || state.status !== 'loading') return state;
      return { ...state, status: 'ready', suggestions: action.suggestions, activeIndex: -1 };
    case 'failed':
      if (action.query !== state.query || state.status !== 'loading') return state;
      return { ...state, status: 'failed', suggestions: [], activeIndex: -1 };
    case 'moved': {
      if (state.suggestions.length === 0) return state;
      // Down on a closed list opens it again on its first entry.
      const from = state.dismissed ? -1 : state.activeIndex;
      return {
        ...state,
        dismissed: false,
        activeIndex: stepIndex(from, state.suggestions.length, action.step),
      };
    }
    case 'dismissed':
      return { ...state, dismissed: true, activeIndex: -1 };
    case 'chosen':
      return INITIAL_SEARCH_BOX_STATE;
  }
}

/** The list of suggestions shows: there are some for what is typed, and Escape did not close it. */
export function isListOpen(state: SearchBoxState): boolean {
  return (
    !state.dismissed &&
    state.suggestions.length > 0 &&
    (state.status === 'ready' || state.status === 'loading')
  );
}

/** 'No suggestions available...' shows: the lookup for what is typed found no one. */
export function showsNoSuggestions(state: SearchBoxState): boolean {
  return !state.dismissed && state.status === 'ready' && state.suggestions.length === 0;
}

/** The suggestion Enter would choose, if the list is open on one. */
export function activeSuggestion(state: SearchBoxState): Suggestion | null {
  if (!isListOpen(state)) return null;
  return state.suggestions[state.activeIndex] ?? null;
}

/**
 * What a key pressed in the box does (WAI-ARIA combobox with a listbox popup): the arrows move
 * through the suggestions, Enter chooses the one the arrows are on, Escape closes an open list
 * or clears the box. `null`: the key is the input's own (typing, Home, End, Tab…).
 */
export function keyAction(
  key: string,
  state: SearchBoxState,
): { action: SearchBoxAction; chosen: Suggestion | null } | null {
  switch (key) {
    case 'ArrowDown':
      return state.suggestions.length > 0
        ? { action: { type: 'moved', step: 1 }, chosen: null }
        : null;
    case 'ArrowUp':
      return isListOpen(state) ? { action: { type: 'moved', step: -1 }, chosen: null } : null;
    case 'Enter': {
      const chosen = activeSuggestion(state);
      return chosen ? { action: { type: 'chosen' }, chosen } : null;
    }
    case 'Escape':
      if (isListOpen(state) || showsNoSuggestions(state)) {
        return { action: { type: 'dismissed' }, chosen: null };
      }
      return state.query !== '' ? { action: { type: 'typed', query: '' }, chosen: null } : null;
    default:
      return null;
  }
}
