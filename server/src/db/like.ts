// LIKE / ILIKE patterns built from user text. `%`, `_` and the escape character `\` in the text are
// escaped, so a search for "50%" or "a_b" matches those characters literally. The backslash is
// PostgreSQL's default LIKE escape (PGlite is PostgreSQL and behaves the same); the value is always
// bound as a parameter, so standard_conforming_strings plays no part.

/** The text with `\`, `%` and `_` escaped for a LIKE pattern (escape character `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** `%text%`: the column contains the text. */
export const likeContains = (text: string): string => `%${escapeLike(text)}%`;

/** `text%`: the column starts with the text. */
export const likeStarts = (text: string): string => `${escapeLike(text)}%`;

/** `%text`: the column ends with the text. */
export const likeEnds = (text: string): string => `%${escapeLike(text)}`;
