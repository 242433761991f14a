import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';

// Darker shades than the defaults so that text, links and buttons keep a 4.5:1 contrast.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    // A spinner is named by its aria-label, which ARIA allows only on an element with a role: as a
    // status it is announced, and axe stops flagging the fallback shown while a lazy page loads.
    Loader: { defaultProps: { role: 'status' } },
  },
});

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors (the message and the invalid field's text): the default red-6 reads at 3.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Yellow notices (incomplete details, unverified e-mail): the default yellow-9 text on their
    // pale yellow reads at 2.7:1; dark text keeps the colour in the background.
    '--mantine-color-yellow-light-color': 'var(--mantine-color-dark-7)',
  },
  dark: {},
});

const LazyNotificationsHost = lazy(() =>
  import('./notifications-host.tsx').then((module) => ({ default: module.NotificationsHost })),
);

/** Mounts the toast container once the first toast is queued (the store keeps it until then). */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <LazyNotificationsHost />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DeferredNotifications />
      {children}
    </MantineProvider>
  );
}
