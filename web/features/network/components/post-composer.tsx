// 'Share with the Network': the post box, with up to 4 pictures. Blank text is not sent (the button stays disabled).
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_MAX, POST_TYPES, type PostType } from '../../../../contract/network-constants';
import { PhotoPicker } from '../../../components/photo-picker';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { photoUploads, type ShrunkPhoto } from '../../../lib/shrink-photo';
import { toast, toastError } from '../../../lib/toast-store';
import { useCreatePost } from '../api/create-post';

/** The post box's id: 'Start Discussion' focuses it. */
export const POST_BOX_ID = 'network-post-content';

export function PostComposer() {
  const { t } = useTranslation('network');
  const [content, setContent] = useState('');
  const [type, setType] = useState<PostType>('insight');
  const [photos, setPhotos] = useState<ShrunkPhoto[]>([]);
  const createPost = useCreatePost();
  const blank = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || createPost.isPending) {
      return;
    }
    mutateThen(
      // The author says what the post is; no text labels from the post box (spec §4), pictures instead.
      createPost,
      { content, type, attachments: [], ...(photos.length > 0 ? { photos: photoUploads(photos) } : {}) },
      {
        onSuccess: (result) => {
          setContent('');
          setType('insight');
          setPhotos([]);
          if (!isQueued(result)) {
            toast({ title: t('toasts.postCreated') });
          }
        },
        onError: (error) => toastError(t('toasts.postFailed'), error),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor={POST_BOX_ID}>{t('composer.title')}</label>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <Textarea
            id={POST_BOX_ID}
            value={content}
            maxLength={POST_MAX}
            placeholder={t('composer.placeholder')}
            onChange={(event) => setContent(event.target.value)}
            className="min-h-24"
          />
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{t('composer.type')}</legend>
            {POST_TYPES.map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="post-type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                {t(`post.types.${value}`)}
              </label>
            ))}
          </fieldset>
          <PhotoPicker photos={photos} onChange={setPhotos} />
          <div className="flex justify-end">
            <Button type="submit" disabled={blank || createPost.isPending}>
              <Send aria-hidden className="h-4 w-4" />
              {createPost.isPending ? t('composer.posting') : t('composer.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
