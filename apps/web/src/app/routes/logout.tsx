import { useEffect, useRef } from 'react';
import { useNavigate } from '../../lib/routing.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { paths } from '../../lib/paths.ts';

/** Ends the session, forgets the token and cached data, then goes to /login. */
export function LogoutRoute() {
  const { mutate } = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSettled: () => navigate(paths.login, { replace: true }) });
  }, [mutate, navigate]);

  return <PageLoader />;
}
