import type { Language } from '../../domain/types';

/** A language as every picker shows it: its flag and its own name ("🇩🇪 Deutsch"), named in its language. */
export function LanguageName({ language }: { language: Pick<Language, 'code' | 'name' | 'flag'> }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="text-lg leading-none">
        {language.flag}
      </span>
      <span lang={language.code} dir="auto" className="truncate">
        {language.name}
      </span>
    </span>
  );
}
