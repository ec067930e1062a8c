// What the product did or recorded under the National Credit Act about one loan (the nca_events table;
// docs/compliance.md, "Default and enforcement", "Debt review", "Credit bureau").
export const NCA_EVENT_KINDS = [
  /** A section 129(1)(a) notice sent (by e-mail, to the address the creator chose). */
  's129_notice',
  /** The same notice sent by registered post, its reference entered by an admin. */
  's129_registered_post',
  /** An enforcement step (hand-over to collections or to legal), allowed only after the waiting periods. */
  'enforcement',
  /** A debt counsellor's notice (Form 17.1) that the consumer applied for debt review (s86). */
  'debt_review',
  /** The restructuring order (or agreed proposal) under debt review: the new instalments. */
  'debt_review_order',
  /** Debt review ended (the counsellor's notice, a clearance, or the consumer's withdrawal). */
  'debt_review_ended',
  /** The notice to the consumer 20 business days before adverse information is reported (regulation 19(4)). */
  'bureau_adverse_notice',
] as const;
export type NcaEventKind = (typeof NCA_EVENT_KINDS)[number];
