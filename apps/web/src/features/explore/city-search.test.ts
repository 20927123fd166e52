import { describe, expect, it } from 'vitest';
import { cityFromInput, cityFromParams, suggestCities } from './city-search';

const CITIES = [
  'Irvine',
  'Los Angeles',
  'San Francisco',
  'Santa Cruz',
  'San Diego',
  'San Jose',
  'Santa Monica',
  'Savannah',
  'Boston',
];

describe('suggestCities', () => {
  it('offers at most 5 cities containing the text, in the given order', () => {
    expect(suggestCities(CITIES, 'sa')).toEqual([
      'San Francisco',
      'Santa Cruz',
      'San Diego',
      'San Jose',
      'Santa Monica',
    ]);
    expect(suggestCities(CITIES, 'an', 2)).toEqual(['Los Angeles', 'San Francisco']);
  });

  it('matches anywhere in the name, case-insensitively', () => {
    expect(suggestCities(CITIES, 'CISCO')).toEqual(['San Francisco']);
    expect(suggestCities(CITIES, '  vine ')).toEqual(['Irvine']);
  });

  it('leaves out the city typed exactly (in any case) but keeps longer ones', () => {
    expect(suggestCities(CITIES, 'irvine')).toEqual([]);
    expect(suggestCities(['San Jose', 'San Jose del Cabo'], 'san jose')).toEqual(['San Jose del Cabo']);
  });

  it('suggests nothing for empty input and drops duplicate spellings', () => {
    expect(suggestCities(CITIES, '')).toEqual([]);
    expect(suggestCities(CITIES, '   ')).toEqual([]);
    expect(suggestCities(['Paris', 'paris', 'PARIS'], 'par')).toEqual(['Paris']);
  });
});

describe('cityFromInput', () => {
  it('title-cases each word on submit', () => {
    expect(cityFromInput('new york')).toBe('New York');
    expect(cityFromInput('  sAN   fRANCISCO ')).toBe('San Francisco');
  });

  it('ignores empty input', () => {
    expect(cityFromInput('')).toBeNull();
    expect(cityFromInput('   ')).toBeNull();
  });
});

describe('cityFromParams', () => {
  it('defaults to Irvine and lets ?city= override it', () => {
    expect(cityFromParams(new URLSearchParams())).toBe('Irvine');
    expect(cityFromParams(new URLSearchParams('city=%20'))).toBe('Irvine');
    expect(cityFromParams(new URLSearchParams('city=Paris'))).toBe('Paris');
  });
});
