import { Component, type ComponentType, type ReactNode } from 'react';

interface PageErrorBoundaryProps {
  errorScreen: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

/**
 * Catches what fails while a page is drawn (a part of it fetched on demand whose file did not
 * arrive, or any other error) and draws `errorScreen` in its place, rather than React emptying
 * the whole document. Keyed by the page's path where it is used, so moving to another page
 * tries again.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, { error: unknown; hasError: boolean }> {
  override state = { error: undefined as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override render() {
    const { errorScreen: ErrorScreen, children } = this.props;
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : children;
  }
}
