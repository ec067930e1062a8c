// The model's row and JSON types for code outside repositories. Types only: the tables themselves are for
// repositories and src/server/db (biome.json forbids importing db/schema anywhere else in src/server).
export type {
  CreditQuoteRow,
  CreditScoreBreakdown,
  EarningsPart,
  EarningsProposal,
  FinancingApplication,
  MailAttachmentRef,
  ManualPlatformEntry,
  Payment,
  PlatformToken,
  ProofReviewStatus,
  QuestStep,
  QuoteTerms,
  RepaymentInstalment,
  RepaymentSchedule,
  Session,
  SettlementQuote,
  SocialMediaData,
  SocialMediaEntry,
  User,
} from './schema';
