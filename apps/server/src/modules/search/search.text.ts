/**
 * Turning a member's free text into pieces that are safe to hand to PostgreSQL. Nothing here
 * builds SQL: every value leaves as a bound parameter. These functions only decide which
 * characters mean what, because LIKE patterns and to_tsquery() both have syntax of their own.
 */

/** `%`, `_` and `\` are LIKE syntax; escaped, a search for "a_b" means those three characters. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Letters (with their combining marks) and digits of any script: the only characters a prefix term keeps. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Enough for any real query (the whole query is at most 200 characters anyway). */
const MAX_PREFIX_TERMS = 12;

/** Lower-cased words of the text, punctuation and symbols dropped: "Sunri, beach!" -> [sunri, beach]. */
export function wordsOf(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).slice(0, MAX_PREFIX_TERMS);
}

/**
 * websearch_to_tsquery() syntax a member may have meant: "quoted phrases", -exclusions and OR.
 * When present, the query is taken exactly as written (an added prefix alternative would bring
 * back the very posts a "-word" was meant to exclude).
 */
export function usesWebsearchOperators(text: string): boolean {
  return /"/.test(text) || /(^|\s)-\S/.test(text) || /(^|\s)or(\s|$)/i.test(text);
}

/**
 * The to_tsquery() text of "every word, as a prefix": "sunri bea" -> "sunri:* & bea:*", so a
 * half-typed word still finds its posts. Built only from wordsOf(), so the result contains
 * nothing but word characters, ":*" and " & ": raw input can never reach to_tsquery's parser
 * (which, unlike websearch_to_tsquery, raises an error on a stray operator). Null when the text
 * has no words at all ("!!!", "&|", emoji).
 */
export function prefixQueryText(text: string): string | null {
  const words = wordsOf(text);
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Tags are often typed with their hash sign ("#sunset"); the stored tag has none. */
export function tagNeedle(text: string): string {
  return text.replace(/^#+/, '').trim().toLowerCase();
}
