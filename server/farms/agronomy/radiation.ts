// Solar and net radiation for daily periods (FAO-56 chapter 3, eqs. 21–25, 34–40, 50).
import {
  ANGSTROM_AS,
  ANGSTROM_BS,
  HARGREAVES_KRS_INTERIOR,
  KELVIN_OFFSET_FAO,
  REFERENCE_ALBEDO,
  SOLAR_CONSTANT,
  STEFAN_BOLTZMANN_DAILY,
} from './constants';

/** Decimal degrees to radians (south and west negative), FAO-56 eq. 22. */
export function degreesToRadians(degrees: number): number {
  return (Math.PI / 180) * degrees;
}

/** Inverse relative distance Earth–Sun dr, FAO-56 eq. 23. */
export function inverseRelativeDistance(dayOfYear: number): number {
  return 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * dayOfYear);
}

/** Solar declination δ [rad], FAO-56 eq. 24. */
export function solarDeclination(dayOfYear: number): number {
  return 0.409 * Math.sin(((2 * Math.PI) / 365) * dayOfYear - 1.39);
}

/**
 * Sunset hour angle ωs [rad], FAO-56 eq. 25. The arccos argument is clamped to [−1, 1] so that polar day
 * (ωs = π) and polar night (ωs = 0) stay defined; eq. 26–27 serve the same purpose for spreadsheets.
 */
export function sunsetHourAngle(latitudeRad: number, declination: number): number {
  const x = -Math.tan(latitudeRad) * Math.tan(declination);
  return Math.acos(Math.min(1, Math.max(-1, x)));
}

/** Extraterrestrial radiation Ra [MJ m⁻² d⁻¹] for a latitude [°] and day of year, FAO-56 eq. 21. */
export function extraterrestrialRadiation(latitudeDeg: number, dayOfYear: number): number {
  const phi = degreesToRadians(latitudeDeg);
  const dr = inverseRelativeDistance(dayOfYear);
  const delta = solarDeclination(dayOfYear);
  const ws = sunsetHourAngle(phi, delta);
  const ra =
    ((24 * 60) / Math.PI) *
    SOLAR_CONSTANT *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return Math.max(0, ra);
}

/** Maximum possible sunshine duration N [h], FAO-56 eq. 34. */
export function daylightHours(latitudeDeg: number, dayOfYear: number): number {
  return (24 / Math.PI) * sunsetHourAngle(degreesToRadians(latitudeDeg), solarDeclination(dayOfYear));
}

/** Solar radiation Rs [MJ m⁻² d⁻¹] from sunshine hours n and daylight hours N (Ångström), FAO-56 eq. 35. */
export function angstromRadiation(
  sunshineHours: number,
  daylight: number,
  ra: number,
  as = ANGSTROM_AS,
  bs = ANGSTROM_BS,
): number {
  // n cannot exceed N; the cap also keeps polar night (N = 0) finite.
  const ratio = daylight > 0 ? Math.min(1, Math.max(0, sunshineHours / daylight)) : 0;
  return (as + bs * ratio) * ra;
}

/** Clear-sky solar radiation Rso [MJ m⁻² d⁻¹] without calibrated Ångström values, FAO-56 eq. 37. */
export function clearSkyRadiation(elevation: number, ra: number): number {
  return (0.75 + 2e-5 * elevation) * ra;
}

/** Net shortwave radiation Rns [MJ m⁻² d⁻¹] for the grass reference, FAO-56 eq. 38. */
export function netShortwaveRadiation(rs: number, albedo = REFERENCE_ALBEDO): number {
  return (1 - albedo) * rs;
}

/**
 * Net outgoing longwave radiation Rnl [MJ m⁻² d⁻¹], FAO-56 eq. 39 (Rs/Rso limited to ≤ 1).
 * When Rso is 0 (polar night) the ratio is undefined; 0.5 is used, in the 0.4–0.6 band FAO-56 (p.75)
 * gives for night-time in humid climates.
 */
export function netLongwaveRadiation(
  tmax: number,
  tmin: number,
  ea: number,
  rs: number,
  rso: number,
): number {
  const tmaxK4 = (tmax + KELVIN_OFFSET_FAO) ** 4;
  const tminK4 = (tmin + KELVIN_OFFSET_FAO) ** 4;
  const ratio = rso > 0 ? Math.min(1, Math.max(0, rs / rso)) : 0.5;
  return (
    STEFAN_BOLTZMANN_DAILY *
    ((tmaxK4 + tminK4) / 2) *
    (0.34 - 0.14 * Math.sqrt(Math.max(0, ea))) *
    (1.35 * ratio - 0.35)
  );
}

/** Net radiation Rn = Rns − Rnl [MJ m⁻² d⁻¹], FAO-56 eq. 40. */
export function netRadiation(rns: number, rnl: number): number {
  return rns - rnl;
}

/**
 * Solar radiation Rs [MJ m⁻² d⁻¹] from the temperature range (Hargreaves' radiation formula), FAO-56 eq. 50,
 * limited to Rso as FAO-56 p.60 requires when Rso is given.
 */
export function hargreavesRadiation(
  tmax: number,
  tmin: number,
  ra: number,
  krs = HARGREAVES_KRS_INTERIOR,
  rso?: number,
): number {
  const rs = krs * Math.sqrt(Math.max(0, tmax - tmin)) * ra;
  return rso === undefined ? rs : Math.min(rs, rso);
}
