import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 shrink-0 text-red-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonVariants({ className: 'justify-self-start' })}>
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
