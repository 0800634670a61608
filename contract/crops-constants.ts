// Crop constants the web's screens need at first render, without zod (contract/crops.ts holds the schemas).

export const CROP_KEYS = [
  'maize',
  'sorghum',
  'millet',
  'rice',
  'wheat',
  'cassava',
  'potato',
  'sweet_potato',
  'beans',
  'soybean',
  'groundnut',
  'cowpea',
  'tomato',
  'onion',
  'cabbage',
  'cocoa',
  'coffee',
  'banana',
  'cotton',
  'sugarcane',
] as const;
export type CropKey = (typeof CROP_KEYS)[number];
