import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

/** Sets the tab title ('Page - Vuka Capital') so each route is distinguishable in history and by screen readers. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
