import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAREST_CITY_MAX_KM, type NearestCity } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';
import { insertPostRow } from './posts.fixtures.js';

let t: TestApp;
let author: SeededUser;
let stranger: SeededUser;

const IRVINE = { latitude: 33.6846, longitude: -117.8265 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

beforeAll(async () => {
  t = await createTestApp();
  author = await seedUser(t);
  stranger = await seedUser(t);
  await insertPostRow(t, author, { city: 'Irvine', ...IRVINE });
  await insertPostRow(t, author, { city: 'Los Angeles', ...LOS_ANGELES });
  await insertPostRow(t, author, { city: 'Paris', latitude: 48.8566, longitude: 2.3522 });
  // Nearer to the asked point than Irvine, but only its author may see it.
  await insertPostRow(t, author, {
    city: 'Tustin',
    latitude: 33.7458,
    longitude: -117.8262,
    privacy: 'private',
  });
  // A post without a city says nothing about where cities are.
  await insertPostRow(t, author, { city: null, latitude: 33.75, longitude: -117.83 });
});
afterAll(async () => {
  await t.close();
});

async function nearest(lat: number | string, lon: number | string, auth: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/posts/nearest-city?lat=${lat}&lon=${lon}`, headers: auth });
}

describe('GET /api/posts/nearest-city', () => {
  it('answers the nearest city of a post the caller may see, with the distance', async () => {
    const res = await nearest(33.74, -117.83);
    expect(res.statusCode).toBe(200);
    expect(res.json<NearestCity>()).toEqual({ city: 'Irvine', distanceKm: 6 });
    expect((await nearest(34.0, -118.2)).json<NearestCity>().city).toBe('Los Angeles');
    // The author also sees their private post's city.
    expect((await nearest(33.74, -117.83, author.auth)).json<NearestCity>().city).toBe('Tustin');
    expect((await nearest(33.74, -117.83, stranger.auth)).json<NearestCity>().city).toBe('Irvine');
  });

  it(`offers nothing farther than ${NEAREST_CITY_MAX_KM} km`, async () => {
    // Las Vegas: ~370 km from Irvine and Los Angeles.
    expect((await nearest(36.17, -115.14)).json<NearestCity>()).toEqual({ city: null, distanceKm: null });
    expect((await nearest(0, 0)).json<NearestCity>()).toEqual({ city: null, distanceKm: null });
  });

  it.each([
    ['91', '0', 'Latitude must be between -90 and 90'],
    ['abc', '0', 'Latitude must be between -90 and 90'],
    ['0', '-181', 'Longitude must be between -180 and 180'],
  ])('refuses lat=%s lon=%s (400)', async (lat, lon, message) => {
    const res = await nearest(lat, lon);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('reads the latitude band through its partial index', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select city from posts
        where latitude is not null and longitude is not null and city <> ''
          and latitude between 32.0 and 35.0 and longitude between -119.0 and -116.0`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('posts_city_position_idx');
  });
});
