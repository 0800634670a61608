// English / Français switcher; the current language is marked as pressed.
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../contract/constants';
import { cn } from '../../../lib/cn';
import { useSetLanguage } from '../api/set-language';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const setLanguage = useSetLanguage();
  return (
    <fieldset className={cn('flex items-center gap-1', className)}>
      <legend className="sr-only">{t('language')}</legend>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={i18n.language === lng}
          onClick={() => void setLanguage(lng)}
          className={cn(
            'rounded-md px-2 py-1 text-sm',
            i18n.language === lng ? 'bg-brand-800 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {t(`languages.${lng}`)}
        </button>
      ))}
    </fieldset>
  );
}
