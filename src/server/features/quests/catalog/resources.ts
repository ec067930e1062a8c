// Every "Required Reading" link the catalog uses, in one place so the list of outside pages can be
// reviewed at a glance. Only long-standing pages of official sources: SARS, regulators, gov.za and the
// platforms' own help centres. The catalog test checks each hostname against an allow-list.
import type { QuestResource } from '../../../../shared/quests';

// SARS
export const SARS_PERSONAL_INCOME_TAX: QuestResource = {
  url: 'https://www.sars.gov.za/types-of-tax/personal-income-tax/',
  title: 'SARS: Personal income tax',
  description: 'Who must register and file, and how individual income tax works.',
  type: 'official',
};
export const SARS_FILING_SEASON: QuestResource = {
  url: 'https://www.sars.gov.za/types-of-tax/personal-income-tax/filing-season/',
  title: 'SARS: Filing season',
  description: "This year's filing dates and who has to submit a return.",
  type: 'official',
};
export const SARS_PROVISIONAL_TAX: QuestResource = {
  url: 'https://www.sars.gov.za/types-of-tax/provisional-tax/',
  title: 'SARS: Provisional tax',
  description: 'Who is a provisional taxpayer, IRP6 due dates, penalties and interest.',
  type: 'official',
};
export const SARS_RATES_INDIVIDUALS: QuestResource = {
  url: 'https://www.sars.gov.za/tax-rates/income-tax/rates-of-tax-for-individuals/',
  title: 'SARS: Rates of tax for individuals',
  description: 'The current tax tables, rebates and tax thresholds. These change every year.',
  type: 'official',
};
export const SARS_VAT: QuestResource = {
  url: 'https://www.sars.gov.za/types-of-tax/value-added-tax/',
  title: 'SARS: Value-added tax',
  description: 'VAT registration thresholds, returns and vendor obligations.',
  type: 'official',
};
export const SARS_TURNOVER_TAX: QuestResource = {
  url: 'https://www.sars.gov.za/types-of-tax/turnover-tax/',
  title: 'SARS: Turnover tax',
  description: 'The simplified tax for qualifying micro businesses and its current turnover limit.',
  type: 'official',
};
export const SARS_EFILING: QuestResource = {
  url: 'https://www.sarsefiling.co.za/',
  title: 'SARS eFiling',
  description: 'Register, file returns, submit IRP6s and pay SARS online.',
  type: 'tool',
};

// Regulators and government
export const INFORMATION_REGULATOR: QuestResource = {
  url: 'https://inforegulator.org.za/',
  title: 'Information Regulator (South Africa)',
  description: 'POPIA guidance, information officer registration and security compromise reporting.',
  type: 'official',
};
export const GOV_POPIA: QuestResource = {
  url: 'https://www.gov.za/documents/protection-personal-information-act',
  title: 'Protection of Personal Information Act 4 of 2013',
  description: 'The Act on the South African Government website.',
  type: 'official',
};
export const NCR: QuestResource = {
  url: 'https://www.ncr.org.za/',
  title: 'National Credit Regulator',
  description: 'Registered credit bureaux, credit providers and debt counsellors, and consumer complaints.',
  type: 'official',
};
export const GOV_NCA: QuestResource = {
  url: 'https://www.gov.za/documents/national-credit-act',
  title: 'National Credit Act 34 of 2005',
  description: 'The Act on the South African Government website.',
  type: 'official',
};
export const CREDIT_OMBUD: QuestResource = {
  url: 'https://www.creditombud.org.za/',
  title: 'Credit Ombud',
  description: 'Free help with credit report and credit provider disputes.',
  type: 'official',
};
export const SAFPS: QuestResource = {
  url: 'https://www.safps.org.za/',
  title: 'Southern African Fraud Prevention Service',
  description: 'Free protective registration if your identity has been stolen or misused.',
  type: 'official',
};
export const SARB_FINANCIAL_SURVEILLANCE: QuestResource = {
  url: 'https://www.resbank.co.za/en/home/what-we-do/financial-surveillance',
  title: 'SARB: Financial Surveillance (exchange control)',
  description: 'How the Reserve Bank administers exchange control through authorised dealers.',
  type: 'official',
};
export const GOV_PUBLIC_HOLIDAYS: QuestResource = {
  url: 'https://www.gov.za/about-sa/public-holidays',
  title: 'South African public holidays',
  description: 'The official list of public holidays for the year.',
  type: 'official',
};
export const CIPC: QuestResource = {
  url: 'https://www.cipc.co.za/',
  title: 'Companies and Intellectual Property Commission (CIPC)',
  description: 'Trade mark searches and registration, and company registration.',
  type: 'official',
};
export const SAMRO: QuestResource = {
  url: 'https://www.samro.org.za/',
  title: 'SAMRO',
  description: 'Performing rights for composers, authors and music publishers.',
  type: 'official',
};
export const ARB: QuestResource = {
  url: 'https://www.arb.org.za/',
  title: 'Advertising Regulatory Board',
  description: 'The Code of Advertising Practice, including Appendix K on social media and influencers.',
  type: 'official',
};

