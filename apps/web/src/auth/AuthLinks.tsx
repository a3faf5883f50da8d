// Links under the login form (issue #6): forgot password and key login. The registration link
// (only when the server has registration open) is on the other auth screens: the login page
// itself makes no call before the user signs in.

import { Anchor, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getRegistrationInfo } from '../api/akun';
import { idAkun } from '../i18n/akun';
import { FORGOT_PATH, KEY_LOGIN_PATH, REGISTER_PATH } from './paths';

export { CHANGE_PASSWORD_PATH, FORGOT_PATH, KEY_LOGIN_PATH, REGISTER_PATH } from './paths';

export function AuthLinks() {
  return (
    <Group justify="space-between" gap="xs" mt="sm">
      <Anchor component={Link} to={FORGOT_PATH} size="sm">
        {idAkun.forgotLink}
      </Anchor>
      <Anchor component={Link} to={KEY_LOGIN_PATH} size="sm">
        {idAkun.keyLoginLink}
      </Anchor>
    </Group>
  );
}

/** "Daftar akun baru", shown only when the server has registration open. */
export function RegisterLink() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    getRegistrationInfo()
      .then((info) => setOpen(info.enabled))
      .catch(() => setOpen(false));
  }, []);
  if (!open) return null;
  return (
    <Anchor component={Link} to={REGISTER_PATH} size="sm">
      {idAkun.registerLink}
    </Anchor>
  );
}
