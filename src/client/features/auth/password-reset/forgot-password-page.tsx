import { Divider } from '@mantine/core';
import { useState } from 'react';
import { StrangerCard } from '../../../shared/ui/stranger-card.tsx';
import { PasswordResetDone } from './password-reset-done.tsx';
import { RequestLinkForm } from './request-link-form.tsx';
import { ResetCodeForm } from './reset-code-form.tsx';

/** /password-dimenticata: a link by e-mail, or the code an admin gave. */
export function ForgotPasswordPage() {
  const [done, setDone] = useState(false);
  return (
    <StrangerCard title="Password dimenticata?" backToLogin={!done}>
      {done ? (
        <PasswordResetDone />
      ) : (
        <>
          <RequestLinkForm />
          <Divider label="oppure" labelPosition="center" />
          <ResetCodeForm onDone={() => setDone(true)} />
        </>
      )}
    </StrangerCard>
  );
}
