// The Broadcast tab (admins): a message to every member, or to those with stock of one crop, written in English
// and/or French (a member whose language is missing gets the other, marked untranslated). "Preview" asks the server
// who would receive it and what its SMS would cost, sending nothing; "Send" follows that preview of the same text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGroup } from '../../../../contract/groups';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  type BroadcastMessage,
  type TBroadcastResult,
  usePreviewBroadcast,
  useSendBroadcast,
} from '../api/write-coop';
import { useCoopFormat } from '../format';
import { ZBroadcastForm } from '../forms';
import { Figure } from './figure';
import { COOP_FORM_NAMESPACES } from './namespaces';

/** The characters one message may hold (the contract's bound, one SMS-sized text per language). */
const MAX_CHARACTERS = 300;

/** A preview's answer, with the message it was asked for and the form's text then. */
interface Preview {
  text: string;
  message: BroadcastMessage;
  result: TBroadcastResult;
}

export function BroadcastTab({ group }: { group: TGroup }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const preview = usePreviewBroadcast(group.id);
  const send = useSendBroadcast(group.id);
  const form = useZodForm(ZBroadcastForm, { en: '', fr: '', crop: '' }, { idPrefix: 'broadcast-' });
  // The preview shown is of this text: any edit asks for a new one before sending.
  const [previewed, setPreviewed] = useState<Preview | null>(null);
  const current = JSON.stringify(form.values);
  const fresh = previewed !== null && previewed.text === current;
  const { errors } = form;
  const onPreview = form.handleSubmit((message) => {
    const text = current;
    mutateThen(preview, message, {
      onSuccess: (result) => setPreviewed({ text, message, result }),
      onError: (error) => toastError(t('common:error'), error),
    });
  });
  const onSend = () => {
    if (!fresh || previewed === null) {
      return;
    }
    mutateThen(send, previewed.message, {
      onSuccess: (result) => {
        toast({
          title: isQueued(result) ? t('broadcast.queued') : t('broadcast.sent', { count: result.recipients }),
        });
        form.reset();
        setPreviewed(null);
      },
      onError: (error) => toastError(t('common:error'), error),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('broadcast.title')}</CardTitle>
        <CardDescription>{t('broadcast.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="flex flex-col gap-4" onSubmit={onPreview} data-testid="broadcast-form">
          {(['fr', 'en'] as const).map((language) => (
            <Field
              key={language}
              id={`broadcast-${language}`}
              label={t(`broadcast.${language}`)}
              error={errors[language]}
              hint={t('broadcast.length', { count: form.values[language].length, max: MAX_CHARACTERS })}
            >
              <Textarea rows={3} maxLength={MAX_CHARACTERS} {...form.field(language)} />
            </Field>
          ))}
          <Field
            id="broadcast-crop"
            label={t('broadcast.crop')}
            error={errors.crop}
            hint={t('broadcast.cropHint')}
          >
            <Input autoComplete="off" list="broadcast-crops" {...form.field('crop')} />
            <datalist id="broadcast-crops">
              {group.crops.map((crop) => (
                <option key={crop} value={crop} />
              ))}
            </datalist>
          </Field>
          {fresh && previewed ? <PreviewFigures result={previewed.result} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={preview.isPending}>
              {t('broadcast.preview')}
            </Button>
            <Button
              disabled={!fresh || send.isPending || previewed?.result.recipients === 0}
              onClick={onSend}
            >
              {t('broadcast.send')}
            </Button>
          </div>
          {!fresh ? <p className="text-xs text-stone-600">{t('broadcast.previewFirst')}</p> : null}
        </form>
      </CardContent>
    </Card>
  );
}

function PreviewFigures({ result }: { result: TBroadcastResult }) {
  const { t } = useTranslation(COOP_FORM_NAMESPACES);
  const format = useCoopFormat();
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md bg-stone-50 p-3 text-sm"
      data-testid="broadcast-preview"
    >
      <Figure label={t('broadcast.recipients')} value={format.number(result.recipients)} />
      <Figure label={t('broadcast.skippedToday')} value={format.number(result.skippedToday)} />
      <Figure label={t('broadcast.untranslated')} value={format.number(result.untranslated)} />
      <Figure label={t('broadcast.sms')} value={format.number(result.sms)} />
      <Figure label={t('broadcast.cost')} value={format.money(result.cost)} testId="broadcast-cost" />
    </dl>
  );
}
