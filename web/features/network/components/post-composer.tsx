// 'Share with the Network': the post box. Blank text is not sent (the button stays disabled).
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_MAX } from '../../../../contract/network-constants';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast } from '../../../lib/toast-store';
import { useCreatePost } from '../api/create-post';

/** The post box's id: 'Start Discussion' focuses it. */
export const POST_BOX_ID = 'network-post-content';

export function PostComposer() {
  const { t } = useTranslation('network');
  const [content, setContent] = useState('');
  const createPost = useCreatePost();
  const blank = content.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || createPost.isPending) {
      return;
    }
    mutateThen(
      createPost, // Spec §4: new posts are insights without attachments.
      { content, type: 'insight', attachments: [] },
      {
        onSuccess: (result) => {
          setContent('');
          if (!isQueued(result)) {
            toast({ title: t('toasts.postCreated') });
          }
        },
        onError: (error) =>
          toast({ title: t('toasts.postFailed'), description: error.message, variant: 'destructive' }),
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
