import { Children, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

type PersonField = 'name' | 'email' | 'phone';

type PersonFieldsProps = {
  /** The form's `register`, for the fields its contract names `name`, `email` and `phone`. */
  register: (field: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string }>>;
  /** The form's own words for them, from its catalog. */
  labels: { name: string; email: string; phone: string; phoneHint?: string };
  isPhoneRequired?: boolean;
  phonePlaceholder?: string;
  /** The phone beside the name and the e-mail on a row of its own (the translation quote page). */
  isEmailOnOwnRow?: boolean;
  /** The form's other fields of the same grid, after these three. */
  children?: ReactNode;
};

/**
 * Who is asking, as every public request form asks it: name and e-mail required, the phone as the
 * form needs it, in the form's two-column grid. The grid's fields are one flat list, so each keeps
 * the place (and the id) it has when a form writes them out itself.
 */
export function PersonFields({ register, errors, labels, isPhoneRequired, phonePlaceholder, isEmailOnOwnRow, children }: PersonFieldsProps) {
  const name = (
    <FormField key="name" label={labels.name} error={errors.name?.message} isRequired>
      <Input autoComplete="name" {...register('name')} />
    </FormField>
  );
  const email = (
    <FormField key="email" label={labels.email} error={errors.email?.message} isRequired className={isEmailOnOwnRow ? 'sm:col-span-2' : undefined}>
      <Input type="email" autoComplete="email" {...register('email')} />
    </FormField>
  );
  const phone = (
    <FormField key="phone" label={labels.phone} hint={labels.phoneHint} error={errors.phone?.message} isRequired={isPhoneRequired}>
      <Input type="tel" autoComplete="tel" placeholder={phonePlaceholder} {...register('phone')} />
    </FormField>
  );
  const fields = isEmailOnOwnRow ? [name, phone, email] : [name, email, phone];
  return <div className="grid gap-5 sm:grid-cols-2">{[...fields, ...Children.toArray(children)]}</div>;
}
