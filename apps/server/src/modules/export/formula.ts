// Issue #30: the one guard against spreadsheet formula injection ("CSV injection", OWASP) for every
// file the portal writes — the list exports (CSV and XLSX, sheet.ts), the import's template and
// rejected rows, the announcement's table. How cells are quoted is sheet.ts; what the import
// refuses to take in at all is impor/kinds.ts (it uses `diawaliRumus` too).

/**
 * What a spreadsheet takes for the start of a formula (OWASP: = + - @, tab, carriage return),
 * and the full-width forms of = + - @: Excel with an East Asian input method turns them into the
 * ASCII ones as a cell is typed, so a cell beginning with one becomes a formula once edited. No
 * real name, address or reason begins with any of them; the cost of a quote on one is nothing.
 */
const AWAL_RUMUS = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Whether a text would be read as a formula by Excel or LibreOffice. */
export const diawaliRumus = (text: string): boolean => AWAL_RUMUS.test(text);

/**
 * A text that would be read as a formula, prefixed with a single quote so it is read as text
 * (OWASP's remedy). Also in XLSX, where the cell is already written as a string: Excel and
 * LibreOffice parse a cell again as typed when it is edited (F2, Enter) or pasted as text, and
 * `=HYPERLINK(…)` would then become a live link; `'=HYPERLINK(…)` stays text. The quote is
 * visible — on purpose: such a value is suspect and should look it.
 */
export const netral = (text: string): string => (diawaliRumus(text) ? `'${text}` : text);

/**
 * A cell's value as every writer must write it: text neutralised; numbers (a negative number is a
 * number, not a formula), dates, booleans and empty cells as they are.
 */
export function selAman<T>(value: T): T | string {
  return typeof value === 'string' ? netral(value) : value;
}
