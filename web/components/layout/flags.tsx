import type { Language } from '#common/i18n/languages.ts';

/** Drawn flags: emoji flags do not render on every system. */
export function Flag({ language }: { language: Language }) {
  const common = { width: 20, height: 14, 'aria-hidden': true, className: 'rounded-[2px] shadow-sm' } as const;
  switch (language) {
    case 'es':
      return (
        <svg viewBox="0 0 30 20" {...common}>
          <rect width="30" height="20" fill="#c60b1e" />
          <rect y="5" width="30" height="10" fill="#ffc400" />
        </svg>
      );
    case 'fr':
      return (
        <svg viewBox="0 0 30 20" {...common}>
          <rect width="10" height="20" fill="#002395" />
          <rect x="10" width="10" height="20" fill="#fff" />
          <rect x="20" width="10" height="20" fill="#ed2939" />
        </svg>
      );
    case 'en':
      return (
        <svg viewBox="0 0 60 40" {...common}>
          <rect width="60" height="40" fill="#012169" />
          <path d="M0 0l60 40M60 0L0 40" stroke="#fff" strokeWidth="8" />
          <path d="M0 0l60 40M60 0L0 40" stroke="#c8102e" strokeWidth="3" />
          <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
          <path d="M30 0v40M0 20h60" stroke="#c8102e" strokeWidth="7" />
        </svg>
      );
  }
}
