// How the client's JavaScript is cut into files. Left to itself Rolldown makes one file
// for every set of pages that share a module: `/` fetched 23 files and a signed-in /dashboard 44, most under
// 1 KB, and on a phone each file costs a round trip (HTTP/1.1 opens six connections at a time). The groups
// gather them:
// - app: every module the entry imports statically (what any first page needs), in one file;
// - icons: the icons the other pages use (a few hundred bytes each), in one file;
// - ui: Radix's base parts and the design system's wrappers that need nothing more (tabs, slider, card,
//   input...), which the landing page's tools use;
// - ui-controls: checkbox and progress bar, for the login form and the signed-in pages;
// - ui-overlay: dialogs, alert dialogs, accordions and the like, with the focus trap and scroll lock they
//   bring, which the signed-in pages use and `/` and /auth do not.
// Heavy or rarer code (forms and schemas, selects and pop-overs, charts, each feature's own modules) keeps
// the chunks Rolldown gives it, so a page that does not use it does not load it. Each group holds only
// modules whose imports are in `app` or a group above it, so loading a group never drags in another page's
// code.
import type { Rolldown } from 'vite';

const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
const UI_COMPONENTS = String.raw`[\\/]src[\\/]client[\\/]components[\\/]ui[\\/]`;
const UI_BASE = new RegExp(
  String.raw`[\\/]node_modules[\\/]@radix-ui[\\/](number|primitive|react-(collection|compose-refs|context|direction|id|label|presence|primitive|roving-focus|slider|slot|tabs|use-[a-z-]+|visually-hidden))[\\/]` +
    String.raw`|${UI_COMPONENTS}(alert|badge|card|input|label|skeleton|slider|spinner|table|tabs|textarea)\.tsx$`,
);
const UI_CONTROLS = new RegExp(
  String.raw`[\\/]node_modules[\\/]@radix-ui[\\/]react-(checkbox|progress)[\\/]|${UI_COMPONENTS}(checkbox|progress)\.tsx$`,
);
const UI_OVERLAY = new RegExp(
  String.raw`[\\/]node_modules[\\/](@radix-ui[\\/]react-(accordion|alert-dialog|collapsible|dialog|dismissable-layer|focus-guards|focus-scope|portal|switch)|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]` +
    String.raw`|${UI_COMPONENTS}(accordion|alert-dialog|dialog|switch)\.tsx$`,
);

/** Rolldown's `output.codeSplitting` for the client build (vite.config.ts). */
export const appCodeSplitting: Rolldown.CodeSplittingOptions = {
  // A module matching several groups goes to the one with the highest priority.
  groups: [
    { name: 'app', tags: ['$initial'], priority: 5 },
    { name: 'icons', test: ICONS, priority: 4 },
    { name: 'ui', test: UI_BASE, priority: 3 },
    { name: 'ui-controls', test: UI_CONTROLS, priority: 2 },
    { name: 'ui-overlay', test: UI_OVERLAY, priority: 1 },
  ],
};
