// Photos chosen on a phone (the camera or the gallery), each shrunk (with its thumbnail) before it is kept for
// upload, with a preview and a button to take it out again: for any form that sends up to 4 photos.
import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTOS_PER_ITEM } from '../../contract/photos-constants';
import { type ShrunkPhoto, shrinkPhoto } from '../lib/shrink-photo';

export function PhotoPicker({
  photos,
  onChange,
  max = PHOTOS_PER_ITEM,
}: {
  photos: readonly ShrunkPhoto[];
  onChange: (photos: ShrunkPhoto[]) => void;
  /** How many may be chosen: fewer when the thing already has some. */
  max?: number;
}) {
  const { t } = useTranslation('photos');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    const room = max - photos.length;
    const chosen = [...(files ?? [])].slice(0, room);
    if (chosen.length === 0) {
      return;
    }
    setBusy(true);
    setError(null);
    const added: ShrunkPhoto[] = [];
    for (const file of chosen) {
      try {
        added.push(await shrinkPhoto(file));
      } catch {
        setError(t('errors.unreadable'));
      }
    }
    setBusy(false);
    onChange([...photos, ...added]);
  };
  return (
    <div className="flex flex-col gap-2">
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, index) => (
            <li key={photo.base64.slice(-32) + String(index)} className="relative">
              <img
                src={`data:${photo.thumb.type};base64,${photo.thumb.base64}`}
                alt={t('photo', { index: index + 1 })}
                className="h-20 w-20 rounded-md border border-stone-200 object-cover"
              />
              <button
                type="button"
                aria-label={t('remove', { index: index + 1 })}
                onClick={() => onChange(photos.filter((_, i) => i !== index))}
                className="absolute -top-2 -right-2 inline-flex h-11 w-11 items-center justify-center rounded-full"
              >
                <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-stone-900 text-white">
                  <X aria-hidden className="h-4 w-4" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < max ? (
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-md border border-stone-300 bg-white px-4 text-sm font-medium text-brand-800 focus-within:outline-2 focus-within:outline-brand-700"
        >
          <ImagePlus aria-hidden className="h-5 w-5" />
          {busy ? t('preparing') : t('add')}
          <input
            id={id}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              void add(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      ) : null}
      <p className="text-xs text-stone-600">{t('addHint', { count: max })}</p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
