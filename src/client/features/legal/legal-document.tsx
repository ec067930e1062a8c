// Shared layout of the Terms and Privacy pages: a table of contents and numbered sections.
import { SUPPORT_EMAIL } from '../../../shared/constants';

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export function LegalDocument({
  title,
  intro,
  lastUpdated,
  sections,
}: {
  title: string;
  intro: string;
  lastUpdated: string;
  sections: ReadonlyArray<LegalSection>;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-slate-600">{intro}</p>
        <p className="mt-2 text-sm text-slate-600">Last updated: {lastUpdated}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Contents</h2>
          <ol className="mt-3 grid gap-2 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-slate-700 underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid gap-6">
          {sections.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 rounded-xl border border-border bg-white p-6 shadow-sm sm:p-8"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-4 grid gap-3 leading-relaxed text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
          <p className="text-sm text-slate-600">
            Questions? Contact us at{' '}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
