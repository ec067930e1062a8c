// Looking, not acting: while an admin views the product as a creator, every control that would write for the
// creator is disabled, and says why (the server refuses such writes anyway: a 403 for any method but GET). The app
// shell provides it (site-layout.tsx); a Button that submits a form, or is marked `writes`, reads it.
import { createContext, useContext } from 'react';

const ReadOnlyContext = createContext(false);

export const ReadOnlyProvider = ReadOnlyContext.Provider;

/** True while the screen is read-only (an admin viewing as a creator). */
export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

export { READ_ONLY_HINT } from '../../shared/constants';
