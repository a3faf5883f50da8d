// The view a list was left in when one of its rows was opened, so that coming back to the bare
// list (a detail page's "after saving, back to the list", or its menu link) shows the same filter,
// search and page again (issue #19). In memory only: a reload or a new tab starts clean.

let left: { pathname: string; search: string } | null = null;

export function rememberListView(pathname: string, search: string): void {
  left = search ? { pathname, search } : null;
}

/** The remembered query for this list, once; any other list's memory is dropped. */
export function takeListView(pathname: string): string | null {
  const view = left;
  left = null;
  return view && view.pathname === pathname ? view.search : null;
}

export function forgetListView(): void {
  left = null;
}
