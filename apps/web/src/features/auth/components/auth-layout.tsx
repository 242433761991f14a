import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in, sign-up, reset and verification pages: no sidebar, one card. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Box w="100%" maw={440}>
        <Stack gap="lg">
          <Text ta="center" fw={800} fz="xl" c="blue.8">
            Rackdesk
          </Text>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
