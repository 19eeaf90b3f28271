import { PageLoadError } from './page-load-error';
import { AppProviders } from './providers';
import { router } from './router';
import { RouterProvider } from './routing';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} errorScreen={PageLoadError} />
    </AppProviders>
  );
}
