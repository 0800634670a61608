// The demo's photos of the goods: small pictures of one colour made in code (nothing is downloaded), each with its
// thumbnail, as a phone would send them.
import type { TPhotoUpload } from '../../contract/photos';
import { solidPng } from '../photos/solid-png';

export type Rgb = [number, number, number];

/** What each demo market's goods look like, roughly. */
const GOODS_COLOURS: Record<string, Rgb> = {
  Maize: [226, 190, 80],
  Cassava: [236, 226, 200],
  Cocoa: [112, 70, 42],
  Coffee: [84, 52, 32],
  Plantain: [196, 190, 64],
};
const OTHER_GOODS: Rgb = [170, 150, 110];

/** A picture of one colour (96 px) and its thumbnail (24 px). */
export function demoPhoto(rgb: Rgb): TPhotoUpload {
  return { photo: solidPng(96, rgb).toString('base64'), thumb: solidPng(24, rgb).toString('base64') };
}

/** A photo of a market's goods. */
export const goodsPhoto = (market: string): TPhotoUpload => demoPhoto(GOODS_COLOURS[market] ?? OTHER_GOODS);
