// Stored photos shown thumbnail first: a fixed-size, lazily loaded thumbnail (the layout never jumps) that opens
// every photo full size, each drawn from its thumbnail until the picture itself has arrived (a slow connection
// sees something at once).
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhotoRef } from '../../contract/photos';
import { cn } from '../lib/cn';
import { preloadable } from '../lib/preloadable';

// The full-size dialog (and the dialog library) loads when a thumbnail is first opened (or pointed at).
const photosDialog = preloadable(() => import('./photos-dialog').then((m) => m.PhotosDialog));

/** The photos full size while `open`; focus goes back to what opened them when they close. */
function OpenPhotos({
  open,
  photos,
  title,
  onClose,
}: {
  open: boolean;
  photos: readonly TPhotoRef[];
  title: string;
  onClose: () => void;
}) {
  return open ? (
    <Suspense fallback={null}>
      <photosDialog.Component photos={photos} title={title} onClose={onClose} />
    </Suspense>
  ) : null;
}

/** Thumbnail sizes, in CSS pixels: the same box whether the picture has arrived or not. */
const THUMB_BOX = { sm: 64, md: 96 } as const;

/** One thumbnail, fixed size, loaded only when near the screen. */
export function PhotoThumb({
  photo,
  alt,
  size = 'sm',
  className,
}: {
  photo: TPhotoRef;
  alt: string;
  size?: keyof typeof THUMB_BOX;
  className?: string;
}) {
  const side = THUMB_BOX[size];
  return (
    <img
      src={photo.thumb}
      alt={alt}
      width={side}
      height={side}
      loading="lazy"
      decoding="async"
      style={{ width: side, height: side }}
      className={cn('shrink-0 rounded-md border border-stone-200 bg-stone-100 object-cover', className)}
    />
  );
}

/**
 * The first photo's thumbnail as a button (with how many there are) that opens them all full size; nothing when
 * there are no photos. `title` names what they show (the listing, the post).
 */
export function PhotoGallery({
  photos,
  title,
  size = 'sm',
}: {
  photos: readonly TPhotoRef[] | undefined;
  title: string;
  size?: keyof typeof THUMB_BOX;
}) {
  const { t } = useTranslation('photos');
  const [open, setOpen] = useState(false);
  const [first] = photos ?? [];
  if (!first || !photos) {
    return null;
  }
  return (
    <>
      <button
        type="button"
        aria-label={t('openAll', { count: photos.length, title })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void photosDialog.preload()}
        onClick={() => setOpen(true)}
        className="relative shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <PhotoThumb photo={first} alt="" size={size} />
        {photos.length > 1 ? (
          <span className="absolute right-1 bottom-1 rounded bg-stone-900/80 px-1 text-xs text-white">
            {photos.length}
          </span>
        ) : null}
      </button>
      <OpenPhotos open={open} photos={photos} title={title} onClose={() => setOpen(false)} />
    </>
  );
}

/** Every photo's thumbnail in a row (fixed size, lazily loaded); any of them opens them all full size. */
export function PhotoStrip({ photos, title }: { photos: readonly TPhotoRef[]; title: string }) {
  const { t } = useTranslation('photos');
  const [open, setOpen] = useState(false);
  if (photos.length === 0) {
    return null;
  }
  return (
    <>
      <ul aria-label={t('count', { count: photos.length })} className="flex flex-wrap gap-2">
        {photos.map((photo, index) => (
          <li key={photo.url}>
            <button
              type="button"
              aria-label={t('open', { index: index + 1 })}
              aria-haspopup="dialog"
              onPointerEnter={() => void photosDialog.preload()}
              onClick={() => setOpen(true)}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <PhotoThumb photo={photo} alt={t('photo', { index: index + 1 })} size="md" />
            </button>
          </li>
        ))}
      </ul>
      <OpenPhotos open={open} photos={photos} title={title} onClose={() => setOpen(false)} />
    </>
  );
}
