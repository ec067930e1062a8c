// Platform quests: YouTube Partner Programme, account security, analytics, diversification, AdSense and US
// tax, and POPIA. Platform rules change often, so each quest points to the platform's own help pages.
import type { QuestDefinition } from '../../../../shared/quests';
import {
  ADSENSE_HELP,
  ADSENSE_PAYMENT_TIMELINE,
  GOOGLE_2SV,
  GOV_POPIA,
  INFORMATION_REGULATOR,
  INSTAGRAM_CREATORS,
  META_PARTNER_MONETISATION,
  SARS_PERSONAL_INCOME_TAX,
  TIKTOK_CREATOR_ACADEMY,
  YOUTUBE_COMMUNITY_GUIDELINES,
  YOUTUBE_CTR,
  YOUTUBE_HACKED_CHANNEL,
  YOUTUBE_MONETISATION_POLICIES,
  YOUTUBE_RETENTION,
  YOUTUBE_REVENUE_METRICS,
  YOUTUBE_SPAM_POLICY,
  YOUTUBE_US_TAX,
  YOUTUBE_YPP,
} from './resources';
import { bullets, paragraphs } from './text';

const youtubePartnerProgramme: QuestDefinition = {
  slug: 'youtube-partner-programme',
  title: 'Join the YouTube Partner Programme',
  description:
    'The eligibility thresholds, what counts towards them, the policies that keep you monetised and how YouTube shares revenue.',
  category: 'platform',
  difficulty: 'beginner',
  xpReward: 70,
  prerequisites: [],
  steps: [
    {
      title: 'Eligibility thresholds',
      description: 'The two levels of the programme and the requirements every channel must meet.',
      type: 'text',
      content: paragraphs(
        'The YouTube Partner Programme (YPP) lets you earn from your channel. It has two levels.',
        'Full YPP, which includes a share of ad revenue, needs either:',
        bullets(
          '1,000 subscribers and 4,000 valid public watch hours on long-form videos in the last 12 months, or',
          '1,000 subscribers and 10 million valid public Shorts views in the last 90 days.',
        ),
        'The expanded level has lower thresholds and gives early access to fan funding (channel memberships, Super Chat, Super Stickers and Super Thanks) and some Shopping features, but not ad revenue. It needs 500 subscribers, 3 valid public uploads in the last 90 days, and either 3,000 valid public watch hours in the last 12 months or 3 million valid public Shorts views in the last 90 days. It is available in a long list of countries and regions; check the Earn section of YouTube Studio or the YPP help page to see whether it is open to you.',
        'Every channel must also:',
        bullets(
          'live in a country or region where YPP is available (South Africa is one);',
          "follow YouTube's channel monetisation policies;",
          'have no active Community Guidelines strikes;',
          'have 2-Step Verification turned on for its Google Account;',
          'have advanced features access on YouTube;',
          'have one AdSense for YouTube account linked to the channel, or set one up through YouTube Studio.',
        ),
        'After you apply, YouTube reviews the channel as a whole, which typically takes about a month. Thresholds and rules change from time to time, and the YPP help page is the authority.',
      ),
      resources: [YOUTUBE_YPP],
    },
    {
      title: 'What counts, and what does not',
      description: 'Valid public watch hours and views, and the shortcuts that backfire.',
      type: 'text',
      content: paragraphs(
        'Only valid, public activity counts towards the thresholds:',
        bullets(
          'Watch hours on public long-form videos count. Views of private, unlisted or deleted videos do not.',
          'Shorts views count towards the Shorts route only. Watch time on Shorts does not count towards the 4,000 watch hours.',
          'Views from ad campaigns that promote your videos do not count.',
        ),
        'Shortcuts that backfire:',
        bullets(
          "Buying subscribers, views or watch hours breaches YouTube's fake engagement policies. The fake activity is removed, and the channel can be rejected or removed.",
          'Sub-for-sub groups bring subscribers who never watch, which weakens how your videos perform in recommendations.',
          "Re-uploading other people's content, or mass-producing near-identical videos, can get an application rejected under the monetisation policies even if you reach the thresholds.",
        ),
        'A realistic route: one useful long video a week, with shorts that point viewers to it. 4,000 hours is, for example, 24,000 views averaging 10 minutes each over a year, or about 460 such views a week.',
      ),
      resources: [YOUTUBE_SPAM_POLICY],
    },
    {
      title: 'Stay monetised: policies and revenue share',
      description: 'The rules that decide whether your videos earn, and how YouTube splits revenue.',
      type: 'text',
      content: paragraphs(
        'Getting into YPP is the start. Staying in it depends on three sets of rules:',
        bullets(
          'Channel monetisation policies: the channel as a whole must be original and add value. YouTube does not let mass-produced, repetitive or reused content earn.',
          'Advertiser-friendly content guidelines: individual videos with strong language, violence, adult themes or some controversial topics may earn limited or no ad revenue (the yellow icon in YouTube Studio). You can ask for a human review.',
          'Community Guidelines: a first violation usually brings a warning, and after that strikes. Three strikes within 90 days lead to the channel being terminated. Copyright strikes are a separate system with similar consequences.',
        ),
        'YouTube may also remove monetisation from a channel that has not uploaded or posted for six months or more.',
        "How ad revenue is shared: on long-form videos creators receive 55% of the net revenue from ads shown on their videos. Shorts use a pooled model: ad revenue from the Shorts feed is pooled, allocated according to each creator's share of eligible views, and creators keep 45% of their allocation. Earnings go to your AdSense for YouTube account; the AdSense quest covers payments and US tax.",
      ),
      resources: [YOUTUBE_MONETISATION_POLICIES, YOUTUBE_COMMUNITY_GUIDELINES],
    },
    {
      title: 'Quiz: YouTube Partner Programme',
      description: 'Check your understanding of YPP eligibility, policies and revenue share.',
      type: 'quiz',
      content: [
        {
          question: 'Which combination meets the full YPP threshold through long-form videos?',
          options: [
            '500 subscribers and 3,000 watch hours in 12 months',
            '1,000 subscribers and 4,000 valid public watch hours in the last 12 months',
            '1,000 subscribers and 1,000 watch hours',
            '10,000 subscribers and no watch hours',
          ],
          correctAnswer: 1,
          explanation:
            'Full YPP needs 1,000 subscribers plus either 4,000 valid public watch hours in 12 months or 10 million valid public Shorts views in 90 days. The 500-subscriber level is the expanded tier without ad revenue.',
        },
        {
          question: 'What does the expanded YPP level (from 500 subscribers) give you?',
          options: [
            'Full ad revenue',
            'Nothing until 1,000 subscribers',
            'Early access to fan funding, such as memberships and Super Chat, and some Shopping features',
            'A verification badge',
          ],
          correctAnswer: 2,
          explanation:
            'The expanded level unlocks fan funding and some Shopping features. Ad revenue sharing still needs the full thresholds.',
        },
        {
          question: 'Which of these counts towards the 4,000 watch hours?',
          options: [
            'Watch time on public long-form videos',
            'Views of unlisted videos',
            'Views from an ad campaign promoting your video',
            'Watch time on Shorts',
          ],
          correctAnswer: 0,
          explanation:
            'Only valid public watch time on long-form videos counts. Unlisted, private, deleted and ad-driven views do not, and Shorts count only towards the Shorts route.',
        },
        {
          question: 'Which of these is NOT a YPP requirement?',
          options: [
            '2-Step Verification on your Google Account',
            'No active Community Guidelines strikes',
            'A linked AdSense for YouTube account',
            'A company registered with CIPC',
          ],
          correctAnswer: 3,
          explanation:
            'Individuals can join YPP as sole proprietors. 2-Step Verification, no active strikes and a linked AdSense for YouTube account are all required.',
        },
        {
          question: 'What share of net ad revenue do creators receive on long-form videos?',
          options: ['45%', '55%', '70%', '100%'],
          correctAnswer: 1,
          explanation:
            'Creators receive 55% on long-form videos. On Shorts, creators keep 45% of the revenue allocated to them from the pool.',
        },
      ],
      resources: [],
    },
  ],
};

