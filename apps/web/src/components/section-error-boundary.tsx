import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel.tsx';

interface SectionErrorBoundaryProps {
  /** The phrase under 'Something went wrong' naming what failed. */
  context: string;
  children: ReactNode;
}

interface SectionErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps a failure inside one section of a page (a tab, say): the section shows 'Something went
 * wrong' with its context phrase, a link to support and Try Again (which reloads the page), while
 * the rest of the page stays usable.
 */
export class SectionErrorBoundary extends Component<SectionErrorBoundaryProps, SectionErrorBoundaryState> {
  override state: SectionErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): SectionErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPanel context={this.props.context} /> : this.props.children;
  }
}
