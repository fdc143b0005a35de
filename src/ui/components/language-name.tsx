import type { Language } from '../../domain/types';
import { supportedLanguages } from '../app/languages';

const shipsFlag = (code: string) => (supportedLanguages as readonly string[]).includes(code);

/**
 * A language as every picker shows it: its flag and its own name ("Deutsch"), named in its language.
 * The flag is an image shipped with the app (public/flags/): many systems draw no flag emoji and show
 * an empty box. It says nothing the name beside it does not, so its alt is empty.
 */
export function LanguageName({ language }: { language: Pick<Language, 'code' | 'name' | 'flag'> }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      {shipsFlag(language.code) && (
        <img
          src={`/flags/${language.code}.svg`}
          alt=""
          width={20}
          height={14}
          loading="lazy"
          className="h-3.5 w-5 shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.1)]"
        />
      )}
      <span lang={language.code} dir="auto" className="truncate">
        {language.name}
      </span>
    </span>
  );
}
