// Viewing as a creator is looking, not acting: inside a read-only screen a button that submits a
// form or is marked `writes` is disabled and says why; one that only looks stays usable; outside it nothing changes.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_HINT, ReadOnlyProvider } from './read-only';
import { Button } from './ui/button';

function Buttons() {
  return (
    <>
      <Button type="submit">Save Profile</Button>
      <Button writes>Cancel Application</Button>
      <Button>View Details</Button>
    </>
  );
}

describe('read-only screens', () => {
  it('disable the controls that would write, with the reason, and leave the others', () => {
    render(
      <ReadOnlyProvider value={true}>
        <Buttons />
      </ReadOnlyProvider>,
    );
    for (const name of ['Save Profile', 'Cancel Application']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      expect(button.title).toBe(READ_ONLY_HINT);
    }
    const view = screen.getByRole('button', { name: 'View Details' }) as HTMLButtonElement;
    expect(view.disabled).toBe(false);
    expect(view.title).toBe('');
  });

  it('change nothing when the screen is the creator’s own', () => {
    render(<Buttons />);
    for (const button of screen.getAllByRole('button') as HTMLButtonElement[]) {
      expect(button.disabled).toBe(false);
      expect(button.title).toBe('');
    }
  });
});
