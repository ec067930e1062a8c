// Loaded on demand: only a visitor who has a tour still to see downloads driver.js and its styles.
import { type Config, type DriveStep, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import type { TourStepDefinition } from './tour-steps';

interface RunningTour {
  destroy: () => void;
}

const CONTROLS = 'button, a[href], [role="button"], [role="combobox"], [role="link"]';
const DRIVER_ARIA = ['aria-haspopup', 'aria-expanded', 'aria-controls'] as const;

/** Starts the tour over the given steps; onFinished runs once when it closes, however it closes. */
export function startTour(steps: ReadonlyArray<TourStepDefinition>, onFinished: () => void): RunningTour {
  const config: Config = {
    steps: steps.map<DriveStep>((step) => ({
      element: step.element,
      popover: { title: step.title, description: step.description },
    })),
    showProgress: false,
    allowClose: true,
    allowKeyboardControl: true,
    popoverClass: 'vuka-tour-popover',
    showButtons: ['next', 'previous', 'close'],
    nextBtnText: 'Next',
    prevBtnText: 'Previous',
    doneBtnText: 'Done',
    stagePadding: 6,
    stageRadius: 12,
    onPopoverRender: (popover) => {
      popover.closeButton.setAttribute('aria-label', 'Close tour');
    },
    // driver.js marks the highlighted element as opening a dialog (aria-haspopup, aria-expanded,
    // aria-controls). The tour highlights cards, whose role allows none of those, and the popover is announced
    // as a dialog of its own; so they come off again, except on a control that may carry them.
    onHighlighted: (element) => {
      if (!element || element.matches(CONTROLS)) return;
      for (const name of DRIVER_ARIA) element.removeAttribute(name);
    },
    onDestroyed: onFinished,
  };
  const tour = driver(config);
  tour.drive();
  return { destroy: () => tour.destroy() };
}