const secureYourAccounts: QuestDefinition = {
  slug: 'secure-your-accounts',
  title: 'Secure your accounts against hijacking and scams',
  description:
    'Lock down your logins, spot the scams aimed at creators and know exactly what to do if an account is taken over.',
  category: 'platform',
  difficulty: 'beginner',
  xpReward: 80,
  prerequisites: [],
  steps: [
    {
      title: 'Lock down your logins',
      description: 'Passwords, 2-Step Verification, recovery details and access for your team.',
      type: 'text',
      content: paragraphs(
        'Your channels and pages are business assets. Most takeovers start with a stolen password, a hijacked email inbox or a SIM swap.',
        'Do these today:',
        bullets(
          'Use a password manager and a long, unique password for every account, starting with the email address that controls your channels. Whoever controls that inbox can reset everything else.',
          'Turn on 2-Step Verification everywhere. Prefer an authenticator app, passkeys or a physical security key to SMS codes. SIM-swap fraud is common in South Africa, and an SMS code is only as safe as your cellphone number.',
          'Ask your mobile network what extra protection it offers against SIM swaps on your number.',
          'Check your recovery details: a current recovery phone number and a separate, protected recovery email. Store backup codes offline.',
          'Review signed-in devices and connected apps, and remove old phones, laptops and tools you no longer use.',
          "Never share passwords with editors, managers or agencies. Give access through the platform's own roles (YouTube channel permissions, Meta Business Suite roles) at the lowest level they need, and remove it when the work ends.",
        ),
      ),
      resources: [GOOGLE_2SV],
    },
    {
      title: 'Recognise creator-targeted scams',
      description: 'The fake sponsorships, fake policy warnings and fake offers that target creators.',
      type: 'text',
      content: paragraphs(
        'Attackers target creators because a hijacked channel can be used to push crypto scams or be sold on. The common approaches:',
        bullets(
          'Fake sponsorships. An email from a "brand" offers a generous deal and asks you to download the contract, a game or editing software to review. The file installs malware that steals the logged-in sessions from your browser, which can let attackers into your accounts even with 2-Step Verification on. Be suspicious of password-protected archives, files ending in .exe, .scr or .bat, and links to download "the product".',
          'Fake policy or copyright warnings. Emails or DMs claim your channel will be deleted unless you sign in through a link or appeal through a form. Real notices appear in YouTube Studio, so go there directly instead of clicking.',
          'Fake verification or monetisation offers. Nobody can sell you a verification badge or guaranteed monetisation.',
          'Bank and SARS impersonation. Calls or messages asking for an OTP, a PIN or your eFiling password are scams. Banks and SARS do not ask you to read out one-time PINs.',
        ),
        'Good habits:',
        bullets(
          "Check the sender's actual address and domain, not only the display name.",
          'Open brand files only after verifying the company through its official website or a known contact, and consider a separate device or browser profile for unknown files.',
          'Slow down. Urgency ("within 24 hours") is the scammer\'s main tool.',
        ),
      ),
      resources: [YOUTUBE_SPAM_POLICY],
    },
    {
      title: 'If an account is taken over',
      description: 'A step-by-step response plan to recover faster and limit the damage.',
      type: 'text',
      content: paragraphs(
        'Act fast; the first hours matter.',
        bullets(
          "Recover the account through the platform's official recovery process. For YouTube this means recovering the Google Account first and then following YouTube's help for hacked channels.",
          'From a clean device, change the password of your main email account and check its settings for forwarding rules or filters an attacker may have added.',
          'Sign out all other sessions, remove unknown devices and connected apps, and set up 2-Step Verification again with new backup codes.',
          'Scan your computer for malware, or have it professionally cleaned, before signing in again. Otherwise the attacker can simply steal the new session.',
          'Warn your audience on your other platforms not to click links or buy anything promoted from the hijacked account.',
          'If money or banking details were involved, contact your bank immediately and open a case with the SAPS.',
          'Tell brand partners whose content or payments might be affected.',
        ),
        'Afterwards, write down what happened and what you changed. Most creators who are hijacked had no plan; a written plan turns the next crisis into a checklist.',
      ),
      resources: [YOUTUBE_HACKED_CHANNEL],
    },
    {
      title: 'Quiz: account security',
      description: 'Check that you can recognise the main risks and respond to them.',
      type: 'quiz',
      content: [
        {
          question: 'Why is an authenticator app or passkey safer than SMS codes?',
          options: [
            'SMS codes can be intercepted through SIM-swap fraud',
            'SMS is not available in South Africa',
            'Authenticator apps never need a phone',
            'There is no difference',
          ],
          correctAnswer: 0,
          explanation:
            'A SIM swap moves your number to a criminal, who then receives your SMS codes. App codes, passkeys and security keys are not tied to your number.',
        },
        {
          question:
            'A "brand" sends a password-protected .zip file containing "the contract" and asks you to open it urgently. What should you do?',
          options: [
            'Open it on your main editing laptop',
            'Forward it to your manager to open instead',
            'Verify the company through its official website or a known contact first, and treat the file as suspicious',
            'Switch off your antivirus so it opens',
          ],
          correctAnswer: 2,
          explanation:
            'Password-protected archives are a common way to slip session-stealing malware past scanners. Verify the sender independently before opening anything.',
        },
        {
          question:
            'Your editor needs to upload videos to your channel. What is the right way to give access?',
          options: [
            'Share your Google password',
            'Send them your 2-Step Verification codes when they need them',
            'Create one shared password for the whole team',
            "Add them through YouTube's channel permissions with the lowest role they need",
          ],
          correctAnswer: 3,
          explanation:
            'Channel permissions give each person only the access they need, and you can remove it at any time without changing your own login.',
        },
        {
          question:
            'After recovering a hijacked account, why scan your computer for malware before signing in again?',
          options: [
            'Platforms require a scan certificate',
            'Malware that stole your session can steal the new one too',
            'It speeds up uploads',
          ],
          correctAnswer: 1,
          explanation:
            'If session-stealing malware is still on the device, a new password and new sign-in will simply be stolen again.',
        },
      ],
      resources: [],
    },
  ],
};

