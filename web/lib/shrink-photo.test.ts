// The sizes and qualities a phone tries when it shrinks a photo before upload.
import { describe, expect, it } from 'vitest';
import { PHOTO_LONGEST_SIDE, PHOTO_THUMB_SIDE } from '../../contract/photos-constants';
import { blobToBase64, encodingTries, fitWithin, photoUploads, QUALITIES, THUMB_PHOTO } from './shrink-photo';

describe('fitWithin', () => {
  it('brings the longest side down to the limit, keeping the proportions', () => {
    expect(fitWithin(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 4000, 1280)).toEqual({ width: 960, height: 1280 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(640, 480, 1280)).toEqual({ width: 640, height: 480 });
  });
});

describe('encodingTries', () => {
  it('starts at the longest side allowed with the best quality, then lowers the quality, then the size', () => {
    const tries = encodingTries(4000, 3000);
    expect(tries[0]).toEqual({ width: PHOTO_LONGEST_SIDE, height: 960, quality: QUALITIES[0] });
    expect(tries.slice(0, QUALITIES.length).map((t) => t.quality)).toEqual([...QUALITIES]);
    expect(tries[QUALITIES.length]?.width).toBe(960);
    const widths = tries.map((t) => t.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
  });
});

describe('the thumbnail', () => {
  it('starts at 320 px on the longest side, proportions kept, and shrinks from there', () => {
    const tries = encodingTries(4000, 3000, THUMB_PHOTO);
    expect(tries[0]).toEqual({ width: PHOTO_THUMB_SIDE, height: 240, quality: QUALITIES[0] });
    expect(encodingTries(3000, 4000, THUMB_PHOTO)[0]).toMatchObject({ width: 240, height: PHOTO_THUMB_SIDE });
    expect(tries[QUALITIES.length]).toMatchObject({ width: 240, height: 180 });
    expect(Math.min(...tries.map((t) => t.width))).toBeGreaterThanOrEqual(THUMB_PHOTO.smallest);
  });

  it('never enlarges a picture already smaller than a thumbnail', () => {
    expect(encodingTries(200, 100, THUMB_PHOTO)[0]).toMatchObject({ width: 200, height: 100 });
  });

  it('goes with its picture in the body the API takes', () => {
    const shrunk = { base64: 'AAAA', type: 'image/webp', thumb: { base64: 'BBBB', type: 'image/webp' } };
    expect(photoUploads([shrunk])).toEqual([{ photo: 'AAAA', thumb: 'BBBB' }]);
  });
});

describe('blobToBase64', () => {
  it('answers the bytes as base64 without a data: prefix', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    expect(await blobToBase64(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
  });
});
