import { Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from '../components/error-panel.tsx';

/** What a route shows when it throws or its code fails to load. */
export function RouteError() {
  return (
    <Container component="main" size="sm" py="xl">
      <ErrorPanel />
    </Container>
  );
}

interface RouteErrorBoundaryProps {
  /** The current path: moving to another page leaves the error behind. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  pathname: string;
  failed: boolean;
}

/** Catches what any page throws (a render error, a lazy chunk that fails to load). */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  // Once the path changes, the new page gets its chance.
  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): RouteErrorBoundaryState | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
