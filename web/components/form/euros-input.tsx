import { useState } from 'react';
import { centsToEuros, eurosToCents } from '#common/money.ts';
import { Input } from '#web/components/ui/input.tsx';
import { useLanguage } from '#web/lib/use-language.ts';

type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

/**
 * An amount typed in euros ('150', '150,50'), kept as typed while the form holds its cents: empty
 * is no amount, and text that is no amount is handed on as NaN, which the form's contract refuses
 * with its own message.
 */
export function EurosInput({ value, onChange, onBlur, ...control }: ControlProps & { value: number | null; onChange: (cents: number | null) => void; onBlur: () => void }) {
  const language = useLanguage();
  const [text, setText] = useState(() => (value === null ? '' : centsToEuros(value, language)));
  return (
    <Input
      {...control}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(event.target.value.trim() === '' ? null : (eurosToCents(event.target.value) ?? Number.NaN));
      }}
    />
  );
}
