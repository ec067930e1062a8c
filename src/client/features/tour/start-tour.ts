// Loaded on demand: only a visitor who has a tour still to see downloads driver.js and its styles.
import { type Config, type DriveStep, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import type { TourStepDefinition } from './tour-steps';

export interface RunningTour {
  destroy: () => void;
}

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
    onDestroyed: onFinished,
  };
  const tour = driver(config);
  tour.drive();
  return { destroy: () => tour.destroy() };
}
