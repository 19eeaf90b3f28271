import { Component, type ComponentType, type ReactNode } from 'react';

interface PageErrorBoundaryProps {
  errorScreen: ComponentType<{ error: unknown }>;
  /** The page's path: moving to another page tries again. */
  path: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  path: string;
}

/**
 * Catches what fails while a page is drawn (a part of it fetched on demand whose file did not
 * arrive, or any other error) and draws `errorScreen` in its place, rather than React emptying
 * the whole document. It forgets the error when the path changes rather than being keyed by
 * it: a key would draw the shell around every page afresh on each move, closing its open menus.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: undefined, hasError: false, path: this.props.path };

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    return props.path === state.path ? null : { error: undefined, hasError: false, path: props.path };
  }

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { error, hasError: true };
  }

  override render() {
    const { errorScreen: ErrorScreen, children } = this.props;
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : children;
  }
}
