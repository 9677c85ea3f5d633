import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from '#web/lib/translation.tsx';
import { Input } from './input.tsx';

/** A password field with the show/hide toggle every account form has. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((visible) => !visible)}
        aria-label={isVisible ? t('form.hidePassword') : t('form.showPassword')}
        aria-pressed={isVisible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-600 hover:text-slate-900"
      >
        {isVisible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </button>
    </div>
  );
}
