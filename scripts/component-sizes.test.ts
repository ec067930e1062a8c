// No React component over COMPONENT_MAX_LINES lines (docs/ARCHITECTURE.md, "Checks"): a long component is split
// into parts with names, and its state into a hook of its own. One that grows past the limit fails here, by name.
import { describe, expect, it } from 'vitest';
import { COMPONENT_MAX_LINES, componentSizes } from './component-sizes';

describe('component sizes', () => {
  const sizes = componentSizes('src/client');

  it('reads the components, whichever way they are declared', () => {
    expect(sizes.get('features/apply/application-form.tsx#ApplicationForm')).toBeGreaterThan(20);
    expect(sizes.get('components/ui/button.tsx#Button')).toBeGreaterThan(5);
    expect(sizes.size).toBeGreaterThan(300);
  });

  it(`no component over ${COMPONENT_MAX_LINES} lines`, () => {
    const over = [...sizes].filter(([, lines]) => lines > COMPONENT_MAX_LINES);
    expect(over, 'split these components').toEqual([]);
  });
});
