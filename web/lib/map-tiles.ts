// Web Mercator tile math for the farm map (OpenStreetMap's "slippy map" tiles): a position ↔ world pixels at a
// zoom, and which 256 px tiles cover a view. Pure, so the map's placing of a pin is unit-tested.
import { MAP_TILE_ORIGIN } from '../../contract/constants';

export const TILE_SIZE = 256;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 18;
/** Web Mercator's limit: the square world ends here. */
export const MAX_LATITUDE = 85.05112878;

/** The farm map's height in px (its width is its box's). */
export const MAP_HEIGHT = 240;
/** Where the farm map opens before any pin: the region of the deployments (Cameroon and its neighbours). */
export const START_VIEW = { center: { latitude: 6, longitude: 11 }, zoom: 6 };

export interface LatLon {
  latitude: number;
  longitude: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Tile {
  /** Tile column and row as the tile server numbers them (column wrapped round the world). */
  x: number;
  y: number;
  zoom: number;
  /** Where its top-left corner goes in the view, in px from the view's top-left. */
  left: number;
  top: number;
  url: string;
}

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A longitude brought into [-180, 180). */
export function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** World pixel coordinates of a position at a zoom: (0, 0) is 180° W at the northern limit. */
export function project({ latitude, longitude }: LatLon, zoom: number): Point {
  const size = worldSize(zoom);
  const lat = (clamp(latitude, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return {
    x: ((wrapLongitude(longitude) + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * size,
  };
}

/** The position at world pixel coordinates (x wraps round the world, y is held within it). */
export function unproject({ x, y }: Point, zoom: number): LatLon {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * clamp(y, 0, size)) / size;
  return {
    latitude: (Math.atan(Math.sinh(n)) * 180) / Math.PI,
    longitude: wrapLongitude((x / size) * 360 - 180),
  };
}

/** The position under a point of a view of `width` × `height` px centred on `center`. */
export function positionAt(center: LatLon, zoom: number, view: Point, width: number, height: number): LatLon {
  const middle = project(center, zoom);
  return unproject({ x: middle.x + view.x - width / 2, y: middle.y + view.y - height / 2 }, zoom);
}

/** Where a position falls in a view centred on `center` (px from its top-left; may be outside it). */
export function viewPointOf(
  position: LatLon,
  center: LatLon,
  zoom: number,
  width: number,
  height: number,
): Point {
  const size = worldSize(zoom);
  const middle = project(center, zoom);
  const point = project(position, zoom);
  // The nearer copy of the world: a pin at 179° E seen from 179° W is just to the left.
  let dx = point.x - middle.x;
  if (dx > size / 2) {
    dx -= size;
  } else if (dx < -size / 2) {
    dx += size;
  }
  return { x: dx + width / 2, y: point.y - middle.y + height / 2 };
}

/** The centre after dragging the map by (dx, dy) px: what was under the pointer stays under it. */
export function panned(center: LatLon, zoom: number, dx: number, dy: number): LatLon {
  const middle = project(center, zoom);
  return unproject({ x: middle.x - dx, y: middle.y - dy }, zoom);
}

/** The tiles covering a view, each with where it goes; rows beyond the poles are left out. */
export function tilesFor(center: LatLon, zoom: number, width: number, height: number): Tile[] {
  const count = 2 ** zoom;
  const middle = project(center, zoom);
  const originX = middle.x - width / 2;
  const originY = middle.y - height / 2;
  const tiles: Tile[] = [];
  const firstColumn = Math.floor(originX / TILE_SIZE);
  const lastColumn = Math.floor((originX + width - 1) / TILE_SIZE);
  const firstRow = Math.max(0, Math.floor(originY / TILE_SIZE));
  const lastRow = Math.min(count - 1, Math.floor((originY + height - 1) / TILE_SIZE));
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      const x = ((column % count) + count) % count;
      tiles.push({
        x,
        y: row,
        zoom,
        left: column * TILE_SIZE - originX,
        top: row * TILE_SIZE - originY,
        url: `${MAP_TILE_ORIGIN}/${zoom}/${x}/${row}.png`,
      });
    }
  }
  return tiles;
}

export const clampZoom = (zoom: number): number => clamp(Math.round(zoom), MIN_ZOOM, MAX_ZOOM);