const analyticsThatMatter: QuestDefinition = {
  slug: 'analytics-that-matter',
  title: 'Analytics that matter: retention, CTR and RPM',
  description:
    'Read the numbers that actually drive growth and income, and turn them into decisions in a monthly review.',
  category: 'platform',
  difficulty: 'intermediate',
  xpReward: 150,
  prerequisites: ['youtube-partner-programme'],
  steps: [
    {
      title: 'Retention and watch time',
      description: 'How long people watch is the strongest signal you control.',
      type: 'text',
      content: paragraphs(
        'Platforms recommend content that people watch and are satisfied with. On YouTube, the audience retention report shows how much of each video viewers watch and where they leave.',
        'What to look at:',
        bullets(
          'Average view duration and average percentage viewed. Compare each video with your own recent videos of similar length, not with other channels.',
          'The opening. The key moments view shows intro retention; a large early drop means the opening did not deliver what the title and thumbnail promised.',
          'Dips, where many viewers leave. Watch that section and ask what went wrong: a slow tangent, a long sponsor read, a confusing cut.',
          'Spikes, where viewers rewatch or skip ahead to. They show what people came for and can become your next video.',
        ),
        'On TikTok and Instagram the equivalents are average watch time, the share of viewers who watched the whole video, and rewatches. For short videos, completion and rewatches matter more than length.',
        'Change one thing at a time. If intros are the problem, fix the intros of your next four videos before changing anything else, so you can see what worked.',
      ),
      resources: [YOUTUBE_RETENTION],
    },
    {
      title: 'Impressions and click-through rate',
      description: 'How often your thumbnail is shown and how often it is clicked, read in context.',
      type: 'text',
      content: paragraphs(
        'An impression is counted when your thumbnail is shown to a viewer on YouTube. Impressions click-through rate (CTR) is the share of those impressions that turned into views.',
        'How to read CTR:',
        bullets(
          'YouTube says half of all channels and videos have an impressions CTR between 2% and 10%.',
          'CTR usually starts high, when a video is shown to your subscribers, and falls as YouTube shows it to wider audiences who know you less. A falling CTR with rising impressions is often a sign of success.',
          'Compare like with like. CTR from search, browse features and suggested videos behave differently.',
          'Read CTR with retention. High CTR with poor retention suggests the packaging over-promised. Low CTR with strong retention suggests a good video in weak packaging, so change the thumbnail or title.',
        ),
        'Traffic sources show where views come from: search, browse features (the home page), suggested videos, external sites and the Shorts feed. A tutorial channel lives on search; an entertainment channel lives on browse and suggested. Write titles for the source that matters to you.',
      ),
      resources: [YOUTUBE_CTR],
    },
    {
      title: 'CPM, RPM and your real income',
      description: 'The difference between what advertisers pay and what you earn per 1,000 views.',
      type: 'text',
      content: paragraphs(
        'Two revenue metrics are easy to confuse:',
        bullets(
          "CPM (cost per mille) is what advertisers pay per 1,000 ad impressions on your videos, before YouTube's share. It only covers views where ads were shown.",
          "RPM (revenue per mille) is what you actually earn per 1,000 views, after YouTube's share, counting all views, including those without ads, and all revenue sources such as ads, YouTube Premium, memberships and Super Chat.",
        ),
        'RPM is always lower than CPM, and RPM is the number to plan with.',
        'What moves your RPM:',
        bullets(
          'Viewer location. Advertisers pay different rates in different countries. An audience mostly in South Africa often earns a lower RPM than one in the United States or the United Kingdom, so consider whether some of your content could also appeal to international viewers.',
          'Topic. Finance, technology and business content tends to attract higher-paying advertisers than general entertainment.',
          'Season. Rates are often highest in the last quarter of the year and lower in January.',
          'Format. Long videos can carry mid-roll ads; Shorts are paid from a separate pooled model and usually have lower RPMs.',
        ),
        'Example with illustrative numbers: 200,000 views in a month at an RPM of US$1.50 earns US$300, about R 5 400 at R 18 to the dollar before bank charges. Use your own three-month average RPM and views to forecast income for your budget and for any financing application.',
      ),
      resources: [YOUTUBE_REVENUE_METRICS],
    },
    {
      title: 'Run a monthly analytics review',
      description: "A 30-minute routine that turns numbers into next month's plan.",
      type: 'text',
      content: paragraphs(
        'Once a month, record a few numbers in a sheet and write down one decision.',
        'The numbers:',
        bullets(
          'Views and watch time for the month, and the change from the previous month.',
          'Subscribers or followers gained, and returning viewers.',
          'Average view duration or percentage viewed for your last four long videos.',
          'CTR for your last four videos, with their main traffic sources.',
          'RPM and total revenue per platform.',
          'Your best and worst piece of content, with one sentence on why.',
        ),
        'The decision: one change for next month, such as "shorter intros", "two more search-focused tutorials" or "test a new thumbnail style". Check whether last month\'s change worked before adding a new one.',
        'Keep the sheet. Twelve months of clean numbers show your seasonality, help you budget and give a lender such as Vuka Capital, or a brand, clear evidence of a growing business.',
      ),
      resources: [],
    },
    {
      title: 'Quiz: analytics',
      description: 'Check that you can read retention, CTR and revenue metrics correctly.',
      type: 'quiz',
      content: [
        {
          question: 'What is the difference between CPM and RPM?',
          options: [
            'They are the same thing',
            "CPM is what advertisers pay per 1,000 ad impressions before YouTube's share; RPM is what you earn per 1,000 views after the share, counting all views and revenue sources",
            'RPM is always higher than CPM',
            'CPM only applies to Shorts',
          ],
          correctAnswer: 1,
          explanation:
            "CPM is the advertiser's price; RPM is your actual earnings per 1,000 views. RPM is lower because of YouTube's share and because not every view shows an ad.",
        },
        {
          question:
            "A video's CTR falls from 9% to 4% as its impressions grow from 5,000 to 200,000. What does this most likely mean?",
          options: [
            'YouTube is showing it to wider audiences who know you less, which is normal',
            'The thumbnail file is broken',
            'The channel has been penalised',
            'The viewers are bots',
          ],
          correctAnswer: 0,
          explanation:
            'CTR naturally drops as a video moves beyond your subscribers to colder audiences. Rising impressions with a lower CTR is often a sign of success.',
        },
        {
          question:
            'A video has a high CTR, but most viewers leave in the first 20 seconds. What is the likely problem?',
          options: [
            'The thumbnail is too dull',
            'The RPM is too low',
            'The packaging promised something the opening did not deliver',
            'The video is too short',
          ],
          correctAnswer: 2,
          explanation:
            'People clicked, so the packaging worked, but the opening did not match their expectations. Align the first seconds with the promise.',
        },
        {
          question:
            'You had 150,000 views last month at an RPM of US$2.00. What did you earn before conversion?',
          options: ['US$3,000', 'US$75', 'US$150', 'US$300'],
          correctAnswer: 3,
          explanation: '150,000 divided by 1,000 is 150, and 150 times US$2.00 is US$300.',
        },
        {
          question: 'Which factor often makes RPM lower for a mainly South African audience?',
          options: [
            'South African law limits how many ads viewers may see',
            'Viewer location, because advertisers pay different rates in different countries',
            'YouTube pays South African creators in rand',
            'Local videos cannot be monetised',
          ],
          correctAnswer: 1,
          explanation:
            'Ad rates depend on where viewers are and on advertiser competition there. There is no legal limit on ads, and South African videos can be monetised.',
        },
      ],
      resources: [],
    },
  ],
};

