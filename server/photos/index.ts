// The photos module's public face: images kept for other modules (a dispute's evidence), checked and stripped.
// Others import photos only through this file.
import type { ModuleDefinition } from '../module';

export { photoCountOf, photoHashesOf } from './photos.repo';
export { sendPhoto, storePhotos } from './photos.service';

export const photosModule: ModuleDefinition = { name: 'photos' };
