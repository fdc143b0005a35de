import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpdatePrompt } from '../../../src/ui/components/update-prompt';

describe('the update prompt', () => {
  it('says a new version is ready, politely, and reloads only when asked', () => {
    let reloads = 0;
    render(<UpdatePrompt onReload={() => reloads++} />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    expect(reloads).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloads).toBe(1);
  });

  it('does not ask twice while the new version takes over', () => {
    let reloads = 0;
    render(<UpdatePrompt onReload={() => reloads++} />);
    const reload = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(reload);
    fireEvent.click(reload);
    expect(reloads).toBe(1);
    expect(reload).toBeDisabled();
  });

  it('goes away on Later, without reloading', () => {
    let reloads = 0;
    render(<UpdatePrompt onReload={() => reloads++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(reloads).toBe(0);
  });

  it('is reached with the keyboard: both choices are buttons in reading order', () => {
    render(<UpdatePrompt onReload={() => {}} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Later', 'Reload']);
    for (const button of buttons) expect(button).toHaveAttribute('type', 'button');
  });
});
