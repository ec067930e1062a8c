// Creative quests: niche, publishing system, storytelling, community, brand deals and copyright.
import type { QuestDefinition } from '../../../../shared/quests';
import {
  ARB,
  CIPC,
  GOV_PUBLIC_HOLIDAYS,
  INFORMATION_REGULATOR,
  SAMRO,
  SARS_FILING_SEASON,
  TIKTOK_CREATOR_ACADEMY,
  YOUTUBE_AUDIO_LIBRARY,
  YOUTUBE_COMMUNITY_GUIDELINES,
  YOUTUBE_COPYRIGHT,
  YOUTUBE_CREATORS,
  YOUTUBE_CTR,
  YOUTUBE_PAID_PROMOTION,
  YOUTUBE_RETENTION,
  YOUTUBE_SPAM_POLICY,
} from './resources';
import { bullets, paragraphs } from './text';

const findYourNiche: QuestDefinition = {
  slug: 'find-your-niche',
  title: 'Find your niche and content pillars',
  description:
    'Decide who you make content for, the problem you solve for them and the three to five content pillars you can publish on every week.',
  category: 'creative',
  difficulty: 'beginner',
  xpReward: 60,
  prerequisites: [],
  steps: [
    {
      title: 'Why a clear niche pays',
      description:
        'How a defined audience helps the algorithm, your viewers and the brands that might pay you.',
      type: 'text',
      content: paragraphs(
        'A niche is not a topic. It is a specific group of people, a need they have, and the angle only you bring. "Food" is a topic. "Budget weeknight meals for students in res, under R 50 a serving" is a niche.',
        'Why it matters for a South African creator:',
        bullets(
          'Recommendation systems on YouTube, TikTok and Instagram learn who responds to your videos. When each upload appeals to the same kind of viewer, the platform finds more of them, faster.',
          'Viewers subscribe when they can predict what they will get next. A channel that jumps from gaming to skincare to politics gives them no reason to come back.',
          'Brands buy audiences, not follower counts. A Durban running coach with 8,000 engaged local followers can be worth more to a sports retailer than a general entertainment page with 80,000.',
          'A narrow start is not a life sentence. Most large channels widened their scope only after they owned a first niche.',
        ),
        'A useful formula: I help [specific audience] with [specific problem or desire] through [your format and angle]. For example: "I help first-time Joburg renters furnish a flat on a R 10 000 budget through weekly thrift and Marketplace hauls."',
        'Write three versions of that sentence before you move on. Choose the one where you have the most ideas, the most credibility and the clearest picture of the person you are talking to.',
      ),
      resources: [YOUTUBE_CREATORS],
    },
    {
      title: 'Define three to five content pillars',
      description: 'Turn your niche into repeatable themes so you never start from a blank page.',
      type: 'text',
      content: paragraphs(
        'Content pillars are the three to five recurring themes your channel returns to. They keep you inside your niche while giving you enough variety to stay interested.',
        'Example for a Cape Town creator whose niche is personal finance for people in their twenties:',
        bullets(
          'Money basics: budgeting on a first salary, how a tax-free savings account works, what a debit order really costs.',
          'Earning more: side hustles that work in South Africa, negotiating a raise, freelancing.',
          'Money news explained: what the Budget speech or a repo rate change means for a car or home loan.',
          'Real stories: interviews with viewers about paying off debt.',
        ),
        'Test each pillar with three questions:',
        bullets(
          'Can I list at least 20 video ideas for it today?',
          'Does it serve the same audience as my other pillars?',
          'Is there proof people want it: comments, search suggestions, questions in WhatsApp groups, Google Trends for South Africa?',
        ),
        'Balance your calendar across pillars. Most creators spend most uploads on the one or two pillars that perform best and use the others for variety. Review the balance every quarter with your analytics, not gut feel.',
        'Language is a pillar decision too. Content in isiZulu, isiXhosa, Afrikaans, Sesotho or a mix of languages can face less competition than English content and build a loyal audience. Keep the choice consistent so viewers know what to expect.',
      ),
      resources: [],
    },
    {
      title: 'Run a 30-day niche test',
      description: 'Publish, measure and decide with evidence instead of guessing.',
      type: 'text',
      content: paragraphs(
        'You cannot know whether a niche works until you publish. Run a short, structured test:',
        bullets(
          'Commit to a realistic volume, for example 8 short videos and 2 long videos over 30 days, spread across your pillars.',
          'Keep the audience constant and vary only the pillar, so you learn which theme works.',
          'Record for each piece: views after 7 days, average percentage viewed, shares, saves, comments that ask follow-up questions, and new followers.',
        ),
        'Read the results honestly. Strong signals are comments asking for more, shares and saves (people found it useful enough to keep or pass on), and a steady rise in returning viewers. A weak signal is one lucky video with no follow-on interest.',
        'After 30 days, keep the best pillars, drop or rework the weakest, and rewrite your niche sentence if the audience that showed up differs from the one you expected. That is common and usually good news: the audience is telling you what they value from you.',
      ),
      resources: [TIKTOK_CREATOR_ACADEMY],
    },
    {
      title: 'Quiz: niche and pillars',
      description: 'Check that you can tell a niche from a topic and judge whether a pillar works.',
      type: 'quiz',
      content: [
        {
          question: 'Which of these is a niche rather than a topic?',
          options: [
            'Cooking',
            'South African food',
            'Budget weeknight meals for students in res, under R 50 a serving',
            'Recipes and lifestyle',
          ],
          correctAnswer: 2,
          explanation:
            'A niche names a specific audience (students in residence), a need (cheap weeknight meals) and an angle (under R 50 a serving). The other options are topics that could suit almost anyone.',
        },
        {
          question: 'Why do brands often value a creator with a smaller, focused audience?',
          options: [
            'Brands pay for follower counts only',
            'A focused audience is easier to match to a product and usually responds better to relevant recommendations',
            'Platforms require brands to work with small creators',
          ],
          correctAnswer: 1,
          explanation:
            'Brands buy the attention of the right people. A focused, engaged audience that matches the product often delivers more sales than a larger general audience.',
        },
        {
          question: 'Which result is the best sign that a content pillar is working in your 30-day test?',
          options: [
            'Viewers share and save the videos and ask for more on the same theme',
            'One video got many views but nobody commented or followed',
            'It was the video you enjoyed filming most',
            'It used a trending sound',
          ],
          correctAnswer: 0,
          explanation:
            'Shares, saves and requests for more show lasting interest in the theme. A single spike without follow-on interest is luck, not a pillar.',
        },
        {
          question:
            'After your test, the audience that responded is different from the one you planned for. What should you do?',
          options: [
            'Delete the videos and start again with a new topic',
            'Ignore the data and keep to the original plan',
            'Buy followers who match your original audience',
            'Rewrite your niche sentence around the audience that responded, if you can serve them well',
          ],
          correctAnswer: 3,
          explanation:
            'The audience is telling you what they value from you. If you can serve them well, refine your niche around them; buying followers breaks platform rules and teaches the algorithm the wrong audience.',
        },
      ],
      resources: [],
    },
  ],
};

