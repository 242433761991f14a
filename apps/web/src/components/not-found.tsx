import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '../lib/routing.tsx';
import { paths } from '../lib/paths.ts';

interface NotFoundProps {
  title?: string;
  description?: string;
}

/** The 404 page: anything the router does not know, or a resource that does not exist. */
export function NotFound({
  title = 'Page Not Found',
  description = 'The page you are looking for does not exist or has been moved.',
}: NotFoundProps) {
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.dashboard);
  };
  return (
    <Stack align="center" gap="md" py="xl" component="section" aria-labelledby="not-found-title">
      <Text fz={64} fw={800} c="dimmed" aria-hidden="true">
        404
      </Text>
      <Title order={1} id="not-found-title">
        {title}
      </Title>
      <Text c="dimmed" ta="center">
        {description}
      </Text>
      <Button onClick={goBack}>Go Back</Button>
    </Stack>
  );
}
