/** About the width of one character of a 14 px Roboto cell (digits are 7.8 px, capitals up to 9). */
const CHAR_PX = 8.6;
/** A cell's left and right padding. */
const CELL_PADDING_PX = 24;
/** A grid header's sort arrow and menu button beside its title. */
const HEADER_ICONS_PX = 56;

/**
 * A grid column wide enough for its header and its longest value (issue 33, item 6: "KES
 * 1,000,00…" was cut in the payroll run's 130 px columns). Never below `min`.
 */
export function fitWidth(header: string, values: readonly string[], min = 100): number {
  const longest = values.reduce((n, s) => Math.max(n, s.length), 0);
  return Math.ceil(
    Math.max(min, header.length * CHAR_PX + CELL_PADDING_PX + HEADER_ICONS_PX, longest * CHAR_PX + CELL_PADDING_PX),
  );
}