const contentCalendarSystem: QuestDefinition = {
  slug: 'content-calendar-system',
  title: 'Build a publishing system and content calendar',
  description:
    'Set a publishing cadence you can keep, a simple production pipeline and a calendar that follows the South African year.',
  category: 'creative',
  difficulty: 'beginner',
  xpReward: 80,
  prerequisites: ['find-your-niche'],
  steps: [
    {
      title: 'Choose a cadence you can sustain',
      description: 'Work out your real weekly capacity before you promise your audience a schedule.',
      type: 'text',
      content: paragraphs(
        'Consistency beats volume. A channel that publishes one solid video every week for a year usually outgrows one that posts daily for a month and then disappears.',
        'Work out your capacity honestly:',
        bullets(
          'List every task for one piece of content: research, scripting, filming, editing, thumbnail or cover, captions, posting and replying to comments.',
          'Time yourself on two or three pieces. Most creators underestimate editing by half.',
          'Subtract your other commitments: a job, studies, family and travel time.',
        ),
        'Example: a part-time creator in Pretoria has 10 hours a week. A 10-minute YouTube video takes about 7 hours from start to finish, and each short about 45 minutes. A sustainable cadence is one long video plus three or four shorts cut from it each week, not three long videos.',
        'Build a buffer of two or three finished pieces before you announce a schedule. The buffer protects you when you get sick, when a brand deadline lands or when power or connectivity problems cost you a day of editing. Back up project files to cloud storage or an external drive, so one failed laptop does not wipe out the buffer.',
      ),
      resources: [],
    },
    {
      title: 'Set up a simple production pipeline',
      description: 'Move every idea through the same stages so nothing gets lost and you can batch work.',
      type: 'text',
      content: paragraphs(
        'A pipeline is the list of stages every piece moves through. You can run it in a spreadsheet, a Trello or Notion board, or on paper; the tool matters less than using it every week.',
        'A pipeline that works for most solo creators:',
        bullets(
          'Ideas: a running list, fed by comments, DMs, search suggestions and your own questions.',
          'Planned: the idea has a title, a pillar, a target publishing date and, for sponsored work, the brand deadline.',
          'Scripted or outlined: the hook, the key points and the ending are written down.',
          'Filmed: raw footage is backed up in two places.',
          'Edited: final cut, captions and thumbnail or cover are done.',
          'Scheduled: uploaded with title, description and publishing time set.',
          'Reviewed: seven days after publishing you note the results.',
        ),
        'Batch similar tasks. Film three videos in one session while the light and set are ready, edit on another day, and write all titles and descriptions in one sitting. Batching saves set-up time and keeps your head in one kind of work at a time.',
        'Use scheduled publishing (YouTube Studio, Meta Business Suite for Facebook and Instagram, and TikTok where it is available to you), so your posting time does not depend on where you are that day.',
      ),
      resources: [],
    },
    {
      title: 'Plan around the South African calendar',
      description: 'Use paydays, public holidays, school terms and seasonal budgets to time your content.',
      type: 'text',
      content: paragraphs(
        'A content calendar is more than dates. It lines your ideas up with what your audience is thinking about at each point in the year.',
        'Dates and seasons that matter to many South African audiences:',
        bullets(
          'Paydays: many salaried people are paid around the 25th, so shopping, deals and budgeting content often does better around month-end, and belt-tightening content in the week before.',
          "Public holidays: Human Rights Day (21 March), Freedom Day (27 April), Youth Day (16 June), National Women's Day (9 August), Heritage Day (24 September) and the Day of Reconciliation (16 December), plus Easter and the year-end holidays. Heritage Day and Youth Day suit cultural and history content. Check gov.za for each year's official list.",
          'School and university calendars: back-to-school in January, exams mid-year and at year-end, and matric results in January.',
          "Tax season: SARS's filing season for individuals usually opens around July, a good time for money content.",
          'Retail peaks: Black Friday in late November and the festive season, when many brands spend a large part of their marketing budgets. Pitch ideas for this period by September or October.',
        ),
        'Build the calendar quarterly. Put the fixed dates in first, then your brand commitments, then fill the remaining slots from your pipeline across your pillars. Leave one open slot every two weeks for timely content, such as a news story, a trend or a question your audience keeps asking.',
      ),
      resources: [GOV_PUBLIC_HOLIDAYS, SARS_FILING_SEASON],
    },
    {
      title: 'Quiz: publishing system',
      description: 'Check your understanding of cadence, pipelines and calendar planning.',
      type: 'quiz',
      content: [
        {
          question:
            'A part-time creator has 10 hours a week, and a long video takes about 7 hours. Which plan is most sustainable?',
          options: [
            'Three long videos a week',
            'One long video a week with a few shorts cut from it',
            'A long video every day for a month, then a break',
            'No plan: post when inspired',
          ],
          correctAnswer: 1,
          explanation:
            'One long video plus shorts cut from it fits the 10 hours and can be kept up for months. Consistency over a long period beats bursts of volume.',
        },
        {
          question: 'Why build a buffer of finished pieces before you announce a schedule?',
          options: [
            'It protects the schedule when illness, brand deadlines or power and connectivity problems cost you time',
            'Platforms require a buffer before they show your videos',
            'It raises your RPM',
          ],
          correctAnswer: 0,
          explanation:
            'A buffer is insurance for your schedule. Platforms do not require it, and it has no direct effect on revenue per view, but it lets you keep your promise to the audience.',
        },
        {
          question: 'What is batching?',
          options: [
            'Posting the same file on every platform at once',
            'Uploading several videos in the same minute',
            'Doing similar tasks together, such as filming three videos in one session',
            'Deleting old videos in bulk',
          ],
          correctAnswer: 2,
          explanation:
            'Batching groups similar work, such as filming or writing titles, to save set-up time and mental switching.',
        },
        {
          question:
            'When should you usually pitch brand ideas for Black Friday and festive season campaigns?',
          options: [
            'In the first week of December',
            'On Black Friday itself',
            'Only in January, for the following year',
            'By September or October, before brands commit their budgets',
          ],
          correctAnswer: 3,
          explanation:
            'Brands plan their biggest retail campaigns months ahead. Pitching in September or October puts your idea in front of them while budgets are still being allocated.',
        },
      ],
      resources: [],
    },
  ],
};

