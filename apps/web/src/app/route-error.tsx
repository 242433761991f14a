import { Container } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotFound } from '../components/not-found.tsx';

/** What a route shows when it throws or fails to load. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container component="main" size="sm" py="xl">
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorPanel />}
    </Container>
  );
}
