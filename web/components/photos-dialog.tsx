// Every photo of a listing, a lot or a post full size, in a dialog: loaded when a thumbnail is first opened, so that
// the screens that show thumbnails do not load the dialog's code with their first page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPhotoRef } from '../../contract/photos';
import { cn } from '../lib/cn';
import { Dialog } from './ui/dialog';

/** Open from the moment it is drawn; `onClose` when the reader closes it. */
export function PhotosDialog({
  photos,
  title,
  onClose,
}: {
  photos: readonly TPhotoRef[];
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('photos');
  // The dialog has no trigger of its own (the thumbnail that opened it is drawn before its code has loaded): focus
  // goes back to that thumbnail once the dialog is gone, after the dialog's own focus handling has run.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      setTimeout(() => (opener instanceof HTMLElement ? opener.focus() : undefined), 0);
    },
    [opener],
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={title}
      description={t('count', { count: photos.length })}
    >
      <ul className="flex flex-col gap-3">
        {photos.map((photo, index) => (
          <li key={photo.url}>
            <ProgressivePhoto photo={photo} alt={t('photo', { index: index + 1 })} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

/** One photo full width: its thumbnail first, replaced by the picture once it has loaded. */
function ProgressivePhoto({ photo, alt }: { photo: TPhotoRef; alt: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="relative overflow-hidden rounded-md bg-stone-100">
      {loaded ? null : <img src={photo.thumb} alt="" aria-hidden className="w-full blur-[1px]" />}
      <img
        src={photo.url}
        alt={alt}
        decoding="async"
        onLoad={() => setLoaded(true)}
        className={cn('w-full', loaded ? '' : 'absolute inset-0 opacity-0')}
      />
    </div>
  );
}