const hooksThumbnailsStorytelling: QuestDefinition = {
  slug: 'hooks-thumbnails-storytelling',
  title: 'Hooks, storytelling and thumbnails',
  description:
    'Earn the click honestly with titles and thumbnails, keep viewers with a strong opening, and hold them with a simple story structure.',
  category: 'creative',
  difficulty: 'intermediate',
  xpReward: 150,
  prerequisites: ['content-calendar-system'],
  steps: [
    {
      title: 'Write hooks that keep the promise',
      description:
        'Use the first seconds to confirm that the viewer clicked the right video and to give them a reason to stay.',
      type: 'text',
      content: paragraphs(
        'Most viewers decide in the first few seconds whether to stay. The job of a hook is not to shock. It is to confirm that the video delivers what the title and thumbnail promised, and to open a question the viewer wants answered.',
        'Hook patterns that work on YouTube, TikTok and Reels:',
        bullets(
          'The result first: show the finished braai stand, the R 3 000 room makeover or the final score, then explain how you got there.',
          'The problem: "If your prepaid electricity runs out before month-end, this is for you."',
          'The stakes: "I have R 500 to feed four people for a week. Let\'s see if it works."',
          'The contrarian point: "Everyone tells you to do this first. For some people it is the wrong order."',
        ),
        'Rules of thumb:',
        bullets(
          'Start on the most interesting moment. Cut greetings, logo intros and "before we start" housekeeping.',
          'Say and show the promise at the same time. Many people watch with the sound off, so add on-screen text.',
          'Deliver something useful in the first 30 seconds, so the viewer trusts the rest.',
        ),
        "Check YouTube's audience retention report for every long video. A sharp drop in the first 30 seconds means the opening did not match the promise or took too long to get going. Rewrite the next hook before you change anything else.",
      ),
      resources: [YOUTUBE_RETENTION],
    },
    {
      title: 'Structure the story',
      description: 'A setup, tension and payoff structure keeps viewers watching to the end.',
      type: 'text',
      content: paragraphs(
        'Even a tutorial or a product review is stronger with a story shape. Use three parts:',
        bullets(
          'Setup: who this is about and what they want. "Thandi wants to move out of home on a R 14 000 salary."',
          "Tension: what stands in the way and what is at stake. A deposit, transport costs, a landlord who wants three months' payslips.",
          'Payoff: the answer, the result or the lesson, delivered clearly.',
        ),
        'Techniques that hold attention through the middle:',
        bullets(
          'Open loops: raise a question early and answer it later ("the third option surprised me; we will get there"). Always close the loop, or viewers feel cheated.',
          'Change something every 20 to 40 seconds in long videos: a new location, a graphic, a cutaway, a move from talking to doing.',
          'Use specific numbers and local detail. "The taxi fare from Soweto to Sandton" holds attention better than "transport costs".',
          'End when the value ends. A long goodbye loses viewers before they reach your next video.',
        ),
        'For shorts, compress the same structure into 20 to 60 seconds: the payoff or question in the first second, one beat of tension, and a payoff that can loop back to the start.',
      ),
      resources: [],
    },
    {
      title: 'Design thumbnails and titles that earn the click honestly',
      description: 'Make packaging that stands out on a phone screen without misleading viewers.',
      type: 'text',
      content: paragraphs(
        'On YouTube the title and thumbnail decide whether your video gets watched at all. Treat them as one package with one idea.',
        'Thumbnails:',
        bullets(
          'Design for a small phone screen first, and check the thumbnail at the size it appears in the mobile feed.',
          'One focal point: a face with a clear emotion, the product or the result. Three elements at most.',
          'High contrast and few words. If you use text, keep it to three or four words that add to the title rather than repeat it.',
          'A recognisable style (colours, fonts, framing), so returning viewers spot your videos.',
        ),
        'Titles:',
        bullets(
          'Lead with the benefit or the question, in words your audience would search for: "How to register for SARS eFiling in 10 minutes" beats "My tax journey".',
          'Be specific: numbers, places and outcomes.',
        ),
        "Honesty is not optional. Packaging that promises something the video does not deliver makes viewers leave early, which reduces how widely the video is recommended, and misleading metadata can breach YouTube's spam and deceptive practices policies.",
        "Measure with click-through rate (CTR). YouTube says half of all channels and videos have an impressions CTR between 2% and 10%, and CTR naturally falls as a video reaches wider audiences who know you less. Compare a video's CTR with your own channel's usual range and read it together with retention. Where YouTube Studio offers thumbnail testing, test two or three versions instead of guessing.",
      ),
      resources: [YOUTUBE_CTR, YOUTUBE_SPAM_POLICY],
    },
    {
      title: 'Quiz: hooks, story and packaging',
      description: 'Check that you can diagnose retention and packaging problems.',
      type: 'quiz',
      content: [
        {
          question:
            'Your retention graph shows a steep drop in the first 30 seconds. What is the most likely fix?',
          options: [
            'Make the video longer',
            'Rewrite the opening so it confirms the promise of the title and thumbnail quickly',
            'Add more tags',
            'Post at a different time',
          ],
          correctAnswer: 1,
          explanation:
            'An early drop usually means the opening was slow or did not match the promise. Fix the hook first; length, tags and timing do not solve a broken opening.',
        },
        {
          question: 'What is an open loop?',
          options: [
            'A question raised early in a video and answered later',
            'A video set to play on repeat',
            'A playlist with no end',
            'A comment nobody has replied to',
          ],
          correctAnswer: 0,
          explanation:
            'An open loop creates curiosity that keeps viewers watching. It must be closed later in the video, or viewers feel misled.',
        },
        {
          question: 'Which title is most likely to earn clicks from the right viewers?',
          options: [
            'My tax journey',
            'Watch this!!!',
            'Vlog 37',
            'How to register for SARS eFiling in 10 minutes',
          ],
          correctAnswer: 3,
          explanation:
            'It states a clear benefit, uses words people search for and sets a specific expectation that the video can meet.',
        },
        {
          question:
            'YouTube reports that half of all channels and videos have an impressions CTR in which range?',
          options: ['0.1% to 0.5%', '20% to 40%', '2% to 10%', '50% to 70%'],
          correctAnswer: 2,
          explanation:
            "According to YouTube Help, half of channels and videos fall between 2% and 10%. Compare with your own channel's range rather than chasing a universal target.",
        },
        {
          question: 'Why should a thumbnail never promise something the video does not deliver?',
          options: [
            'Thumbnails are not shown on mobile',
            'Viewers leave early, which limits recommendations, and misleading metadata can breach YouTube policy',
            'It automatically lowers your CPM',
            'YouTube only shows thumbnails to subscribers',
          ],
          correctAnswer: 1,
          explanation:
            "Misleading packaging may win a click but loses the viewer, and poor satisfaction signals reduce reach. Deceptive metadata can also breach YouTube's spam and deceptive practices policies.",
        },
      ],
      resources: [],
    },
  ],
};

