// /auth/callback: where the identity service sends the browser back after "Masuk dengan SSO".
// Exchanges the code (oidc-client-ts, PKCE), makes the tokens the session, opens the dashboard;
// a failure shows its spec §8 message and the way back to the sign-in page.

import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { DASHBOARD_PATH, LOGIN_PATH } from '@portal/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/http';
import { idSso } from '../i18n/sso';
import { signInWithSso } from './authStore';

export function SsoCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code can be exchanged once: StrictMode's second effect run must not try again.
    if (started.current) return;
    started.current = true;
    void (async () => {
      const sso = await import('./sso');
      try {
        const session = await sso.finishSsoLogin();
        await signInWithSso(session);
        navigate(DASHBOARD_PATH, { replace: true });
      } catch (failure) {
        // The portal refused the token's user (unknown or deactivated): the server's message.
        if (failure instanceof ApiError && failure.status === 401) setError(idSso.unknownUser);
        else setError(sso.ssoErrorMessage(failure));
      }
    })();
  }, [navigate]);

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      {error ? (
        <Stack maw={420} w="100%">
          <Alert role="alert" color="red" icon={<IconAlertCircle aria-hidden />} title={idSso.failedTitle}>
            {error}
          </Alert>
          <Anchor component={Link} to={LOGIN_PATH} replace>
            {idSso.backToLogin}
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center">
          <Loader aria-hidden />
          <Text>{idSso.finishing}</Text>
        </Stack>
      )}
    </Center>
  );
}
