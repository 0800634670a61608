// Atmospheric parameters and vapour pressure (FAO-56 chapter 3, eqs. 7–19, 47, 48).

/** Atmospheric pressure [kPa] at elevation z [m], FAO-56 eq. 7. */
export function atmosphericPressure(elevation: number): number {
  return 101.3 * ((293 - 0.0065 * elevation) / 293) ** 5.26;
}

/** Psychrometric constant γ [kPa °C⁻¹] from pressure [kPa], FAO-56 eq. 8. */
export function psychrometricConstant(pressure: number): number {
  return 0.665e-3 * pressure;
}

/** Saturation vapour pressure e°(T) [kPa] at air temperature T [°C], FAO-56 eq. 11. */
export function saturationVapourPressure(t: number): number {
  return 0.6108 * Math.exp((17.27 * t) / (t + 237.3));
}

/** Mean saturation vapour pressure es [kPa] for a day, FAO-56 eq. 12 (not e° of the mean temperature). */
export function meanSaturationVapourPressure(tmax: number, tmin: number): number {
  return (saturationVapourPressure(tmax) + saturationVapourPressure(tmin)) / 2;
}

/** Slope of the saturation vapour pressure curve Δ [kPa °C⁻¹] at T [°C], FAO-56 eq. 13. */
export function saturationSlope(t: number): number {
  return (4098 * saturationVapourPressure(t)) / (t + 237.3) ** 2;
}

/** Actual vapour pressure ea [kPa] from RHmax and RHmin [%], FAO-56 eq. 17 (the preferred form). */
export function actualVapourPressureFromRhExtremes(
  tmax: number,
  tmin: number,
  rhmax: number,
  rhmin: number,
): number {
  return (
    (saturationVapourPressure(tmin) * (rhmax / 100) + saturationVapourPressure(tmax) * (rhmin / 100)) / 2
  );
}

/** Actual vapour pressure ea [kPa] from the mean relative humidity [%], FAO-56 eq. 19 (least preferred). */
export function actualVapourPressureFromRhMean(tmax: number, tmin: number, rhmean: number): number {
  return (rhmean / 100) * meanSaturationVapourPressure(tmax, tmin);
}

/** Actual vapour pressure ea [kPa] when humidity is missing: dew point ≈ Tmin, FAO-56 eq. 48. */
export function actualVapourPressureFromTmin(tmin: number): number {
  return saturationVapourPressure(tmin);
}