const buildYourCommunity: QuestDefinition = {
  slug: 'build-your-community',
  title: 'Build a community, not just an audience',
  description:
    'Turn viewers into regulars through conversation and shared rituals, and start a direct line to them that no algorithm controls.',
  category: 'creative',
  difficulty: 'intermediate',
  xpReward: 120,
  prerequisites: ['find-your-niche'],
  steps: [
    {
      title: 'Audience versus community',
      description: 'Why a community is more valuable and more resilient than a follower count.',
      type: 'text',
      content: paragraphs(
        'An audience watches you. A community also talks to you and to each other. The difference shows in the numbers that matter: returning viewers, comments with real conversation, and people who buy your merch, join a membership or show up to a live stream.',
        'Why this matters financially:',
        bullets(
          'Community members buy. A membership, workshop or merch drop usually sells to your most engaged few percent, not to casual viewers.',
          'Community members stay. When a video is misunderstood or an algorithm changes, they keep showing up.',
          'Brands notice. Comment quality and the share of returning viewers tell a marketer more than total followers do.',
        ),
        'Start by identifying your regulars: people who comment on several videos, share your work and ask follow-up questions. Learn their names and reply to them personally. At small scale, this is the most effective growth tactic you have.',
      ),
      resources: [],
    },
    {
      title: 'Rituals that bring people back',
      description: 'Practical habits that turn comments into conversation.',
      type: 'text',
      content: paragraphs(
        'Communities form around repeated, shared moments. Pick two or three rituals you can keep up:',
        bullets(
          'Reply in the first hour after publishing. Early replies start conversations and show new viewers that you are present.',
          'Pin a comment with a question that invites answers, not just praise: "What was your first car, and what did it cost?"',
          'Feature your community: read comments on camera, answer viewer questions in a monthly Q&A, and share fan art or results with permission.',
          'Go live on a regular day and time. Even a 30-minute weekly live stream builds a habit.',
        ),
        "Give the community a place between uploads, such as a WhatsApp Channel or Community, a Discord server, a Telegram group or YouTube's community posts. Choose one you can actually moderate.",
        "Write short community rules (no hate speech, no harassment, no scams or spam, respect each other's privacy) and enforce them consistently. As you grow, appoint trusted regulars as moderators through the platform's roles and permissions. Never share your passwords with them.",
      ),
      resources: [YOUTUBE_COMMUNITY_GUIDELINES],
    },
    {
      title: 'Own a direct line to your people',
      description: 'Why an email or WhatsApp list matters, and how to start one lawfully.',
      type: 'text',
      content: paragraphs(
        'Platforms can change their rules or restrict an account overnight. A list of people who have agreed to hear from you directly, by email or WhatsApp, is the part of your community you control.',
        'How to start:',
        bullets(
          'Offer something specific in return for signing up: a budget template, a recipe pack, early access to tickets or a monthly behind-the-scenes note.',
          'Use a reputable email service with sign-up forms, unsubscribe links and double opt-in.',
          'Collect only what you need. An email address and a first name are usually enough. Do not ask for ID numbers or home addresses unless you are shipping something.',
        ),
        "In South Africa the Protection of Personal Information Act (POPIA) applies when you collect and use people's contact details. For electronic direct marketing, such as newsletters promoting your products or a sponsor's, you generally need the person's consent, and every message must say who you are and give an easy way to opt out. Do not import your phone contacts or a list someone sold or gave you. The POPIA quest covers these rules in detail.",
        'Send something useful on a regular rhythm, even once a month, so your list remembers who you are when you have something to offer.',
      ),
      resources: [INFORMATION_REGULATOR],
    },
    {
      title: 'Quiz: community',
      description: 'Check your understanding of community building and direct lists.',
      type: 'quiz',
      content: [
        {
          question: 'Which measure best shows that an audience is becoming a community?',
          options: [
            'Total follower count',
            'Total impressions',
            'A growing share of returning viewers and comments with real conversation',
            'The number of hashtags you use',
          ],
          correctAnswer: 2,
          explanation:
            'Returning viewers and genuine conversation show that people come back and engage, which is what a community is. Followers and impressions only measure reach.',
        },
        {
          question: 'A trusted regular offers to moderate your comments. How should you give them access?',
          options: [
            'Share your channel password on WhatsApp',
            "Add them through the platform's roles and permissions with the lowest role they need",
            'Give them your email login',
          ],
          correctAnswer: 1,
          explanation:
            'Platform roles let you give exactly the access needed and remove it at any time, without exposing your password or your recovery email.',
        },
        {
          question: 'Why build an email or WhatsApp list?',
          options: [
            'It is a direct line to your community that a platform or algorithm change cannot take away',
            'It is required to join the YouTube Partner Programme',
            'It replaces the need to publish content',
            'It lets you message anyone whose number you have',
          ],
          correctAnswer: 0,
          explanation:
            'A list of people who agreed to hear from you is an asset you control. It is not a YPP requirement, and POPIA means you may not message people who have not agreed.',
        },
        {
          question: 'Which sign-up practice fits POPIA best?',
          options: [
            'Adding every phone contact to your broadcast list',
            'Buying a list of emails from a marketing company',
            'Asking for ID numbers to verify fans',
            'Collecting only what you need, with consent and an opt-out in every message',
          ],
          correctAnswer: 3,
          explanation:
            'POPIA expects you to collect only what you need for a stated purpose, and electronic direct marketing generally needs consent and an opt-out in every message.',
        },
      ],
      resources: [],
    },
  ],
};

