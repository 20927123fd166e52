import { DEFAULT_CITY, EXPLORE_SUGGESTIONS_MAX, titleCaseWords } from '@glimpse/shared';

/**
 * The rules of the Explore city search (SPEC §2 Explore, §5, §9), kept pure so they are tested
 * on their own: suggestions are up to 5 known cities containing the typed text, case-insensitively,
 * never the city exactly as typed (choosing it would change nothing); a submit title-cases each
 * word; empty input is ignored.
 */

/** Up to `max` cities (in the given order, e.g. most posts first) containing `input`, exact match excluded. */
export function suggestCities(
  cities: readonly string[],
  input: string,
  max: number = EXPLORE_SUGGESTIONS_MAX,
): string[] {
  const needle = input.trim().toLowerCase();
  if (!needle) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const city of cities) {
    const key = city.trim().toLowerCase();
    if (!key || key === needle || seen.has(key) || !key.includes(needle)) continue;
    seen.add(key);
    out.push(city);
    if (out.length >= max) break;
  }
  return out;
}

/** The city a submitted text selects ("new  york" -> "New York"), or null when there is nothing to search. */
export function cityFromInput(input: string): string | null {
  const city = titleCaseWords(input);
  return city ? city : null;
}

/** The city in ?city=, or Irvine when the parameter is missing or blank. */
export function cityFromParams(params: URLSearchParams): string {
  return params.get('city')?.trim() || DEFAULT_CITY;
}
