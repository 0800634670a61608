// Physical constants and FAO-56 defaults used by the agronomic calculations (units as in FAO-56).

/** Solar constant Gsc [MJ m⁻² min⁻¹], FAO-56 eq. 21. */
export const SOLAR_CONSTANT = 0.082;

/** Stefan-Boltzmann constant for daily values [MJ K⁻⁴ m⁻² d⁻¹], FAO-56 eq. 39. */
export const STEFAN_BOLTZMANN_DAILY = 4.903e-9;

/** FAO-56 eq. 39 and Table 2.8 convert °C to K with 273.16 (not 273.15). */
export const KELVIN_OFFSET_FAO = 273.16;

/** Albedo of the hypothetical grass reference crop, FAO-56 eq. 38. */
export const REFERENCE_ALBEDO = 0.23;

/** Ångström defaults when no calibration exists, FAO-56 eq. 35. */
export const ANGSTROM_AS = 0.25;
export const ANGSTROM_BS = 0.5;

/**
 * Hargreaves radiation adjustment coefficient kRs, FAO-56 eq. 50: ≈0.16 interior, ≈0.19 coastal.
 * A farm record does not say how far the sea is, so the interior value is used (the lower estimate).
 */
export const HARGREAVES_KRS_INTERIOR = 0.16;
export const HARGREAVES_KRS_COASTAL = 0.19;

/** Global default wind speed at 2 m when none is measured [m s⁻¹], FAO-56 p.63. */
export const DEFAULT_WIND_SPEED = 2;

/** Lower limit of u2 in eq. 6: below it the aerodynamic term is unreliable, FAO-56 p.63. */
export const MIN_WIND_SPEED = 0.5;

/** Conversion of energy to evaporated water depth, 1 MJ m⁻² d⁻¹ = 0.408 mm d⁻¹ (1/λ), FAO-56 eq. 20. */
export const MJ_TO_MM = 0.408;

/** Daily rain below this fraction of ET0 normally evaporates from the surface, FAO-56 p.170. */
export const INEFFECTIVE_RAIN_FRACTION = 0.2;

/** Days in the analysis window for resource optimisation and pest risk (the week ending at the latest reading). */
export const WINDOW_DAYS = 7;

/** Days a pest sighting stays relevant after the survey that reported it (app convention). */
export const SIGHTING_LOOKBACK_DAYS = 14;

/**
 * Hours of the UTC day a sensor must cover before its minimum and maximum stand for the day's extremes
 * (app convention: three quarters of the day; with fewer, extremes are under-estimated).
 */
export const MIN_HOURS_FOR_DAILY_EXTREMES = 18;
