import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import './index.css';
import { App } from '@/app/app';
import { localeActivate } from '@/lib/i18n/catalogs';
import { initialLocale } from '@/lib/i18n/choice';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first paint waits for its language's frame catalogue (a few kB), never shows ids.
void localeActivate(initialLocale()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
