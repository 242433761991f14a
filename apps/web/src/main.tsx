import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { paths } from './lib/paths.ts';
import { AppRouter, navigate } from './lib/routing.tsx';
import { setSessionUser } from './lib/session-user.ts';

// A 401 on an authenticated call: the session is over; forget it (the query cache follows) and
// sign in again.
setUnauthorizedHandler(() => {
  setSessionUser(null);
  navigate(paths.login, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <AppRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </AppRouter>
  </StrictMode>,
);