const diversifyYourPlatforms: QuestDefinition = {
  slug: 'diversify-your-platforms',
  title: 'Diversify across platforms and income streams',
  description:
    'Reduce the risk of depending on one platform by adding channels and income streams that fit your niche, one at a time.',
  category: 'platform',
  difficulty: 'intermediate',
  xpReward: 150,
  prerequisites: ['youtube-partner-programme'],
  steps: [
    {
      title: 'Why one platform is a risk',
      description: 'Policy changes, algorithm shifts and account problems can cut income overnight.',
      type: 'text',
      content: paragraphs(
        'If most of your income comes from one platform, a single change you do not control can halve it: an algorithm update, a new monetisation policy, a demonetised video, a copyright dispute or a hijacked account.',
        "Measure your concentration: what share of last year's income came from your largest single source? Above about 70%, you are exposed. A practical goal is that no single platform or client provides more than half of your income.",
        'Diversify in two directions:',
        bullets(
          'Platforms: where your content is seen (YouTube, TikTok, Instagram, Facebook, podcasts, a newsletter).',
          'Income streams: how you are paid (platform revenue, brand deals, fan funding and memberships, your own products, and services such as workshops and events).',
        ),
        "Diversity also helps when you apply for financing. Vuka Capital's eligibility check, for example, gives more weight to creators active on three or more platforms, because several income sources make repayments more reliable.",
        'Diversify deliberately. Spreading yourself across six platforms at once usually means doing all of them badly. Add one platform or income stream at a time and give it 90 days.',
      ),
      resources: [],
    },
    {
      title: 'What each platform pays for',
      description:
        'How the main platforms and other income streams typically pay creators, and where to check eligibility.',
      type: 'text',
      content: paragraphs(
        "Each platform pays in different ways, and eligibility often depends on your country. Check each programme's rules for South Africa before you plan around it.",
        bullets(
          'YouTube: ad revenue and YouTube Premium revenue in the full YPP, plus fan funding (memberships, Super Chat, Super Thanks) and Shopping features. Long-form videos usually earn the most per view.',
          "TikTok: LIVE gifts, and brand deals found directly or through TikTok's creator marketplace tools. TikTok's Creator Rewards Program pays for qualifying longer videos but is open only in a limited list of countries; check the Creator Academy for the current list.",
          "Instagram and Facebook: branded content is the main source for most creators. Meta's monetisation features, such as subscriptions and Facebook content monetisation, have their own eligibility rules and country lists; check Meta's creator pages and Partner Monetisation Policies.",
          'Podcasts: sponsorship reads, listener support and memberships. A video version on YouTube adds YPP income.',
          'Memberships and tips: platforms such as Patreon, or your own website with a South African payment gateway, let fans pay you directly every month.',
          'Your own products and services: courses, templates, presets, locally printed merch, workshops, MC and speaking gigs, and content production for brands.',
        ),
        'Income you control directly, such as memberships, products and services, is the most resilient, because no algorithm decides who sees your offer.',
      ),
      resources: [TIKTOK_CREATOR_ACADEMY, INSTAGRAM_CREATORS, META_PARTNER_MONETISATION],
    },
    {
      title: 'Repurpose without spamming',
      description: 'Turn one piece of work into several native pieces without losing quality.',
      type: 'text',
      content: paragraphs(
        'You do not need to create everything from scratch for each platform. A hub-and-spoke approach works well:',
        bullets(
          'Hub: one substantial piece a week, such as a YouTube video, a podcast episode or a long post.',
          'Spokes: three to five short pieces cut or adapted from it for TikTok, Reels, Shorts and Facebook, plus a newsletter note and a community post.',
        ),
        'Make each spoke native to its platform:',
        bullets(
          'Re-edit rather than re-upload: vertical framing, captions burned in, and a hook that works in the first second.',
          "Remove other apps' watermarks. Platforms say they favour original content, and reposts carrying another app's logo can be shown to fewer people.",
          "Write captions and titles in each platform's style, and reply to comments on each platform.",
          'Point the spokes back to the hub where the platform allows links.',
        ),
        'Give each new platform 90 days with a fixed weekly commitment, track it in your monthly analytics review, and then decide whether to keep it, change your approach or drop it.',
      ),
      resources: [],
    },
    {
      title: 'Quiz: diversification',
      description: 'Check your understanding of platform risk and how to spread it.',
      type: 'quiz',
      content: [
        {
          question: 'Which income mix carries the most platform risk?',
          options: [
            'YouTube 40%, brand deals 30%, memberships 20%, workshops 10%',
            'Four platforms with roughly equal shares',
            'One platform providing 90% of income',
            'Brand deals from ten different clients',
          ],
          correctAnswer: 2,
          explanation:
            'When 90% of income comes from one source, a single policy change or account problem can wipe most of it out.',
        },
        {
          question:
            "Before planning around TikTok's Creator Rewards Program, what should a South African creator do?",
          options: [
            'Assume it is available everywhere',
            "Check TikTok's Creator Academy for the current list of eligible countries",
            'Register a company in the United States',
          ],
          correctAnswer: 1,
          explanation:
            "The programme is open only in listed countries, and the list changes. Check TikTok's own pages rather than relying on what works for creators elsewhere.",
        },
        {
          question: 'What is the hub-and-spoke approach?',
          options: [
            'One substantial piece each week, adapted into several native short pieces for other platforms',
            'Posting the same file everywhere at once',
            'Paying other creators to share your work',
            'Posting on one platform only',
          ],
          correctAnswer: 0,
          explanation:
            'The hub carries your main effort; the spokes reuse it in a form that suits each platform, which saves time without looking like spam.',
        },
        {
          question: 'Which income stream is usually the most resilient to algorithm changes?',
          options: [
            'Ad revenue on a single platform',
            'Videos built on trending sounds',
            'Shorts views',
            'Memberships, products and services you sell directly to your audience',
          ],
          correctAnswer: 3,
          explanation:
            'When fans pay you directly, no algorithm decides whether they see your offer. That makes direct income the most stable base.',
        },
      ],
      resources: [],
    },
  ],
};