// YouTube and Google
export const YOUTUBE_CREATORS: QuestResource = {
  url: 'https://www.youtube.com/creators/',
  title: 'YouTube Creators',
  description: "YouTube's own lessons on planning, making and growing a channel.",
  type: 'guide',
};
export const YOUTUBE_YPP: QuestResource = {
  url: 'https://support.google.com/youtube/answer/72851',
  title: 'YouTube Help: YPP overview and eligibility',
  description: 'The current thresholds, requirements and application steps.',
  type: 'official',
};
export const YOUTUBE_MONETISATION_POLICIES: QuestResource = {
  url: 'https://support.google.com/youtube/answer/1311392',
  title: 'YouTube Help: Channel monetisation policies',
  type: 'official',
};
export const YOUTUBE_COMMUNITY_GUIDELINES: QuestResource = {
  url: 'https://support.google.com/youtube/answer/9288567',
  title: 'YouTube Help: Community Guidelines',
  description: 'What is allowed on YouTube, and how warnings and strikes work.',
  type: 'official',
};
export const YOUTUBE_SPAM_POLICY: QuestResource = {
  url: 'https://support.google.com/youtube/answer/2801973',
  title: 'YouTube Help: Spam, deceptive practices and scams policies',
  type: 'official',
};
export const YOUTUBE_RETENTION: QuestResource = {
  url: 'https://support.google.com/youtube/answer/9314415',
  title: 'YouTube Help: Measure key moments for audience retention',
  type: 'guide',
};
export const YOUTUBE_CTR: QuestResource = {
  url: 'https://support.google.com/youtube/answer/7628154',
  title: 'YouTube Help: Impressions and click-through rate',
  type: 'guide',
};
export const YOUTUBE_REVENUE_METRICS: QuestResource = {
  url: 'https://support.google.com/youtube/answer/9314357',
  title: 'YouTube Help: Understand ad revenue analytics (RPM and CPM)',
  type: 'guide',
};
export const YOUTUBE_PAID_PROMOTION: QuestResource = {
  url: 'https://support.google.com/youtube/answer/154235',
  title: 'YouTube Help: Paid product placements, sponsorships and endorsements',
  type: 'official',
};
export const YOUTUBE_COPYRIGHT: QuestResource = {
  url: 'https://support.google.com/youtube/answer/2797466',
  title: 'YouTube Help: Copyright on YouTube',
  type: 'guide',
};
export const YOUTUBE_AUDIO_LIBRARY: QuestResource = {
  url: 'https://support.google.com/youtube/answer/3376882',
  title: 'YouTube Help: Use music and sound effects from the Audio Library',
  type: 'guide',
};
export const YOUTUBE_HACKED_CHANNEL: QuestResource = {
  url: 'https://support.google.com/youtube/answer/76187',
  title: 'YouTube Help: Recover a hacked channel',
  type: 'guide',
};
export const YOUTUBE_US_TAX: QuestResource = {
  url: 'https://support.google.com/youtube/answer/10391362',
  title: 'YouTube Help: US tax requirements for YouTube earnings',
  description: 'Who must submit tax information, and how withholding on US-viewer earnings works.',
  type: 'official',
};
export const GOOGLE_2SV: QuestResource = {
  url: 'https://support.google.com/accounts/answer/185839',
  title: 'Google Account Help: Turn on 2-Step Verification',
  type: 'guide',
};
export const ADSENSE_HELP: QuestResource = {
  url: 'https://support.google.com/adsense/',
  title: 'Google AdSense Help Centre',
  description: 'Payments, thresholds, verification and tax information.',
  type: 'official',
};
export const ADSENSE_PAYMENT_TIMELINE: QuestResource = {
  url: 'https://support.google.com/adsense/answer/7164703',
  title: 'AdSense Help: Payment timelines',
  type: 'guide',
};

// Other platforms
export const TIKTOK_CREATOR_ACADEMY: QuestResource = {
  url: 'https://www.tiktok.com/creator-academy',
  title: 'TikTok Creator Academy',
  description: "TikTok's guides for creators, including monetisation features and eligibility.",
  type: 'guide',
};
export const INSTAGRAM_CREATORS: QuestResource = {
  url: 'https://creators.instagram.com/',
  title: 'Instagram for Creators',
  type: 'guide',
};
export const META_PARTNER_MONETISATION: QuestResource = {
  url: 'https://www.facebook.com/business/help/169845596919485',
  title: 'Meta: Partner Monetisation Policies',
  description: 'The rules every Facebook and Instagram creator must meet to earn.',
  type: 'official',
};
