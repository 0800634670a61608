import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_LATITUDE,
  panned,
  positionAt,
  project,
  TILE_SIZE,
  tilesFor,
  unproject,
  viewPointOf,
  wrapLongitude,
} from './map-tiles';

describe('map tile math', () => {
  it('numbers tiles as OpenStreetMap does', () => {
    // Bafoussam (5.4778° N, 10.4176° E) at zoom 12 is tile 2166/1985.
    const bafoussam = project({ latitude: 5.4778, longitude: 10.4176 }, 12);
    expect(Math.floor(bafoussam.x / TILE_SIZE)).toBe(2166);
    expect(Math.floor(bafoussam.y / TILE_SIZE)).toBe(1985);
    expect(project({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ latitude: 90, longitude: -180 }, 1)).toEqual({ x: 0, y: expect.closeTo(0, 6) });
  });

  it('finds back the position it projected, at every zoom', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -MAX_LATITUDE, max: MAX_LATITUDE, noNaN: true }),
        fc.double({ min: -180, max: 179.999, noNaN: true }),
        fc.integer({ min: 0, max: 18 }),
        (latitude, longitude, zoom) => {
          const back = unproject(project({ latitude, longitude }, zoom), zoom);
          expect(back.latitude).toBeCloseTo(latitude, 6);
          expect(back.longitude).toBeCloseTo(longitude, 6);
        },
      ),
    );
  });

  it('places the centre of a view in its middle, and a tap beside it where it falls', () => {
    const center = { latitude: 5.48, longitude: 10.42 };
    expect(positionAt(center, 14, { x: 180, y: 120 }, 360, 240).latitude).toBeCloseTo(5.48, 9);
    const tapped = positionAt(center, 14, { x: 280, y: 20 }, 360, 240);
    expect(tapped.longitude).toBeGreaterThan(10.42);
    expect(tapped.latitude).toBeGreaterThan(5.48);
    const back = viewPointOf(tapped, center, 14, 360, 240);
    expect(back.x).toBeCloseTo(280, 6);
    expect(back.y).toBeCloseTo(20, 6);
  });

  it('keeps what was under the pointer under it when the map is dragged', () => {
    const center = { latitude: 5.48, longitude: 10.42 };
    const under = positionAt(center, 10, { x: 100, y: 100 }, 360, 240);
    const moved = panned(center, 10, 30, -40);
    const point = viewPointOf(under, moved, 10, 360, 240);
    expect(point.x).toBeCloseTo(130, 6);
    expect(point.y).toBeCloseTo(60, 6);
  });

  it('covers a view with tiles, wrapping round the date line and stopping at the poles', () => {
    const tiles = tilesFor({ latitude: 5.48, longitude: 10.42 }, 12, 360, 240);
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    for (const tile of tiles) {
      expect(tile.left).toBeLessThan(360);
      expect(tile.left + TILE_SIZE).toBeGreaterThan(0);
      expect(tile.url).toBe(`https://tile.openstreetmap.org/12/${tile.x}/${tile.y}.png`);
    }
    const dateLine = tilesFor({ latitude: 0, longitude: 179.99 }, 3, 512, 256);
    expect(dateLine.map((tile) => tile.x)).toEqual(expect.arrayContaining([0, 7]));
    const world = tilesFor({ latitude: 0, longitude: 0 }, 2, 1024, 2048);
    expect(Math.max(...world.map((tile) => tile.y))).toBe(3);
    expect(Math.min(...world.map((tile) => tile.y))).toBe(0);
  });

  it('brings longitudes into one turn of the world', () => {
    expect(wrapLongitude(190)).toBeCloseTo(-170, 9);
    expect(wrapLongitude(-190)).toBeCloseTo(170, 9);
    expect(wrapLongitude(10.42)).toBeCloseTo(10.42, 9);
  });
});
