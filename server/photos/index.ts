// The photos module's public face: images kept for other modules (a dispute's evidence; a listing's, lot's or post's pictures with thumbnails), checked and stripped.
// Others import photos only through this file.
import type { ModuleDefinition } from '../module';
import { photoStore } from './photo-store';

export { deletePhotosOf, type PhotoPair, photoPairsOf, storePhotoPairs } from './photo-pairs';
export { sendPhoto, storePhotos } from './photos.service';

export const photosModule: ModuleDefinition = {
  name: 'photos',
  // Where this instance keeps photos' bytes (PHOTO_STORE), built with the app's log before any route or demo data
  // can store one.
  install: (app, ctx) => photoStore.of(ctx).logTo(app.log),
  // The deleted photos' objects still to look at are left (harmless orphans): the database closes next.
  stop: (ctx) => photoStore.of(ctx).stop(),
};
