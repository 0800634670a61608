// The photos module's public face: images kept for other modules (a dispute's evidence; a listing's, lot's or post's pictures with thumbnails), checked and stripped.
// Others import photos only through this file.
import type { ModuleDefinition } from '../module';

export { deletePhotosOf, type PhotoPair, photoPairsOf, storePhotoPairs } from './photo-pairs';
export { sendPhoto, storePhotos } from './photos.service';

export const photosModule: ModuleDefinition = { name: 'photos' };
