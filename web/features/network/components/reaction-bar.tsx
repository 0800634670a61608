// Like / Helpful / Insightful toggles with their counts; pressed when the caller has reacted.
import { HeartHandshake, Lightbulb, type LucideIcon, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TPost } from '../../../../contract/network';
import { REACTION_TYPES, type ReactionType } from '../../../../contract/network-constants';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { mutateThen } from '../../../lib/mutate-then';
import { isQueued } from '../../../lib/outbox/queued-write';
import { toast, toastError } from '../../../lib/toast-store';
import { useReactToPost } from '../api/react-to-post';

const ICONS: Record<ReactionType, LucideIcon> = {
  like: ThumbsUp,
  helpful: HeartHandshake,
  insightful: Lightbulb,
};

export function ReactionBar({ post }: { post: TPost }) {
  const { t, i18n } = useTranslation('network');
  const react = useReactToPost(post.id);
  const toggle = (type: ReactionType) =>
    mutateThen(react, type, {
      onSuccess: (result) =>
        isQueued(result)
          ? undefined
          : toast({ title: t(result.active ? 'toasts.reactionAdded' : 'toasts.reactionRemoved') }),
      onError: (error) => toastError(t('toasts.reactionFailed'), error),
    });
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('reactions.label')}</legend>
      {REACTION_TYPES.map((type) => {
        const Icon = ICONS[type];
        const pressed = post.myReactions.includes(type);
        const count = post.reactions[type];
        return (
          <button
            key={type}
            type="button"
            aria-pressed={pressed}
            disabled={react.isPending}
            onClick={() => toggle(type)}
            className={cn(
              'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              'disabled:opacity-60',
              pressed
                ? 'border-brand-800 bg-brand-800 text-white hover:bg-brand-900'
                : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
            )}
          >
            <Icon aria-hidden className="h-4 w-4" />
            <span>{t(`reactions.${type}`)}</span>
            <span className="tabular-nums">{formatNumber(count, i18n.language)}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
