/**
 * Registration (spec 2 and 5), as a page and as an embeddable block: every field with its message on
 * change and on submit, the terms checkbox, and success to the configured destination or /.
 */
import { PRIVACY_PAGE } from '../../../domain/constants.ts';
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/types.ts';
import type { InfoReply } from '../../../domain/replies-learner.ts';
import { MSG } from '../../../domain/messages.ts';
import { COUNTRY_CODES, countryOptions } from '../../../domain/countries.ts';
import { api, ApiError } from '../../lib/api.ts';
import { fieldError } from '../../lib/forms.ts';
import { useSession, setSessionUser, refreshSession, peekAfter, setAfter } from '../../lib/session.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { safeLocalPath } from '../../lib/paths.ts';
import { tk } from '../../lib/tk.ts';
import { EMPTY_REGISTRATION, REGISTRATION_ORDER, validateAll, type RegistrationField, type RegistrationValues } from './registration.ts';
import type { RegistrationFormProps } from '../../lib/embeds.tsx';

type Props = RegistrationFormProps;

export default function RegistrationForm({ regpath, regsubid, classId, courseId, regcode, onRegistered }: Props) {
  const { t, i18n } = useTranslation();
  const { config, lang } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<RegistrationValues>({
    initialValues: EMPTY_REGISTRATION,
    // Each field says what is wrong as it is typed (the shared schema's rule for that field), all of them on submit.
    validateInputOnChange: true,
    validate: validateAll,
  });
  const values = form.getValues();
  const [formError, setFormError] = useState<string | null>(null);

  const set = (name: Exclude<RegistrationField, 'terms'>, value: string) => {
    form.setFieldValue(name, value);
    // A confirmation already filled in is checked again when what it confirms changes.
    if (name === 'email' && form.isTouched('confirmemail')) form.validateField('confirmemail');
    if (name === 'password' && form.isTouched('confirmpassword')) form.validateField('confirmpassword');
  };
  const touchAll = () => form.setTouched(Object.fromEntries(REGISTRATION_ORDER.map((k) => [k, true])));

  const register = useMutation({
    mutationFn: (v: RegistrationValues) =>
      api.post<InfoReply & { user?: User }>('/app_users/register', {
        ...v,
        terms: true,
        regpath: regpath ?? '',
        regsubid: regsubid ?? '',
        classId: classId ?? '',
        courseId: courseId ?? '',
        ...(regcode ? { regcode } : {}),
        lang,
      }),
    onMutate: () => setFormError(null),
    onSuccess: (r) => {
      if (r.info?.message) addStatus('success', r.info.message);
      const target =
        safeLocalPath(params.get('redirect')) ?? safeLocalPath(peekAfter()) ?? safeLocalPath(config?.registrationdestination) ?? '/';
      // The sign-in guard of /register follows the after-target, so both agree on where to go.
      setAfter(target);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'whoami' });
      navigate(target, { replace: true });
      if (r.user) setSessionUser(r.user);
      void refreshSession();
      onRegistered?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setFormError(error.message || MSG.formError);
        if (Object.keys(error.fields).length) form.setErrors({ ...form.errors, ...error.fields });
      } else {
        setFormError(MSG.formError);
      }
    },
  });

  const onSubmit = form.onSubmit(
    (v) => {
      touchAll();
      register.mutate(v);
    },
    (errors, _values, event) => {
      touchAll();
      setFormError(MSG.correctFields);
      const first = REGISTRATION_ORDER.find((k) => errors[k]);
      const formElement = event?.currentTarget;
      requestAnimationFrame(() => formElement?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
    },
  );

  const text = (name: Exclude<RegistrationField, 'terms'>, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      name={name}
      label={t(label)}
      value={values[name] as string}
      onChange={(e) => set(name, e.currentTarget.value)}
      error={fieldError(t, form.errors, name)}
      {...extra}
    />
  );
  const siteCountries = config?.countries ?? [];
  // Named in the reader's language and sorted in its order; stored as ISO codes.
  const countries = countryOptions(siteCountries.length ? siteCountries : COUNTRY_CODES, i18n.language);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="registration-form" aria-label={t('Registration')}>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="registration-error">
            {t(formError)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {text('firstname', tk('First Name'), { required: true, autoComplete: 'given-name' })}
          {text('lastname', tk('Last Name'), { required: true, autoComplete: 'family-name' })}
          {text('email', tk('Email'), { required: true, type: 'email', autoComplete: 'email', dir: 'ltr' })}
          {text('confirmemail', tk('Confirm Email'), { required: true, type: 'email', autoComplete: 'email', dir: 'ltr' })}
          {text('phone', tk('Phone'), { type: 'tel', autoComplete: 'tel', dir: 'ltr' })}
          {text('city', tk('City'), { required: true, autoComplete: 'address-level2' })}
          {text('state', tk('State or Province'), { autoComplete: 'address-level1', description: t(MSG.stateHint) })}
          <NativeSelect
            name="country"
            label={t('Country')}
            required
            data={[{ value: '', label: t('Choose your country') }, ...countries]}
            value={values.country}
            onChange={(e) => set('country', e.currentTarget.value)}
            error={fieldError(t, form.errors, 'country')}
            autoComplete="country"
          />
          <PasswordInput
            name="password"
            label={t('Password')}
            description={t(MSG.passwordHint)}
            required
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={fieldError(t, form.errors, 'password')}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          />
          <PasswordInput
            name="confirmpassword"
            label={t('Confirm Password')}
            required
            autoComplete="new-password"
            value={values.confirmpassword}
            onChange={(e) => set('confirmpassword', e.currentTarget.value)}
            error={fieldError(t, form.errors, 'confirmpassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          />
        </SimpleGrid>
        <Checkbox
          name="terms"
          label={t('I agree to the Terms of Use')}
          checked={values.terms}
          onChange={(e) => form.setFieldValue('terms', e.currentTarget.checked)}
          error={fieldError(t, form.errors, 'terms')}
        />
        <Text size="sm">
          <Anchor component={Link} to="/Terms_of_Use" target="_blank">
            {t('Read the Terms of Use')}
          </Anchor>
          {' · '}
          <Anchor component={Link} to={`/${PRIVACY_PAGE}`} target="_blank" data-testid="register-privacy-link">
            {t('Read the privacy notice')}
          </Anchor>
        </Text>
        <Group justify="space-between" wrap="wrap" mt="xs">
          <Text size="sm">
            {t('Already have an account?')}{' '}
            <Anchor component={Link} to="/Login">
              {t('Login')}
            </Anchor>
          </Text>
          <Button type="submit" loading={register.isPending} data-testid="register-submit">
            {t('Register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
