// Collections (docs/collections.md): the loans in arrears as one worklist ordered by risk, each with the collector
// it is assigned to and the day of its next action, a log of every contact, promises to pay that the payments
// received keep or break, and the creator's own "I can't pay this month" request, which opens a case in the list.

/** How a collector reached (or tried to reach) the creator. */
export const CONTACT_CHANNELS = ['call', 'email', 'sms', 'whatsapp', 'visit'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  call: 'Phone call',
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  visit: 'Visit',
};

/** What came of a contact. */
export const CONTACT_OUTCOMES = [
  'reached',
  'promised',
  'no_answer',
  'left_message',
  'refused',
  'wrong_details',
  'dispute',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  reached: 'Spoke to the creator',
  promised: 'Promised to pay',
  no_answer: 'No answer',
  left_message: 'Left a message',
  refused: 'Refused to pay',
  wrong_details: 'Wrong contact details',
  dispute: 'Disputes the debt',
};

/**
 * A promise to pay is kept when the payments received from the day it was made to its date (both included, none
 * reversed) reach its amount; broken when its date has passed without that; open until then.
 */
export const PROMISE_STATUSES = ['open', 'kept', 'broken'] as const;
export type PromiseStatus = (typeof PROMISE_STATUSES)[number];

export const PROMISE_STATUS_LABELS: Record<PromiseStatus, string> = {
  open: 'Open',
  kept: 'Kept',
  broken: 'Broken',
};

/**
 * A promise's date is at most this many days after the day it is made: a promise further off is a new plan (a
 * restructure), not a promise.
 */
export const PROMISE_WITHIN_DAYS = 31;

/** The creator's request for help: open until a collector closes it with what was agreed. */
export const HARDSHIP_STATUSES = ['open', 'closed'] as const;
export type HardshipStatus = (typeof HARDSHIP_STATUSES)[number];

/** Business days within which a collector answers a creator's request for help (said to the creator). */
export const HARDSHIP_ANSWER_BUSINESS_DAYS = 2;

/** Which loans the worklist shows. */
export const COLLECTION_VIEWS = ['all', 'mine', 'unassigned', 'due', 'requests'] as const;
export type CollectionView = (typeof COLLECTION_VIEWS)[number];

export const COLLECTION_VIEW_LABELS: Record<CollectionView, string> = {
  all: 'All',
  mine: 'Assigned to me',
  unassigned: 'Unassigned',
  due: 'Action due',
  requests: 'Asked for help',
};

export const COLLECTIONS_PAGE_SIZE = 25;
