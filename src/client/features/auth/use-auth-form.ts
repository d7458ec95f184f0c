import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { UNDER_14_SIGN_UP_MESSAGE } from '../../../rpc/schemas/users-messages.ts';
import { trpc } from '../../shared/api/trpc.ts';
import { birthMonthInput } from '../../shared/forms/birth-month-input.tsx';
import {
  collectorFieldOf,
  type FieldOfRefusal,
  refusalsUnderFields,
} from '../../shared/forms/server-refusals.ts';
import { useFieldErrors } from '../../shared/forms/use-field-errors.ts';
import { takeReturnPath } from '../../shared/session/return-after-login.ts';
import { toastError } from '../../shared/ui/toast.ts';

export type AuthMode = 'login' | 'register';
type Field = 'birthMonth' | 'birthYear' | 'nickname' | 'password' | 'cap';
type Schemas = typeof import('../../../rpc/schemas/auth.ts');

/** zod is not part of the login screen's first download: the schemas come once the user starts. */
const importSchemas = () => import('../../../rpc/schemas/auth.ts');

const FALLBACK = 'Si è verificato un errore';
const OFFLINE_MESSAGE = 'Connessione assente: controlla la rete e riprova';

/** An under-14's sign-up is refused on the birth year, where the screen explains what to do instead. */
const registerFieldOf: FieldOfRefusal<Field> = (message, status) =>
  message === UNDER_14_SIGN_UP_MESSAGE ? 'birthYear' : collectorFieldOf(message, status);

/** Wrong credentials and too many tries are about the password; a deactivated account is not a field. */
const loginFieldOf: FieldOfRefusal<Field> = (_message, status) =>
  status === 401 || status === 429 ? 'password' : undefined;

/**
 * The login screen's one form in its two modes: what is typed, the errors under each field (the
 * procedures' own zod schemas, so the form and the server say the same), and the two calls.
 */
export function useAuthForm() {
  const [mode, setMode] = useState<AuthMode>('login');
  const [values, setValues] = useState<Record<Field, string>>({
    birthMonth: '',
    birthYear: '',
    nickname: '',
    password: '',
    cap: '',
  });
  // Picked below the CAP when it is shared or unknown (docs/cap-data.md); a new CAP forgets it.
  const [comune, setComune] = useState<string>();
  // The nickname as typed, before the field kept only letters and digits (its note says what changed).
  const [typedNickname, setTypedNickname] = useState('');
  const [schemas, setSchemas] = useState<Schemas>();
  const { errors, checkAll, checkField, showError, clearErrors } = useFieldErrors<Field>();
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  const loadSchemas = () =>
    importSchemas().then((loaded) => {
      setSchemas(loaded);
      return loaded;
    });
  // Ahead of a submit, which loads them again if this fails (no connection: it says so then).
  const prefetchSchemas = () => {
    if (!schemas) loadSchemas().catch(() => undefined);
  };
  const onSuccess = async () => {
    await utils.invalidate();
    const back = takeReturnPath();
    await (back === null ? navigate({ to: '/' }) : navigate({ href: back }));
  };
  const login = trpc.auth.login.useMutation({
    onSuccess,
    ...refusalsUnderFields(loginFieldOf, FALLBACK, showError),
  });
  const register = trpc.auth.register.useMutation({
    onSuccess,
    ...refusalsUnderFields(registerFieldOf, FALLBACK, showError),
  });
  const pending = login.isPending || register.isPending;

  // Login sends only nickname and password (spec); registration the birth month and year, the spec's
  // three fields and a picked comune.
  const inputOf = (typed: Record<Field, string>) =>
    mode === 'register'
      ? {
          ...birthMonthInput(typed),
          nickname: typed.nickname,
          password: typed.password,
          cap: typed.cap,
          ...(comune ? { comune } : {}),
        }
      : { nickname: typed.nickname, password: typed.password };
  const schemaOf = (loaded: Schemas) => (mode === 'register' ? loaded.registerInput : loaded.loginInput);

  const change = (field: Field, value: string) => {
    if (field === 'cap' && value !== values.cap) setComune(undefined);
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] !== undefined && schemas) checkField(schemaOf(schemas), inputOf(next), field);
  };

  // On a slow link the rules may still be on their way when a field is left: the check waits for them
  // (it was skipped, and a password too short said nothing until the submit).
  const leave = (field: Field) => {
    if (values[field] === '') return;
    const typed = inputOf(values);
    (schemas ? Promise.resolve(schemas) : loadSchemas()).then(
      (loaded) => checkField(schemaOf(loaded), typed, field),
      () => undefined,
    );
  };

  const pickComune = (picked: string | undefined) => {
    setComune(picked);
    // The server's 'scegli il tuo comune' under the CAP gives way to the CAP's own check.
    if (schemas) checkField(schemaOf(schemas), inputOf(values), 'cap');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const loaded = schemas ?? (await loadSchemas().catch(() => undefined));
    if (!loaded) return toastError(OFFLINE_MESSAGE);
    if (mode === 'login') {
      const input = checkAll(loaded.loginInput, inputOf(values));
      if (input) login.mutate(input);
    } else {
      const input = checkAll(loaded.registerInput, inputOf(values));
      if (input) register.mutate(input);
    }
  };

  const switchMode = () => {
    prefetchSchemas();
    setMode(mode === 'register' ? 'login' : 'register');
    clearErrors();
  };

  return {
    mode,
    values,
    comune,
    pickComune,
    typedNickname,
    setTypedNickname,
    errors,
    pending,
    change,
    leave,
    submit,
    switchMode,
    /** The first touch of a field fetches the schemas, so a submit does not wait for them. */
    prepare: prefetchSchemas,
  };
}
