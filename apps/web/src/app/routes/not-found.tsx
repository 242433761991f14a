import { useDocumentTitle } from '@mantine/hooks';
import { NotFound } from '../../components/not-found.tsx';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found · Rackdesk');
  return <NotFound />;
}
