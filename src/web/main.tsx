// First: Mantine's global styles and those of the components others are built on.
import './mantine-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import './styles.css';
import { theme } from './app/theme.ts';
import { AppRoutes } from './app/router.tsx';
import { queryClient } from './lib/query.ts';
import { i18n } from './lib/i18n.ts';
import { startFirstScreen } from './app/first-screen.ts';
import { EmbedsProvider } from './lib/embeds.tsx';
import { embeds } from './app/embeds.ts';

// Rendered once whoami is known (at once when the page brought it), not a loading state first.
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <DirectionProvider>
            <MantineProvider theme={theme}>
              <BrowserRouter>
                <EmbedsProvider value={embeds}>
                  <AppRoutes />
                </EmbedsProvider>
              </BrowserRouter>
            </MantineProvider>
          </DirectionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
void startFirstScreen(window.location.pathname).then(render);
