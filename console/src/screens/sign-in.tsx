import { useEffect, useState } from 'preact/hooks';
import { finishCognitoSignIn, localSignIn, type Session, startCognitoSignIn } from '../auth/session';
import { ScreenTitle } from '../components';
import type { ConsoleConfig } from '../config';
import { t } from '../i18n';

/**
 * The sign-in screen: on the twin a clearly marked local form (dev issuer), in AWS one button to
 * Cognito's managed login.
 */
export function SignIn({ config, onSignedIn }: { config: ConsoleConfig; onSignedIn: (s: Session) => void }) {
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (config.signIn.kind === 'cognito')
    return (
      <main id="main" class="sign-in">
        <ScreenTitle>{t('signIn.title')}</ScreenTitle>
        <button
          type="button"
          class="primary"
          onClick={() => startCognitoSignIn(config).catch((e: Error) => setFailure(e.message))}
        >
          {t('signIn.cognito')}
        </button>
        {failure ? <p role="alert">{t('signIn.failed', { reason: failure })}</p> : null}
      </main>
    );
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setFailure(undefined);
    try {
      onSignedIn(
        await localSignIn(
          config,
          String(form.get('shop') ?? ''),
          form.get('access') === 'read' ? 'read' : 'all',
        ),
      );
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in local">
      <ScreenTitle>{t('signIn.localTitle')}</ScreenTitle>
      <p class="notice warn">{t('signIn.localNote')}</p>
      <form onSubmit={submit}>
        <div class="field">
          <label for="sign-in-shop">{t('signIn.shop')}</label>
          <input
            id="sign-in-shop"
            name="shop"
            required
            pattern="[A-Za-z0-9_\-]{1,64}"
            defaultValue={config.shop}
            autoComplete="off"
          />
        </div>
        <fieldset>
          <legend>{t('signIn.access')}</legend>
          <label class="check">
            <input type="radio" name="access" value="all" defaultChecked />
            <span>{t('signIn.all')}</span>
          </label>
          <label class="check">
            <input type="radio" name="access" value="read" />
            <span>{t('signIn.read')}</span>
          </label>
        </fieldset>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('signIn.working') : t('signIn.submit')}
        </button>
      </form>
      {failure ? (
        <p role="alert" class="notice error">
          {t('signIn.failed', { reason: failure })}
        </p>
      ) : null}
    </main>
  );
}

/** `/admin/callback`: Cognito sent the merchant back with a code. */
export function Callback({
  config,
  onSignedIn,
}: {
  config: ConsoleConfig;
  onSignedIn: (s: Session) => void;
}) {
  const [failure, setFailure] = useState<string | undefined>();
  // The code is traded once, on arrival.
  useEffect(() => {
    finishCognitoSignIn(config, location.search).then(onSignedIn, (e: Error) => setFailure(e.message));
  }, []);
  return (
    <main id="main" class="sign-in">
      <ScreenTitle>{t('signIn.title')}</ScreenTitle>
      {failure ? <p role="alert">{t('signIn.failed', { reason: failure })}</p> : <p>{t('signIn.working')}</p>}
    </main>
  );
}
