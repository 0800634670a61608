// A small form hook over a zod schema: string inputs, first error per field, re-validation after a submit.
// (react-hook-form costs ~10 KB gzip on the sign-in screen, which has a 150 KB budget; our forms are simple.)
import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { z } from 'zod';
import { describeIssue, encodeMessage } from '../../contract/validation';

// Form messages become catalogue keys, translated where they are shown (by <Field>).
z.config({
  customError: (issue) => encodeMessage(describeIssue(issue as Parameters<typeof describeIssue>[0])),
});

type Values<S extends z.ZodType> = { [K in keyof z.input<S>]-?: string };

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
}

export function useZodForm<S extends z.ZodType>(
  schema: S,
  defaults: Values<S>,
  options: { idPrefix?: string } = {},
) {
  type Name = keyof Values<S> & string;
  const [values, setValues] = useState<Values<S>>(defaults);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const prefix = options.idPrefix ?? '';

  const validate = useCallback(
    (next: Values<S>): z.output<S> | null => {
      const result = schema.safeParse(next);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      const found: Partial<Record<Name, string>> = {};
      for (const issue of result.error.issues) {
        const name = String(issue.path[0] ?? '') as Name;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return null;
    },
    [schema],
  );

  const setValue = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      validate(next);
    }
  };

  return {
    values,
    errors,
    setValue,
    field(name: Name): FieldProps {
      const id = `${prefix}${name}`;
      return {
        id,
        name,
        value: values[name],
        'aria-invalid': errors[name] !== undefined,
        'aria-describedby': errors[name] !== undefined ? `${id}-error` : undefined,
        onChange: (event) => setValue(name, event.target.value),
      };
    },
    handleSubmit(onValid: (data: z.output<S>) => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        setSubmitted(true);
        const data = validate(values);
        if (data !== null) {
          onValid(data);
        }
      };
    },
    reset() {
      setValues(defaults);
      setErrors({});
      setSubmitted(false);
    },
  };
}