const brandDealsAndRates: QuestDefinition = {
  slug: 'brand-deals-and-rates',
  title: 'Brand deals: media kits, rates and contracts',
  description:
    'Present your audience in a media kit, price your work with a method you can defend, and sign deals that protect you and get you paid.',
  category: 'creative',
  difficulty: 'advanced',
  xpReward: 250,
  prerequisites: ['build-your-community'],
  steps: [
    {
      title: 'Build a media kit brands can use',
      description: "A one- or two-page document that answers a marketer's questions before they ask.",
      type: 'text',
      content: paragraphs(
        'A media kit is a short PDF or web page that tells a brand who you reach and what you offer. Marketers at South African brands and agencies see many of them, so make yours easy to scan.',
        'What to include:',
        bullets(
          'Who you are and your niche, in one or two sentences.',
          'Audience: where they live (the share in South Africa and in your top cities), age range and gender split, from your platform analytics. Brands that sell locally care a great deal about the South African share.',
          'Performance that predicts results: average views per video or post over the last 90 days, average watch time, engagement rate, and story or Reel reach. Followers alone say little.',
          'Past work: two or three brand collaborations with their results (views, clicks, sign-ups or a quote from the client).',
          'Packages: for example one dedicated YouTube video, a 60 to 90 second integration, a Reel plus three stories, or a TikTok series. Say exactly what each includes.',
          'Contact details and the date the figures were last updated.',
        ),
        'Update the numbers every quarter and keep screenshots of your analytics ready, because careful brands will ask for them. Never inflate figures: an agency that checks and finds a mismatch will not come back.',
      ),
      resources: [],
    },
    {
      title: 'Price your work with a method',
      description: 'Start from expected views, add production and rights, and know your walk-away number.',
      type: 'text',
      content: paragraphs(
        'Many creators either undercharge or quote a number they cannot explain. A method gives you a defensible starting point.',
        'A simple price build-up:',
        bullets(
          'Media value: expected views for the deliverable, divided by 1,000, multiplied by a rate per 1,000 views that suits your niche. Audiences with buying power (finance, tech, parenting, motoring) usually command higher rates than broad entertainment.',
          'Production: your time for concept, filming, editing and revisions, at an hourly rate that covers your costs and tax.',
          'Usage rights: if the brand wants to run your content as a paid ad or on its own channels, charge extra for each month of use.',
          'Exclusivity: if you may not work with competitors for a period, charge for the income you give up.',
        ),
        'Worked example with illustrative numbers (not a market rate): your Reels average 15,000 views. At R 120 per 1,000 views the media value is R 1 800. Add six hours of production at R 250 an hour (R 1 500), and the base price is R3,300, before any usage rights or exclusivity.',
        'Know your walk-away number before you negotiate. If a brand offers only product, decide whether the product is worth your time. Products received in return for content are a form of payment: they count as income at their value, so record them.',
        'If you are registered for VAT, quote prices excluding VAT and show the VAT separately on your invoice.',
      ),
      resources: [],
    },
    {
      title: 'Contracts, disclosure and getting paid',
      description:
        'What a good agreement covers, how to disclose paid content in South Africa and how to avoid chasing payments.',
      type: 'text',
      content: paragraphs(
        "Get every deal in writing, even as a short email both sides confirm. The Advertising Regulatory Board's Code of Advertising Practice (Appendix K, on social media and influencer marketing) expects marketers to have a written agreement with the influencers they pay.",
        'A good agreement covers:',
        bullets(
          'Deliverables: platforms, formats, number of posts, length and key messages.',
          'Approvals: how many rounds of changes are included and how quickly the brand must respond.',
          'Dates: when drafts are due and when content goes live.',
          "Ownership and usage: who may use the content, where and for how long. Under South Africa's Copyright Act, a person who commissions and pays for certain works, such as photographs and films, can own the copyright unless the contract says otherwise, so spell out ownership and licences.",
          'Exclusivity: which competitors, and for how long.',
          'Payment: the amount, whether VAT is included, the payment term (for example 30 days from invoice), a deposit for new clients, and a cancellation (kill) fee.',
        ),
        "Disclose every paid relationship. Appendix K requires a material connection with a brand (payment, free products, discounts or other value) to be disclosed clearly and immediately, using labels such as #AD, #Advertisement or #Sponsored. Also switch on each platform's paid-partnership or paid-promotion setting.",
        "Send a proper invoice on the day the content goes live: your name or business name, invoice number and date, the brand's details, what was delivered, the amount, your banking details and, if you are registered, your VAT number. Track unpaid invoices weekly and follow up politely on the due date.",
      ),
      resources: [ARB, YOUTUBE_PAID_PROMOTION],
    },
    {
      title: 'Quiz: brand deals',
      description: 'Check your understanding of media kits, pricing, contracts and disclosure.',
      type: 'quiz',
      content: [
        {
          question: 'Which figure in your media kit best predicts what a brand will get from one post?',
          options: [
            'Total followers',
            'Average views per post over the last 90 days',
            'The number of posts you have ever made',
            'Your highest view count ever',
          ],
          correctAnswer: 1,
          explanation:
            'Recent average views show what a typical post delivers. Follower totals and one-off peaks overstate what a brand can expect.',
        },
        {
          question:
            'Your Reels average 20,000 views and you price media value at R 100 per 1,000 views. What is the media value before production and rights?',
          options: ['R 200', 'R 20 000', 'R 2 000', 'R 1 000'],
          correctAnswer: 2,
          explanation:
            '20,000 divided by 1,000 is 20, and 20 times R 100 is R 2 000. Production time, usage rights and exclusivity are then added on top.',
        },
        {
          question: "Under the ARB's Appendix K, which of these must be disclosed?",
          options: [
            'Only cash payments above R 10 000',
            'Only posts made on YouTube',
            'Nothing, if you genuinely like the product',
            'Any material connection with the brand, including free products or discounts received for the content',
          ],
          correctAnswer: 3,
          explanation:
            'Appendix K covers any material connection, not just cash. Liking the product does not remove the duty to disclose.',
        },
        {
          question:
            'A brand wants to run your video as a paid ad on its own pages for six months. What should you do?',
          options: [
            'Charge separately for usage rights for that period and put it in the contract',
            'Agree for free, because it is exposure',
            'Let them decide the terms later',
          ],
          correctAnswer: 0,
          explanation:
            'Paid usage extends the value the brand gets from your work, so price it for the period and record it in writing.',
        },
        {
          question: 'Why should a brand contract state who owns the content?',
          options: [
            'It is only a formality',
            'Under the Copyright Act, a person who commissions and pays for some works, such as photos and films, can own the copyright unless agreed otherwise',
            'Creators always own everything, whatever the contract says',
            'Ownership only matters for television adverts',
          ],
          correctAnswer: 1,
          explanation:
            'The Copyright Act gives commissioning parties ownership of certain commissioned works unless the contract says otherwise. Agree ownership and licences explicitly.',
        },
      ],
      resources: [],
    },
  ],
};

