/** @vitest-environment happy-dom */
import { screen } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render.tsx';
import { Button } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

const name = 'Quitar «Pasaporte completo»';
const iconButton = (
  <Tooltip label={name}>
    <Button variant="ghost" size="sm" aria-label={name}>
      <Trash2 className="h-4 w-4" aria-hidden />
    </Button>
  </Tooltip>
);
/** The tip is for the eyes: the button's own aria-label is what a screen reader says. */
const tip = () => document.querySelector('[data-tooltip]');

describe('the tooltip of an icon button', () => {
  it('shows the button’s name when the keyboard reaches it, and hides it on Escape', async () => {
    const { user } = await renderPage(iconButton);
    expect(tip()).toBeNull();
    await user.tab();
    expect(screen.getByRole('button', { name })).toBe(document.activeElement);
    expect(tip()?.textContent).toBe(name);
    expect(tip()?.getAttribute('aria-hidden')).toBe('true');
    await user.keyboard('{Escape}');
    expect(tip()).toBeNull();
  });

  it('shows it while the pointer is over the button, and not after a press', async () => {
    const { user } = await renderPage(iconButton);
    await user.hover(screen.getByRole('button', { name }));
    expect(tip()?.textContent).toBe(name);
    await user.click(screen.getByRole('button', { name }));
    expect(tip()).toBeNull();
    await user.unhover(screen.getByRole('button', { name }));
    expect(tip()).toBeNull();
  });
});
