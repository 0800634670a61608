// A small form hook over a zod schema: string inputs, first error per field, re-validation after a submit.
// (react-hook-form costs ~10 KB gzip on the sign-in screen, which has a 150 KB budget; our forms are simple.)
// Validation waits for zod's message setup (zod-messages.ts, loaded on first use); a form may also pass a loader
// instead of its schema, so the screen draws without the validator, which loads when idle after the user's first
// interaction with the page (a tap into a field, a key) or at the latest at the first edit or a submit.
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { onFirstInteraction } from './when-idle';

/** A schema, or a function loading it. */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

const loadMessages = () => import('./zod-messages');

function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  const schema = typeof source === 'function' ? source() : Promise.resolve(source);
  return Promise.all([schema, loadMessages()]).then(([loaded]) => loaded);
}

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
  schema: SchemaSource<S>,
  defaults: Values<S>,
  options: { idPrefix?: string } = {},
) {
  type Name = keyof Values<S> & string;
  const [values, setValues] = useState<Values<S>>(defaults);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const prefix = options.idPrefix ?? '';

  const source = useRef(schema);
  source.current = schema;
  const latest = useRef(0);
  useEffect(() => onFirstInteraction(() => void loadSchema(source.current)), []);

  /** The parsed values, or null; the errors shown are those of the latest validation. */
  const validate = useCallback(async (next: Values<S>): Promise<z.output<S> | null> => {
    const run = ++latest.current;
    const result = (await loadSchema(source.current)).safeParse(next);
    const found: Partial<Record<Name, string>> = {};
    for (const issue of result.success ? [] : result.error.issues) {
      const name = String(issue.path[0] ?? '') as Name;
      found[name] ??= issue.message;
    }
    if (run === latest.current) {
      setErrors(found);
    }
    return result.success ? result.data : null;
  }, []);

  /** Sets several fields at once (a location fills latitude and longitude together). */
  const setFields = (changed: Partial<Record<Name, string>>) => {
    const next = { ...values, ...changed };
    setValues(next);
    if (submitted) {
      void validate(next);
    } else {
      void loadSchema(source.current);
    }
  };
  const setValue = (name: Name, value: string) =>
    setFields({ [name]: value } as Partial<Record<Name, string>>);

  return {
    values,
    errors,
    setValue,
    setFields,
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
        void validate(values).then((data) => {
          if (data !== null) {
            onValid(data);
          }
        });
      };
    },
    reset() {
      latest.current += 1;
      setValues(defaults);
      setErrors({});
      setSubmitted(false);
    },
  };
}
