// The farm's map pin: OpenStreetMap tiles in a box, drag to move the map, +/− to zoom, a tap places the pin, the
// arrow keys move it. Loaded with the farm form only (lazy), so no other screen carries it; the tile math is in
// lib/map-tiles. Without tiles (offline, blocked) the pin still works on a plain background.
import { MapPin, Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampZoom,
  type LatLon,
  MAP_HEIGHT,
  panned,
  positionAt,
  START_VIEW,
  tilesFor,
  viewPointOf,
} from '../../lib/map-tiles';

/** The zoom a pin from elsewhere (typed, the phone's position) is shown at: fields and paths can be told apart. */
const PIN_ZOOM = 14;
/** How far an arrow key moves the pin, in screen pixels (so the step follows the zoom). */
const KEY_STEP_PX = 8;
/** A pointer that moves less than this is a tap, not a drag. */
const TAP_SLOP_PX = 6;
// A farm's position to about a metre is plenty: five decimals of a degree (as "use my location" rounds).
const round = (value: number) => Number(value.toFixed(5));
const rounded = (p: LatLon): LatLon => ({ latitude: round(p.latitude), longitude: round(p.longitude) });
const same = (a: LatLon | null, b: LatLon | null) =>
  a !== null && b !== null && a.latitude === b.latitude && a.longitude === b.longitude;

interface Drag {
  pointer: number;
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  moved: boolean;
}

export default function FarmMap({
  value,
  onPick,
}: {
  value: LatLon | null;
  onPick: (position: LatLon) => void;
}) {
  const { t } = useTranslation('farm-scope');
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(320);
  const [view, setView] = useState(() => (value ? { center: value, zoom: PIN_ZOOM } : START_VIEW));
  // The last position this map gave: the form hands it back as `value`, which must not move the map again.
  const given = useRef<LatLon | null>(null);
  const drag = useRef<Drag | null>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) {
      return;
    }
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A pin from elsewhere (typed, "use my location") is shown, close enough to see where it is. Keyed on the numbers:
  // the form hands a new object on every render.
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) {
      return;
    }
    const position = { latitude, longitude };
    if (!same(position, given.current)) {
      setView((current) => ({ center: position, zoom: Math.max(current.zoom, PIN_ZOOM) }));
    }
  }, [latitude, longitude]);

  const pick = (position: LatLon) => {
    const next = rounded(position);
    given.current = next;
    onPick(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) {
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { clientX: x, clientY: y } = event;
    drag.current = { pointer: event.pointerId, startX: x, startY: y, lastX: x, lastY: y, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) {
      return;
    }
    const { clientX: x, clientY: y } = event;
    if (!current.moved && Math.hypot(x - current.startX, y - current.startY) < TAP_SLOP_PX) {
      return;
    }
    current.moved = true;
    const dx = x - current.lastX;
    const dy = y - current.lastY;
    current.lastX = x;
    current.lastY = y;
    setView((v) => ({ ...v, center: panned(v.center, v.zoom, dx, dy) }));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.pointer !== event.pointerId || current.moved || !box.current) {
      return;
    }
    const rect = box.current.getBoundingClientRect();
    const point = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    pick(positionAt(view.center, view.zoom, point, width, MAP_HEIGHT));
  };

  const zoomBy = (step: number) => setView((v) => ({ ...v, zoom: clampZoom(v.zoom + step) }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === '+' || event.key === '=') {
      zoomBy(1);
    } else if (event.key === '-' || event.key === '_') {
      zoomBy(-1);
    } else if (event.key in ARROWS) {
      const [dx, dy] = ARROWS[event.key as keyof typeof ARROWS];
      // No pin yet: the first key press places it in the middle of the map.
      const from = value ? viewPointOf(value, view.center, view.zoom, width, MAP_HEIGHT) : null;
      const point = from
        ? { x: from.x + dx * KEY_STEP_PX, y: from.y + dy * KEY_STEP_PX }
        : { x: width / 2, y: MAP_HEIGHT / 2 };
      const next = positionAt(view.center, view.zoom, point, width, MAP_HEIGHT);
      pick(next);
      // The pin leaving the box takes the map with it.
      if (point.x < 0 || point.x > width || point.y < 0 || point.y > MAP_HEIGHT) {
        setView((v) => ({ ...v, center: next }));
      }
    } else {
      return;
    }
    event.preventDefault();
  };

  const pin = value ? viewPointOf(value, view.center, view.zoom, width, MAP_HEIGHT) : null;
  return (
    <div className="flex flex-col gap-1">
      <div
        ref={box}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map takes the arrow keys, as its instructions say
        tabIndex={0}
        aria-label={t('map.label')}
        aria-describedby="farm-map-instructions"
        data-testid="farm-map"
        className="relative w-full touch-none select-none overflow-hidden rounded-md bg-stone-200 ring-1 ring-stone-300 focus-visible:outline-2 focus-visible:outline-brand-700"
        style={{ height: MAP_HEIGHT }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
      >
        <div aria-hidden="true" className="absolute inset-0 overflow-hidden">
          {tilesFor(view.center, view.zoom, width, MAP_HEIGHT).map((tile) => (
            <img
              key={`${tile.zoom}/${tile.left}/${tile.top}`}
              src={tile.url}
              alt=""
              draggable={false}
              className="pointer-events-none absolute h-64 w-64 max-w-none"
              style={{ left: tile.left, top: tile.top }}
              // A tile that cannot load leaves the plain background: the pin works without it.
              onError={(event) => {
                event.currentTarget.style.visibility = 'hidden';
              }}
            />
          ))}
          {pin ? (
            <MapPin
              data-testid="farm-map-pin"
              className="pointer-events-none absolute h-8 w-8 fill-red-600 text-red-900"
              style={{ left: pin.x - 16, top: pin.y - 32 }}
            />
          ) : null}
        </div>
        <div className="absolute top-1 right-1 flex flex-col gap-1">
          <button
            type="button"
            className={ZOOM_BUTTON}
            aria-label={t('map.zoomIn')}
            onClick={() => zoomBy(1)}
          >
            <Plus aria-hidden className="h-5 w-5" />
          </button>
          <button
            type="button"
            className={ZOOM_BUTTON}
            aria-label={t('map.zoomOut')}
            onClick={() => zoomBy(-1)}
          >
            <Minus aria-hidden className="h-5 w-5" />
          </button>
        </div>
        <p className="absolute right-0 bottom-0 bg-white/80 px-1 text-xs text-stone-700">
          {t('map.attribution')}
        </p>
      </div>
      <p id="farm-map-instructions" className="text-sm text-stone-600">
        {t('map.instructions')}
      </p>
    </div>
  );
}

// 44 px: a touch target on a phone (the Button sizes stop at 40 px outside the phone's own rule).
const ZOOM_BUTTON =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-900 ' +
  'hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700';

const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
} as const;
