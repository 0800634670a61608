// "Use my location" for the farm form: the phone's position (navigator.geolocation) once, and why it failed when
// it did, so the farmer can fix it or type the coordinates instead.
import { useState } from 'react';

export type LocationState =
  | { status: 'idle' | 'locating' | 'denied' | 'unavailable' | 'timeout' | 'unsupported' }
  | { status: 'found'; accuracyMetres: number };

export interface FoundLocation {
  latitude: number;
  longitude: number;
  /** Metres above sea level, when the device measured it. */
  altitude: number | null;
}

// A farm's position to about a metre is plenty: five decimals of a degree.
const DECIMALS = 5;
const round = (value: number) => Number(value.toFixed(DECIMALS));

/** Which failure a GeolocationPositionError code means (1 also covers a page not served over HTTPS). */
export function locationFailure(code: number): 'denied' | 'unavailable' | 'timeout' {
  if (code === 1) {
    return 'denied';
  }
  return code === 3 ? 'timeout' : 'unavailable';
}

export function useMyLocation(onFound: (location: FoundLocation) => void) {
  const [state, setState] = useState<LocationState>({ status: 'idle' });
  const locate = () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState({ status: 'unsupported' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        onFound({
          latitude: round(coords.latitude),
          longitude: round(coords.longitude),
          altitude: coords.altitude === null ? null : Math.round(coords.altitude),
        });
        setState({ status: 'found', accuracyMetres: Math.round(coords.accuracy) });
      },
      (error) => setState({ status: locationFailure(error.code) }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return { state, locate };
}
