import { Button, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/**
 * Login and Register in place, for a visitor who must sign in to go on (portal spec §2: the
 * order wizard's step 3, with the toggles 'I don't have an account yet' and 'I already have an
 * account'). Signing in or up keeps the visitor on the page they are on.
 */
export function InlineAuthPanel() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="inline-auth-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="inline-auth-title">
          {mode === 'login' ? 'Login' : 'Register'}
        </Title>
        {mode === 'login' ? (
          <LoginForm
            footer={
              <Button variant="subtle" onClick={() => setMode('register')}>
                I don't have an account yet
              </Button>
            }
          />
        ) : (
          <RegisterForm
            stayAfterSignUp
            footer={
              <Button variant="subtle" onClick={() => setMode('login')}>
                I already have an account
              </Button>
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
