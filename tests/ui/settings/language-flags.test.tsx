import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../../src/ui/app/languages';
import { LanguageName } from '../../../src/ui/components/language-name';

describe('language flags', () => {
  it('are images shipped with the app, not emoji a system may draw as empty boxes', () => {
    const { container } = render(<LanguageName language={{ code: 'de', name: 'Deutsch', flag: '🇩🇪' }} />);
    // the name stands beside the flag, so the image says nothing of its own
    const flag = screen.getByRole('presentation');
    expect(flag).toHaveAttribute('src', '/flags/de.svg');
    expect(container).toHaveTextContent(/^Deutsch$/);
  });

  it('exist for every interface language', () => {
    for (const code of supportedLanguages)
      expect(existsSync(resolve('public/flags', `${code}.svg`)), code).toBe(true);
  });

  it('a language the app ships no flag for shows its name only', () => {
    const { container } = render(<LanguageName language={{ code: 'pl', name: 'Polski', flag: '🇵🇱' }} />);
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(container).toHaveTextContent(/^Polski$/);
  });
});
