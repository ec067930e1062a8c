import { Link } from 'react-router';
import { BRAND_LINE, PRODUCT_NAME } from '../../shared/constants';
import { BrandMark } from '../components/brand-logo';
import { providerSentence, useProvider } from '../lib/provider-api';

const footerLinks = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy', label: 'Privacy Policy' },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  // Who lends (National Credit Act: docs/compliance.md); the line waits for the answer rather than guessing.
  const provider = useProvider().data;
  return (
    <footer data-site-footer className="mt-auto border-t border-border bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <BrandMark className="size-7 text-primary" />
          <div>
            <p className="font-semibold text-slate-900">{PRODUCT_NAME}</p>
            <p className="text-sm text-slate-600">{BRAND_LINE}</p>
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-sm text-slate-700 underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto grid max-w-6xl gap-1 px-4 py-4 text-xs text-slate-600 sm:px-6">
          {provider ? (
            <p data-testid="provider-registration">
              {providerSentence(provider)} {provider.address}.
            </p>
          ) : null}
          <p>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