const adsensePaymentsUsTax: QuestDefinition = {
  slug: 'adsense-payments-us-tax',
  title: 'AdSense payments and US tax for South African creators',
  description:
    'How AdSense for YouTube pays you, how to submit US tax information and claim the SA-US treaty, and how to reconcile it all for SARS.',
  category: 'platform',
  difficulty: 'advanced',
  xpReward: 220,
  prerequisites: ['youtube-partner-programme'],
  steps: [
    {
      title: 'How AdSense for YouTube pays you',
      description: 'The payment cycle, thresholds, verification and payout to a South African bank.',
      type: 'text',
      content: paragraphs(
        'YouTube earnings are paid through AdSense for YouTube. Each channel links to one AdSense for YouTube account.',
        'The monthly cycle:',
        bullets(
          'During the month, YouTube Studio shows estimated earnings.',
          "Early in the following month, the previous month's earnings are finalised and added to your AdSense balance.",
          "If your balance has reached the payment threshold and there are no holds on the account, payment is normally issued around the 21st of that month. The money then takes some days to reach your bank, so January's earnings typically arrive in late February.",
        ),
        'Before you can be paid:',
        bullets(
          "Verify your identity and address when AdSense asks. Address verification can involve a PIN sent by post, so keep your postal address current and follow AdSense's instructions if the PIN does not arrive.",
          'Add a payment method, usually a bank transfer to a South African account in the same name as the AdSense payee.',
          'Submit your US tax information (step 2).',
        ),
        'For accounts paid in US dollars the payment threshold is US$100; your account shows the threshold that applies to you. Below it, earnings roll over to the next month.',
        'Your bank converts the dollars to rand, unless you receive them in a foreign currency account. Check the rate and fees on each payment and record both the dollar and the rand amounts.',
      ),
      resources: [ADSENSE_PAYMENT_TIMELINE, ADSENSE_HELP],
    },
    {
      title: 'US tax information and the SA-US treaty',
      description: 'Why Google withholds US tax, how the W-8BEN works and what the treaty does.',
      type: 'text',
      content: paragraphs(
        'Google must collect tax information from creators outside the United States and withhold US tax on earnings from viewers in the United States. This covers ads, YouTube Premium, Super Chat, Super Stickers and channel memberships from US viewers.',
        'What happens depends on what you submit:',
        bullets(
          'No tax information: Google may withhold up to 24% of your total worldwide YouTube earnings, not only your US earnings.',
          'Tax information without a treaty claim: US-viewer earnings are generally withheld at 30%.',
          'Tax information with a valid treaty claim: US-viewer earnings are withheld at the reduced treaty rate.',
        ),
        'Individuals complete Form W-8BEN online, in the payments settings of AdSense under United States tax information. You will need your South African income tax reference number as your foreign tax identification number.',
        "The treaty: South Africa and the United States have a double taxation agreement. YouTube earnings are generally treated as royalties, and under the treaty's royalties article (Article 12), royalties paid to a South African resident are generally taxable only in South Africa. With a valid claim, the US withholding rate on US-viewer earnings is therefore typically 0%. Confirm the rate AdSense shows after your form is accepted, and update your details when Google asks.",
        'Only genuine South African tax residents may claim the treaty, and the W-8BEN is signed under penalty of perjury. Get professional advice if your residence is unclear, for example if you live partly abroad.',
      ),
      resources: [YOUTUBE_US_TAX],
    },
    {
      title: 'Reconcile and declare in South Africa',
      description: 'Match YouTube, AdSense and your bank, and declare the right amounts to SARS.',
      type: 'text',
      content: paragraphs(
        'Three systems show different numbers for the same money:',
        bullets(
          'YouTube Studio shows estimated revenue per video and per month, which can change slightly when finalised.',
          'AdSense shows finalised earnings, any US tax withheld and each payment issued.',
          'Your bank statement shows the rand amount that arrived after conversion and fees.',
        ),
        'Each month:',
        bullets(
          'Record the AdSense payment in dollars, with any US tax withheld shown separately.',
          "Record the rand amount received and the bank's rate and fees.",
          'Check that the payment matches the finalised earnings for the month or months it covers.',
        ),
        'Declaring to SARS:',
        bullets(
          'Declare the gross earnings, before any US withholding, as income, converted to rand with a consistent method (see the foreign income quest).',
          'Conversion fees and bank charges are business costs.',
          'Foreign tax credits are generally limited to tax that was properly payable under the treaty. Tax withheld because your form was missing or wrong is generally not creditable in South Africa and would have to be recovered from the US side, which is slow and difficult. Submitting a correct W-8BEN from the start is far cheaper.',
        ),
        'Keep AdSense payment receipts and reports with your tax records for at least five years.',
      ),
      resources: [SARS_PERSONAL_INCOME_TAX],
    },
    {
      title: 'Quiz: AdSense and US tax',
      description: 'Check your understanding of AdSense payments, US withholding and the treaty.',
      type: 'quiz',
      content: [
        {
          question: 'What may Google withhold if you never submit US tax information?',
          options: [
            'Nothing',
            'Up to 24% of your total worldwide YouTube earnings',
            '30% of earnings from US viewers only',
            '15% of earnings from South African viewers',
          ],
          correctAnswer: 1,
          explanation:
            'Without tax information Google may withhold up to 24% of all your YouTube earnings. Submitting the form limits withholding to US-viewer earnings at the applicable rate.',
        },
        {
          question: 'Which form do individual creators complete for US tax information in AdSense?',
          options: ['IRP6', 'ITR12', 'W-9', 'W-8BEN'],
          correctAnswer: 3,
          explanation:
            'Non-US individuals use the W-8BEN. The W-9 is for US persons, and the IRP6 and ITR12 are South African returns.',
        },
        {
          question: 'Under the SA-US tax treaty, royalties paid to a South African resident are generally:',
          options: [
            'taxable only in South Africa, so US withholding on US-viewer earnings is typically 0% with a valid claim',
            'taxed at 30% in both countries',
            'exempt in both countries',
            'taxable only in the United States',
          ],
          correctAnswer: 0,
          explanation:
            'Article 12 of the treaty generally reserves the taxing right on such royalties to South Africa. You still declare the income to SARS.',
        },
        {
          question:
            "When is a month's YouTube income normally paid, if your balance has reached the threshold?",
          options: [
            'On the last day of the same month',
            'Immediately after each video is published',
            'Around the 21st of the following month',
            'Once a year, in February',
          ],
          correctAnswer: 2,
          explanation:
            'Earnings are finalised early in the following month and payment is normally issued around the 21st, with bank processing taking a few more days.',
        },
        {
          question: 'How much should you declare to SARS as YouTube income?',
          options: [
            'Only what reaches your bank in rand',
            'Only earnings from US viewers',
            'Nothing, because Google withholds tax',
            'The gross earnings before any US withholding, converted to rand consistently',
          ],
          correctAnswer: 3,
          explanation:
            'Declare gross income. Bank charges are deductible costs, and properly payable foreign tax may be credited, but neither reduces the income you declare.',
        },
      ],
      resources: [],
    },
  ],
};