const protectYourWork: QuestDefinition = {
  slug: 'protect-your-work',
  title: 'Protect your work: copyright, music and your brand',
  description:
    "How copyright works under South Africa's Copyright Act, what fair dealing allows, how to license music and how to protect your channel name.",
  category: 'creative',
  difficulty: 'advanced',
  xpReward: 250,
  prerequisites: ['content-calendar-system'],
  steps: [
    {
      title: 'Copyright basics in South Africa',
      description: 'What the Copyright Act 98 of 1978 protects, who owns it and for how long.',
      type: 'text',
      content: paragraphs(
        "Copyright protects original works such as videos (cinematograph films, in the Act's language), music, sound recordings, photographs, artwork, scripts and written posts. In South Africa it is governed by the Copyright Act 98 of 1978.",
        'Key points:',
        bullets(
          'Protection is automatic. There is no registration for most works; copyright exists once an original work is written down, recorded or otherwise put into material form. (Films can optionally be registered under a separate Act, which most creators never need.)',
          'Ideas are not protected, only their expression. Someone may make a video on the same topic, but may not copy your footage, script or thumbnail artwork.',
          'The author is usually the first owner, with important exceptions. Work made by an employee in the course of employment generally belongs to the employer. A person who commissions and pays for a photograph, portrait, film or sound recording generally owns the copyright unless the contract says otherwise, which is why brand contracts must deal with ownership.',
          "Duration: for literary, musical and artistic works, generally the author's life plus 50 years; for films and sound recordings, generally 50 years from the end of the year they were first made available to the public.",
        ),
        'Keep evidence of your authorship: original project files, raw footage with its metadata, dated drafts and upload records. If someone copies your work, this is what proves it is yours.',
      ),
      resources: [YOUTUBE_COPYRIGHT],
    },
    {
      title: "Fair dealing: using other people's material",
      description: 'What South African law allows without permission, and why fair use is a different rule.',
      type: 'text',
      content: paragraphs(
        'Creators often hear about "fair use". That is a United States doctrine. South African law uses a narrower idea called fair dealing, set out mainly in section 12 of the Copyright Act.',
        'Fair dealing can allow limited use of a work without permission for purposes such as:',
        bullets(
          'research or private study, or your own personal and private use;',
          'criticism or review of that work or of another work;',
          'reporting current events in a newspaper, magazine or similar periodical, by broadcast, or in a film.',
        ),
        "For criticism, review and reporting, you are generally expected to mention the source and, if it appears on the work, the author's name. The use must also be fair: take only what you need to make your point, do not substitute for the original, and add your own analysis.",
        "What fair dealing does not cover: re-uploading a clip with a reaction that adds little, using a popular song as background music because you credited the artist, or reposting other people's TikToks. Credit is not permission.",
        'Two practical cautions:',
        bullets(
          "Platforms run their own systems. YouTube's Content ID and copyright takedown processes follow YouTube's policies and United States law, so you can receive a claim even where you believe your use is fair in South Africa. Dispute only where you have solid grounds.",
          'The law may change. A Copyright Amendment Bill that would add a broader fair use exception has been before Parliament and the courts for several years. Check its status before relying on anything beyond the current fair dealing rules.',
        ),
      ),
      resources: [],
    },
    {
      title: 'License music properly',
      description: 'Understand the rights in a song and where to find music you can actually use.',
      type: 'text',
      content: paragraphs(
        'A commercial song usually carries two separate copyrights: one in the musical work (the composition and lyrics, usually controlled by the songwriter and their publisher) and one in the sound recording (usually controlled by the record label or the independent artist). Putting a song in a video needs permission for both, often called a synchronisation licence and a master use licence.',
        'Who does what in South Africa:',
        bullets(
          'SAMRO administers performing rights for composers, authors and publishers, for example when music is broadcast or played in public.',
          'CAPASSO administers mechanical rights, the right to reproduce musical works.',
          'SAMPRA administers needletime rights for recording artists and record labels when sound recordings are broadcast or played in public.',
        ),
        'These bodies do not generally grant sync licences for your videos; those come from the publisher and the label. For most creators the practical routes are:',
        bullets(
          "YouTube's Audio Library, which provides music and sound effects for use in YouTube videos. Check each track's licence; some require attribution.",
          'Paid stock music libraries whose licences clearly cover your platforms and commercial use, including sponsored videos.',
          'Commissioning a local producer, with a written agreement on ownership or licence.',
          "Each platform's own music library, within its terms. Business accounts are often limited to commercially cleared music.",
        ),
        'If you are a musician, register your works with the relevant collecting societies so you are paid royalties, and use a distributor that can manage Content ID for your releases.',
      ),
      resources: [SAMRO, YOUTUBE_AUDIO_LIBRARY],
    },
    {
      title: 'Protect your brand and act on copying',
      description:
        "Register your name as a trade mark, keep records and use the platforms' tools when your work is copied.",
      type: 'text',
      content: paragraphs(
        'Copyright protects your videos; a trade mark protects the name and logo your audience recognises. In South Africa trade marks are registered with the Companies and Intellectual Property Commission (CIPC). Registration is not compulsory, but it gives you much stronger rights if someone trades on your channel name, especially on merchandise. Search the register before you invest in a name, and consider help from a trade mark practitioner to choose the right classes of goods and services.',
        'When someone copies your work:',
        bullets(
          'Collect evidence: links, screenshots, dates and your original files.',
          "Use the platform's copyright complaint process. On YouTube that is the copyright takedown webform; eligible channels also get the Copyright Match Tool, which finds re-uploads of their videos.",
          'Only file claims for work you own. False claims can cost you your own account privileges.',
          'For serious commercial infringement, such as a business using your video in its advertising, speak to an intellectual property attorney. A letter of demand often resolves it.',
        ),
        'Protect yourself from the other side too: keep a licence log of every track, image, font and clip you use, where it came from and what the licence allows. When a claim arrives, you can answer it in minutes.',
      ),
      resources: [CIPC],
    },
    {
      title: 'Quiz: copyright and licensing',
      description: 'Check your understanding of copyright, fair dealing, music rights and trade marks.',
      type: 'quiz',
      content: [
        {
          question:
            'Must you register a video with a government office for it to be protected by copyright in South Africa?',
          options: [
            'Yes, always with CIPC',
            'Yes, with SARS',
            'Only if it earns money',
            'No. Copyright exists automatically once an original work is put into material form',
          ],
          correctAnswer: 3,
          explanation:
            'Under the Copyright Act 98 of 1978, protection is automatic for original works in material form. Registration exists only for films, and it is optional.',
        },
        {
          question:
            'Which use is most likely to fall within fair dealing under section 12 of the Copyright Act?',
          options: [
            'Using a hit song as background music because you credited the artist',
            'Showing a short clip of a film in a genuine review, with the source acknowledged',
            'Re-uploading a full TikTok with a brief reaction',
            "Compiling other creators' videos into a countdown",
          ],
          correctAnswer: 1,
          explanation:
            'Criticism or review is a fair dealing purpose, provided the use is fair and the source is acknowledged. Credit alone does not make background music or re-uploads lawful.',
        },
        {
          question:
            'A brand commissions and pays you to shoot photographs, and the contract says nothing about ownership. Who is likely to own the copyright?',
          options: [
            'The brand, as the person who commissioned and paid for them',
            'You, in every case',
            'The platform where the photos are posted',
            'Nobody',
          ],
          correctAnswer: 0,
          explanation:
            'The Copyright Act generally makes the person who commissions and pays for photographs the owner, unless the parties agree otherwise. Put ownership in the contract.',
        },
        {
          question:
            'Which organisation administers needletime rights for recording artists and record labels in South Africa?',
          options: ['CIPC', 'SAMRO', 'SAMPRA', 'The Information Regulator'],
          correctAnswer: 2,
          explanation:
            'SAMPRA handles needletime for sound recordings. SAMRO handles performing rights for composers and publishers, and CIPC registers trade marks.',
        },
        {
          question: 'Where do you register a trade mark for your channel name in South Africa?',
          options: [
            'SARS',
            'The Companies and Intellectual Property Commission (CIPC)',
            'The National Credit Regulator',
            'YouTube',
          ],
          correctAnswer: 1,
          explanation:
            'CIPC keeps the trade marks register. A registered mark makes it much easier to stop others from trading on your name.',
        },
      ],
      resources: [],
    },
  ],
};

/** Beginner first, then intermediate, then advanced. */
export const CREATIVE_QUESTS: QuestDefinition[] = [
  findYourNiche,
  contentCalendarSystem,
  hooksThumbnailsStorytelling,
  buildYourCommunity,
  brandDealsAndRates,
  protectYourWork,
];
