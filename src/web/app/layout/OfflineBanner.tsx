/**
 * The offline strip above the status area: 'You are offline', how many changes wait on the device and
 * when they were last sent, 'A new version is available' with Reload, and Install where the browser
 * offers it. The service worker is registered here (vite-plugin-pwa, prompt mode).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCloudOff, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOnline } from '../../lib/offline/online.ts';
import { startQueue, useQueueState } from '../../lib/offline/queue.ts';
import { keepLoadedScripts } from '../../lib/offline/app-worker.ts';

/** How often an open tab asks whether a new version was published. */
const UPDATE_CHECK_MS = 60 * 60_000;

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
}

function useInstallPrompt(): (() => void) | null {
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as InstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  return event
    ? () => {
        void event.prompt().finally(() => setEvent(null));
      }
    : null;
}

export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const queue = useQueueState();
  const install = useInstallPrompt();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      void navigator.serviceWorker.ready.then(() => keepLoadedScripts()).catch(() => {});
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
  });
  useEffect(() => {
    startQueue();
  }, []);
  // The waiting version takes over, then the page loads again under it (also on a page the worker did
  // not control when it loaded, where the library does not reload by itself).
  const applyUpdate = () => {
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };

  const time = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const waiting = queue.waiting > 0;
  if (online && !waiting && !needRefresh && !install && !queue.lastSent) return null;
  return (
    <div className="offline-banner" data-testid="offline-banner">
      {!online && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCloudOff size={20} aria-hidden />}
          role="status"
          data-testid="offline-notice"
          mb="xs"
        >
          <Text size="sm" fw={600}>
            {t('You are offline')}
          </Text>
          <Text size="sm">
            {t('Pages you have seen and courses kept on this device still open. Changes are sent when you are back online.')}
          </Text>
        </Alert>
      )}
      {(waiting || queue.lastSent) && (
        <Text
          size="sm"
          c="gray.7"
          mb="xs"
          role="status"
          data-testid="offline-queue"
          data-waiting={queue.waiting}
          data-sending={queue.sending}
        >
          {waiting
            ? t('{{count}} changes are waiting to be sent', { count: queue.waiting })
            : t('Every change made offline has been sent.')}
          {queue.lastSent ? ` ${t('Last sent: {{time}}', { time: time(queue.lastSent) })}` : ''}
        </Text>
      )}
      {needRefresh && (
        <Alert color="blue" variant="light" role="status" data-testid="update-available" mb="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('A new version is available')}</Text>
            <Button size="xs" leftSection={<IconRefresh size={16} aria-hidden />} onClick={applyUpdate} data-testid="update-reload">
              {t('Reload')}
            </Button>
          </Group>
        </Alert>
      )}
      {install && online && (
        <Group mb="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={install}
            data-testid="install-app"
          >
            {t('Install the app')}
          </Button>
        </Group>
      )}
    </div>
  );
}