const popiaForCreators: QuestDefinition = {
  slug: 'popia-for-creators',
  title: 'POPIA for creators: lists, giveaways and direct marketing',
  description:
    "Collect and use fans' personal information lawfully under POPIA: the conditions for processing, consent and section 69, security and breaches.",
  category: 'platform',
  difficulty: 'advanced',
  xpReward: 250,
  prerequisites: ['secure-your-accounts'],
  steps: [
    {
      title: 'When POPIA applies to you',
      description: 'Personal information, responsible parties and the conditions for lawful processing.',
      type: 'text',
      content: paragraphs(
        'The Protection of Personal Information Act 4 of 2013 (POPIA) applies whenever you process personal information about identifiable people, and it is enforced by the Information Regulator. Processing includes collecting, storing, using, sharing and deleting.',
        'As a creator you process personal information when you:',
        bullets(
          'run an email newsletter or a WhatsApp broadcast list;',
          'collect names, numbers or addresses for a giveaway or competition;',
          'sell merch or tickets and store delivery details;',
          'run a survey or a sign-up form for a workshop;',
          'keep a spreadsheet of brand contacts or collaborators.',
        ),
        "In POPIA's terms you are the responsible party: you decide why and how the information is processed. Your email service, form builder or online shop is an operator that processes it on your behalf.",
        'POPIA sets eight conditions for lawful processing:',
        bullets(
          'Accountability: you are responsible for compliance.',
          'Processing limitation: collect only what you need, lawfully, with consent or another lawful basis.',
          'Purpose specification: collect for a specific, stated purpose and keep it only as long as needed.',
          'Further processing limitation: do not reuse it for an unrelated purpose.',
          'Information quality: keep it accurate.',
          'Openness: tell people who you are and what you will do with their information.',
          'Security safeguards: protect it.',
          'Data subject participation: people may ask to see, correct or delete their information.',
        ),
        'Every responsible party has an information officer; for a sole proprietor, that is you. The Regulator expects information officers to be registered on its online portal, so check its website for the current requirements. Serious contraventions can lead to administrative fines of up to R 10 million, and some offences carry criminal penalties.',
      ),
      resources: [INFORMATION_REGULATOR, GOV_POPIA],
    },
    {
      title: 'Consent and direct marketing under section 69',
      description: 'The rules for marketing by email, SMS and other electronic messages.',
      type: 'text',
      content: paragraphs(
        'Section 69 of POPIA governs direct marketing by electronic communication, such as email and SMS. Direct marketing means approaching people to promote or offer goods or services, including your own merch, courses and memberships, and sponsored offers.',
        'You may send electronic direct marketing only if:',
        bullets(
          'the person has given consent, or',
          'the person is your customer, you obtained their details in the context of selling them a product or service, you are marketing your own similar products or services, and you gave them a free, simple chance to opt out when you collected their details and in every message since.',
        ),
        'Rules on asking for consent:',
        bullets(
          'You may approach a person for consent only once, and only if they have not previously withheld it. The regulations prescribe a form for requesting consent.',
          'Consent must be voluntary, specific and informed: no pre-ticked boxes, and a clear description of what they will receive.',
        ),
        'Every direct-marketing message must identify you as the sender and include an address or other contact details where the person can ask you to stop, such as a working unsubscribe link.',
        'A practical set-up for a creator newsletter:',
        bullets(
          'A sign-up form with an unticked consent box, a plain description ("A monthly email with my new videos and occasional offers from me and my sponsors") and a link to your privacy notice.',
          'Double opt-in, so people confirm by email, and a record of when and how each person consented.',
          'Unsubscribes honoured promptly, and never re-adding people who left.',
          'No imported phone contacts, bought lists, or people who only emailed you about a brand deal.',
        ),
      ),
      resources: [GOV_POPIA],
    },
    {
      title: 'Security, breaches, retention and children',
      description:
        'Protect what you collect, respond properly to a breach, delete what you no longer need and take care with minors.',
      type: 'text',
      content: paragraphs(
        'POPIA requires reasonable technical and organisational measures to protect personal information. For a creator this usually means:',
        bullets(
          '2-Step Verification on your email service, form tools, online shop and cloud storage;',
          'giving team members access only to what they need;',
          'not leaving exports of your list in download folders or group chats;',
          'using reputable operators and having a written agreement with them (their standard data processing terms often cover this).',
        ),
        'Security compromises: if you have reasonable grounds to believe personal information has been accessed or acquired by an unauthorised person, for example because your mailing platform account was hijacked, you must notify the Information Regulator and the affected people as soon as reasonably possible. The notice must help people protect themselves, for example by warning them about phishing emails that appear to come from you. The Regulator provides a form for reporting compromises.',
        'Retention: keep personal information only as long as you need it for its purpose. Delete giveaway entries once the winner is confirmed and any dispute period has passed, and delete delivery addresses you no longer need.',
        'Cross-border transfers: most email and form tools store data outside South Africa. POPIA allows this in specific cases, for example where the recipient is bound by law, binding rules or an agreement that gives adequate protection, or where the person consents. Choose providers with clear data protection terms.',
        "Children: processing the personal information of children under 18 generally needs the consent of a competent person, such as a parent or guardian. If your audience includes teenagers, design giveaways and sign-ups so that minors cannot enter without a parent's consent, or exclude them.",
      ),
      resources: [INFORMATION_REGULATOR],
    },
    {
      title: 'Quiz: POPIA',
      description: 'Check your understanding of POPIA roles, section 69, breaches and children.',
      type: 'quiz',
      content: [
        {
          question: 'Under POPIA, who is the responsible party for your newsletter list?',
          options: [
            'The email service you use',
            'The Information Regulator',
            'You, because you decide why and how the information is processed',
            'Your subscribers',
          ],
          correctAnswer: 2,
          explanation:
            'The responsible party decides the purpose and means of processing. Your email service is an operator acting on your behalf.',
        },
        {
          question: 'Which newsletter sign-up best meets section 69?',
          options: [
            'A pre-ticked box at your merch checkout',
            'An unticked consent box with a clear description, double opt-in and an unsubscribe link in every email',
            'Adding everyone who ever commented on your videos',
            'Importing your phone contacts',
          ],
          correctAnswer: 1,
          explanation:
            'Consent must be voluntary, specific and informed, and every message must identify you and offer a way to opt out. Pre-ticked boxes and imported contacts fail that test.',
        },
        {
          question: 'Your mailing platform account is hijacked and your list is exported. What must you do?',
          options: [
            'Notify the Information Regulator and the affected subscribers as soon as reasonably possible',
            'Nothing, because email addresses are public',
            'Wait to see whether anyone complains',
            'Delete the account and say nothing',
          ],
          correctAnswer: 0,
          explanation:
            'A security compromise must be reported to the Regulator and the affected people as soon as reasonably possible, with enough information for them to protect themselves.',
        },
        {
          question:
            'How many times may you approach a person for consent to electronic direct marketing, if they have not previously withheld it?',
          options: ['As often as you like', 'Once a month', 'Three times', 'Once'],
          correctAnswer: 3,
          explanation:
            'Section 69 allows a single approach for consent, and only to someone who has not already withheld it.',
        },
        {
          question: 'A 15-year-old wants to enter your giveaway. What does POPIA generally require?',
          options: [
            'Nothing special',
            'Consent from a competent person, such as a parent or guardian',
            'A copy of their ID document',
          ],
          correctAnswer: 1,
          explanation:
            "Children's personal information generally needs the consent of a competent person. Collecting an ID copy would add more personal information, not less risk.",
        },
      ],
      resources: [],
    },
  ],
};

/** Beginner first, then intermediate, then advanced. */
export const PLATFORM_QUESTS: QuestDefinition[] = [
  youtubePartnerProgramme,
  secureYourAccounts,
  analyticsThatMatter,
  diversifyYourPlatforms,
  adsensePaymentsUsTax,
  popiaForCreators,
];
