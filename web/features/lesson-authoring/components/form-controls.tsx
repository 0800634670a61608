// The lesson form's controls: a labelled text box (one line or several) with its message, and a group of tick
// boxes. Every control is named by its label, shows its error below it and says so to a screen reader.
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { translateMessage } from '../../../lib/i18n';

/** A message about a group of fields or the whole lesson (a catalogue key, or the server's words). */
export function FormMessage({ message }: { message: string | undefined }) {
  const { t } = useTranslation();
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {translateMessage(t, message)}
    </p>
  ) : null;
}

export function TextControl({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  disabled = false,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  multiline?: boolean;
  disabled?: boolean;
  inputMode?: 'numeric' | 'url';
}) {
  const props = {
    id,
    value,
    disabled,
    'aria-invalid': error !== undefined,
    'aria-describedby': error !== undefined ? `${id}-error` : undefined,
  };
  return (
    <Field id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {multiline ? (
        <Textarea
          {...props}
          rows={Math.min(12, Math.max(4, value.split('\n').length + 1))}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input
          {...props}
          autoComplete="off"
          {...(inputMode ? { inputMode } : {})}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Tick boxes for a set of keys, several at once (a phone-sized grid: two columns). */
export function CheckGroup<K extends string>({
  legend,
  hint,
  options,
  chosen,
  onChange,
  disabled = false,
}: {
  legend: string;
  hint: string;
  options: readonly { key: K; label: string }[];
  chosen: readonly K[];
  onChange: (chosen: K[]) => void;
  disabled?: boolean;
}) {
  const toggle = (key: K, on: boolean) =>
    onChange(on ? [...chosen, key] : chosen.filter((candidate) => candidate !== key));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      <p className="text-xs text-stone-600">{hint}</p>
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
        {options.map(({ key, label }) => (
          <label key={key} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-800"
              checked={chosen.includes(key)}
              disabled={disabled}
              onChange={(event) => toggle(key, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
